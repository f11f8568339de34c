/**
 * The local rate limiter counts in windows aligned to the wall clock (one window is
 * floor(now / period)). A burst that straddles a boundary starts counting afresh halfway; this
 * waits, when needed, until `seconds` of work fit in the current window.
 */
export async function withinOneWindow(periodSeconds: number, seconds: number): Promise<void> {
  const period = periodSeconds * 1000;
  const left = period - (Date.now() % period);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
