import { describeError, logEvent } from '../log';
import { isStoreUnreachable } from '../store/unreachable';

/** One part of a desk page read from a store: its value, or that the store could not be reached. */
export type Part<T> = { ok: true; value: T } | { ok: false };

/**
 * Reads one part of a page on its own: a store that cannot be reached makes this part unreadable (logged), and the
 * rest of the page still renders; any other error is a bug and goes on up.
 */
export async function readPart<T>(part: string, read: () => Promise<T>, path = ''): Promise<Part<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (err) {
    if (!isStoreUnreachable(err)) throw err;
    logEvent('warn', 'desk.store-unreachable', { part, ...(path && { path }), error: describeError(err) });
    return { ok: false };
  }
}
