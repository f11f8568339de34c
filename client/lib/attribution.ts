/**
 * First-touch attribution, kept in sessionStorage for the tab (no cookie, no third party):
 * the campaign tags, the referring site's host and the path of the first page of the visit.
 * Later pages in the same tab (the quiz, after a click from the landing page) keep it, and
 * each form sends it with the lead. Nothing here changes what the page shows.
 *
 * The page's inline script (client/boot.ts) records it, when it starts the islands' code or as the page is left,
 * and puts it into every form's data as the form is sent: a form posted before the islands' code has arrived (a
 * slow phone) carries the tab's first touch too, not only the page the server rendered it on.
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
 * From the page's inline script: records the first touch once the page is under way (`start`, called as the
 * islands' code is started) or as it is left, and gives each form's `attribution` field the tab's first touch as
 * the form's data is built, whether the browser posts the form or an island sends it. The server cleans the value
 * as it cleans any the browser sends.
 */
export function keepFirstTouch(): { start: () => void } {
  let captured = false;
  const start = () => {
    if (captured) return;
    captured = true;
    captureFirstTouch();
  };
  addEventListener('pagehide', start);
  addEventListener(
    'formdata',
    (event) => {
      if (!event.formData.has('attribution')) return;
      start();
      const touch = firstTouch();
      if (touch) event.formData.set('attribution', JSON.stringify(touch));
    },
    true,
  );
  return { start };
}
