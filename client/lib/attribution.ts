/**
 * First-touch attribution, kept in sessionStorage for the tab (no cookie, no third party):
 * the campaign tags, the referring site's host and the path of the first page of the visit.
 * Later pages in the same tab (the quiz, after a click from the landing page) keep it, and
 * each form sends it with the lead. Nothing here changes what the page shows.
 *
 * The page's inline script (client/boot.ts) records it as the page is left (a link followed, a form posted) and
 * puts it into every form's data as the form is sent: a form posted before the islands' code has arrived (a slow
 * phone) carries the tab's first touch too, not only the page the server rendered it on.
 */
import { cleanAttribution, firstTouchOf, type Attribution } from '../../src/shared/attribution';

const KEY = 'lead:first-touch';

/** Records the first touch of this tab's visit, once; later pages leave it as it is. */
function captureFirstTouch(): void {
  try {
    if (sessionStorage.getItem(KEY) !== null) return;
    const touch = firstTouchOf(new URL(window.location.href), document.referrer, [window.location.hostname]);
    sessionStorage.setItem(KEY, JSON.stringify(touch ?? {}));
  } catch {
    // Storage blocked (privacy settings): the lead is sent with what the server put in the form.
  }
}

/** The first touch of this tab's visit, or undefined when none was recorded. */
export function firstTouch(): Attribution | undefined {
  try {
    return cleanAttribution(sessionStorage.getItem(KEY) ?? '');
  } catch {
    return undefined;
  }
}

/**
 * From the page's inline script: records the first touch as the page is left, and gives each form's `attribution`
 * field the tab's first touch as the form's data is built, whether the browser posts the form or an island sends it
 * (the server cleans the value as it cleans any the browser sends). Nothing here runs while the page loads: the
 * first use of the tab's storage waits for the browser process (decision 036).
 */
export function keepFirstTouch(): void {
  addEventListener('pagehide', captureFirstTouch);
  addEventListener(
    'formdata',
    (event) => {
      if (!event.formData.has('attribution')) return;
      captureFirstTouch();
      const touch = firstTouch();
      if (touch) event.formData.set('attribution', JSON.stringify(touch));
    },
    true,
  );
}
