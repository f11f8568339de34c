import { describeError, logEvent, type LogEvent } from '../log';

/** Refreshes in flight in this isolate, per KV namespace and lock key: concurrent requests share one. */
const inflight = new WeakMap<KVNamespace, Map<string, Promise<unknown>>>();
/** 60 s is KV's minimum TTL. */
const LOCK_TTL_S = 60;

/**
 * Runs `work` as the one refresh behind `lockKey`: callers in this isolate join the refresh already running, and
 * while another isolate holds the lock (a KV key) it is skipped (null). Never throws: a failure is logged as `failed`
 * (outcome "refresh failed") and resolves to null.
 */
export function singleRefresh<T>(
  kv: KVNamespace,
  lockKey: string,
  now: () => number,
  work: () => Promise<T>,
  failed: LogEvent,
): Promise<T | null> {
  const running = inflight.get(kv) ?? new Map<string, Promise<unknown>>();
  inflight.set(kv, running);
  const joined = running.get(lockKey) as Promise<T | null> | undefined;
  if (joined) return joined;
  const run = (async () => {
    if (await kv.get(lockKey)) return null;
    await kv.put(lockKey, String(now()), { expirationTtl: LOCK_TTL_S });
    try {
      return await work();
    } finally {
      await kv.delete(lockKey);
    }
  })()
    .catch((error: unknown) => {
      logEvent('error', failed, { outcome: 'refresh failed', error: describeError(error) });
      return null;
    })
    .finally(() => running.delete(lockKey));
  running.set(lockKey, run);
  return run;
}
