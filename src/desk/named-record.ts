import type { Context } from 'hono';
import { ApiException } from '../http/errors';
import type { DeskEnv } from './page';

/**
 * The owners' setting (a saved reply, a tagged link) a URL's `:id` names, read from D1 by `read`, or the desk's
 * 404 saying `gone` (removed, or never one).
 */
export async function namedRecord<T>(
  c: Context<DeskEnv>,
  read: (db: D1Database, id: string) => Promise<T | null>,
  gone: string,
): Promise<T> {
  const record = await read(c.env.DB, c.req.param('id') ?? '');
  if (!record) throw new ApiException(404, 'not_found', gone);
  return record;
}
