import { Hono, type Context } from 'hono';
import { UnsubscribePage, type UnsubscribeView } from '../../client/pages/unsubscribe';
import { unsubscribe as copy } from '../words/unsubscribe';
import { TIME_ZONE } from '../words/site';
import type { Env } from '../env';
import { TOKEN_PARAM, UNSUBSCRIBE_PATH } from '../newsletter/token';
import { readLink, unsubscribe, type LinkState } from '../newsletter/unsubscribe';
import { render, type Status } from './page-render';

const DAY = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE.name,
});

/** The page a link's state shows, and its status: a link that cannot be used says why and changes nothing. */
function pageFor(state: LinkState, token: string): { page: UnsubscribeView; status: Status } {
  switch (state.state) {
    case 'subscribed':
      return {
        page: { view: 'confirm', action: `${UNSUBSCRIBE_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}` },
        status: 200,
      };
    case 'unsubscribed':
      return { page: { view: 'done', when: DAY.format(new Date(state.at)) }, status: 200 };
    case 'invalid':
      return { page: { view: 'invalid' }, status: 400 };
    case 'stale':
      return { page: { view: 'stale' }, status: 404 };
    case 'unavailable':
      return { page: { view: 'unavailable' }, status: 503 };
  }
}

async function show(c: Context<{ Bindings: Env }>, state: LinkState, token: string): Promise<Response> {
  const { page, status } = pageFor(state, token);
  const res = await render(
    c,
    <UnsubscribePage year={new Date().getFullYear()} page={page} />,
    {
      title: `${copy.title} · ${copy.description}`,
      description: copy.description,
      path: UNSUBSCRIBE_PATH,
      noindex: true,
    },
    status,
  );
  // The address holds a subscriber's token: it is never indexed (and the site's Referrer-Policy gives another
  // site only the origin, never the address).
  res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  return res;
}

/**
 * /unsubscribe?t=…: GET shows where the link's subscription stands and, while it stands, one button; POST
 * unsubscribes at once. The POST takes no other input and is not held to the same-origin rule: mail providers
 * send RFC 8058 one-click unsubscribes (body `List-Unsubscribe=One-Click`) from their own servers, and the
 * signed token is the whole authority (docs/decisions/021-unsubscribe-and-newsletter-tool.md).
 */
export const unsubscribePages = new Hono<{ Bindings: Env }>();

unsubscribePages.get(UNSUBSCRIBE_PATH, async (c) => {
  const token = c.req.query(TOKEN_PARAM) ?? '';
  return show(c, await readLink(c.env, token), token);
});

unsubscribePages.post(UNSUBSCRIBE_PATH, async (c) => {
  const token = c.req.query(TOKEN_PARAM) ?? '';
  return show(c, await unsubscribe(c.env, token), token);
});
