import type { Context } from 'hono';
import { DeskDocument, type DeskArea } from './document';
import { StoreDownPage } from './store-down';
import { deskStoreDown as copy } from './store-down-words';
import { assets } from '../assets';
import { errorBody, onError } from '../http/errors';
import { describeError, logEvent } from '../log';
import { isStoreUnreachable } from '../store/unreachable';
import { pageHtml } from '../routes/html';
import type { DeskEnv } from './page';

/** How long the page asks a browser or a monitor to wait before trying again, in seconds. */
const RETRY_AFTER = '300';

const AREAS: readonly DeskArea[] = [
  'inbox',
  'bookings',
  'people',
  'conversations',
  'replies',
  'links',
  'content',
  'numbers',
  'sources',
  'health',
];

/**
 * The desk's error handler: a store that cannot be reached answers 503 with a page in plain words (nothing of
 * the error on it; the error is logged), a JSON monitor 503 as JSON; any other error goes to the site's handler.
 */
export function deskError(err: Error, c: Context<DeskEnv>): Response | Promise<Response> {
  if (!isStoreUnreachable(err)) return onError(err, c);
  const url = new URL(c.req.url);
  logEvent('error', 'desk.store-unreachable', { method: c.req.method, path: url.pathname, error: describeError(err) });
  const headers = { 'Retry-After': RETRY_AFTER };
  if (url.pathname.endsWith('.json')) return c.json(errorBody('store_unreachable', copy.title), 503, headers);
  const read = c.req.method === 'GET' || c.req.method === 'HEAD';
  const area = url.pathname.split('/')[2] ?? '';
  const html = pageHtml(
    <DeskDocument
      title={copy.title}
      css={assets.deskCss}
      owner={c.var.owner?.email ?? ''}
      exportHref="/desk/export.csv"
      banners={[]}
      current={AREAS.find((a) => a === area) ?? 'inbox'}
    >
      <StoreDownPage posted={!read} {...(read && { again: `${url.pathname}${url.search}` })} />
    </DeskDocument>,
  );
  return c.html(html, 503, headers);
}
