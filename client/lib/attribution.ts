/**
 * First-touch attribution, kept in sessionStorage for the tab (no cookie, no third party):
 * the campaign tags, the referring site's host and the path of the first page of the visit.
 * Later pages in the same tab (the quiz, after a click from the landing page) keep it, and
 * each form sends it with the lead. Nothing here changes what the page shows.
 */
import { ATTRIBUTION_MAX, UTM_KEYS, cleanAttribution, type Attribution } from '../../src/shared/attribution';

const KEY = 'lead:first-touch';

/** Records the first touch of this tab's visit, once; later pages leave it as it is. */
export function captureFirstTouch(): void {
  try {
    if (sessionStorage.getItem(KEY) !== null) return;
    const params = new URLSearchParams(window.location.search);
    const touch: Record<string, string> = { landing_path: window.location.pathname };
    for (const key of UTM_KEYS) {
      const value = params.get(key);
      if (value) touch[key] = value.slice(0, ATTRIBUTION_MAX.utm);
    }
    if (document.referrer) {
      const from = new URL(document.referrer);
      if (from.host !== window.location.host) touch.referrer_host = from.hostname;
    }
    sessionStorage.setItem(KEY, JSON.stringify(cleanAttribution(touch) ?? {}));
  } catch {
    // Storage blocked (privacy settings): the lead is sent without attribution.
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
