/**
 * Test helpers for both the workerd tests and the Playwright journeys (Node): plain JavaScript and web APIs only.
 */

/** A valid Indian mobile number (E.164) no other test uses: per-number caps and stand-in failures stay one test's. */
export function uniqueMobile(prefix = '+9198'): string {
  return `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/**
 * The local rate limiter counts in windows aligned to the wall clock (one window is floor(now / period)):
 * a burst that straddles a boundary starts counting afresh halfway. This waits, when needed, for the next
 * window, so that `seconds` of work fit in the current one.
 */
export async function withinOneWindow(periodSeconds: number, seconds: number): Promise<void> {
  const period = periodSeconds * 1000;
  const left = period - (Date.now() % period);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** `bytes` random bytes as lower-case hex (a booking reference is 12). */
export const randomHex = (bytes: number): string =>
  [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
