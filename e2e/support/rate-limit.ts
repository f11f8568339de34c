import path from 'node:path';
import { experimental_readRawConfig } from 'wrangler';

/** wrangler.toml's submission limit (SUBMIT_LIMITER): `limit` submissions per `period` seconds per address. */
export function submitLimit(): { limit: number; period: number } {
  const { rawConfig } = experimental_readRawConfig({ config: path.resolve('wrangler.toml') });
  const simple = rawConfig.ratelimits?.find((r: { name: string }) => r.name === 'SUBMIT_LIMITER')?.simple;
  if (!simple) throw new Error('wrangler.toml has no SUBMIT_LIMITER rate limit');
  return simple;
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
