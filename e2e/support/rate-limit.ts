import path from 'node:path';
import { experimental_readRawConfig } from 'wrangler';

/** wrangler.toml's submission limit (SUBMIT_LIMITER): `limit` submissions per `period` seconds per address. */
export function submitLimit(): { limit: number; period: number } {
  const { rawConfig } = experimental_readRawConfig({ config: path.resolve('wrangler.toml') });
  const simple = rawConfig.ratelimits?.find((r: { name: string }) => r.name === 'SUBMIT_LIMITER')?.simple;
  if (!simple) throw new Error('wrangler.toml has no SUBMIT_LIMITER rate limit');
  return simple;
}

// The same wait as the workerd tests' (one helper for both).
export { withinOneWindow } from '../../tests/support/shared';
