/**
 * First-touch attribution, kept in sessionStorage for the tab (no cookie, no third party):
 * the campaign tags, the referring site's host and the path of the first page of the visit.
 * Later pages in the same tab (the quiz, after a click from the landing page) keep it, and
 * each form sends it with the lead. Nothing here changes what the page shows.
 */
import { cleanAttribution, firstTouchOf, type Attribution } from '../../src/shared/attribution';

const KEY = 'lead:first-touch';

/** Records the first touch of this tab's visit, once; later pages leave it as it is. */
export function captureFirstTouch(): void {
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
