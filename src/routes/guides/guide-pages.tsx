import { Hono, type Context } from 'hono';
import { GuidePage, type GuideView } from '../../../client/pages/guide';
import { guideDelivery } from '../../words/guides/delivery';
import { TIME_ZONE } from '../../words/site';
import type { Env } from '../../env';
import { errorMessage, logEvent } from '../../log';
import { confirmGuide, readGuideLink, type LinkState } from '../../guides/confirm';
import { publishedGuide } from '../../guides/request';
import { GUIDE_CONFIRM_PATH, TOKEN_PARAM, guideSecret, linkExpiry, tokenFor } from '../../guides/token';
import { getGuideFile } from '../../store/guides/guide-files';
import { getGuideStore } from '../../store/guides/open';
import { VIEW_READ } from '../../../client/layout/view-read';
import { render, type Status } from '../page-render';

const copy = guideDelivery.pages;

const DAY = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE.name,
});

/** Every guide page and file: never indexed, and its address (which holds a token) never sent on as a Referer. */
const PRIVATE_HEADERS = { 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' };

const STATUS: Record<Exclude<LinkState['state'], 'ok'>, Status> = { expired: 410, invalid: 404, unavailable: 503 };

async function show(c: Context<{ Bindings: Env }>, page: GuideView, status: Status): Promise<Response> {
  const res = await render(
    c,
    <GuidePage year={new Date().getFullYear()} page={page} />,
    // Painted once its main has been read, as the quiz and the client's page are (issue 58).
    {
      title: `${copy.title} · ${copy.description}`,
      description: copy.description,
      path: '/guides',
      noindex: true,
      paintAfter: VIEW_READ,
    },
    status,
  );
  for (const [name, value] of Object.entries(PRIVATE_HEADERS)) res.headers.set(name, value);
  return res;
}

const refused = (c: Context<{ Bindings: Env }>, state: Exclude<LinkState['state'], 'ok'>) =>
  show(c, { view: state }, STATUS[state]);

/**
 * The guide links (issue 59). /guides/confirm?t=…: GET shows one button (mail scanners follow GETs, so opening the
 * link confirms nothing), POST confirms and shows the download (a second POST shows it again and sends nothing).
 * The POST takes no other input: the signed token is the whole authority, as on /unsubscribe. /guides/<token>:
 * the PDF itself, streamed from R2 (never a public R2 address), counted once per download.
 */
export const guidePages = new Hono<{ Bindings: Env }>();

guidePages.get(GUIDE_CONFIRM_PATH, async (c) => {
  const token = c.req.query(TOKEN_PARAM) ?? '';
  const link = await readGuideLink(c.env, 'confirm', token);
  if (link.state !== 'ok') return refused(c, link.state);
  const action = `${GUIDE_CONFIRM_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}`;
  return show(c, { view: 'confirm', title: link.request.guideTitle, action }, 200);
});

guidePages.post(GUIDE_CONFIRM_PATH, async (c) => {
  const link = await readGuideLink(c.env, 'confirm', c.req.query(TOKEN_PARAM) ?? '');
  const secret = guideSecret(c.env);
  if (link.state !== 'ok' || !secret) return refused(c, link.state === 'ok' ? 'unavailable' : link.state);
  let request;
  try {
    request = await confirmGuide(c.env, link.request);
  } catch (err) {
    logEvent('error', 'guide.confirmed', { id: link.request.id, outcome: 'failed', error: errorMessage(err) });
    return refused(c, 'unavailable');
  }
  const until = linkExpiry('download', request);
  const token = await tokenFor(secret, 'download', request);
  const page: GuideView = {
    view: 'ready',
    title: request.guideTitle,
    href: `/guides/${token}`,
    until: DAY.format(until),
  };
  return show(c, page, 200);
});

guidePages.get('/guides/:token', async (c) => {
  const link = await readGuideLink(c.env, 'download', c.req.param('token'));
  if (link.state !== 'ok') return refused(c, link.state);
  const { request } = link;
  const guide = await publishedGuide(c.env, request.guide);
  const file = guide?.file && (await getGuideFile(c.env.MEDIA, guide.file.sha256));
  if (!file) return show(c, { view: 'gone' }, 404);
  await getGuideStore(c.env).countDownload(request.id, new Date().toISOString());
  logEvent('info', 'guide.download', { id: request.id });
  return new Response(file.body, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename="${request.guide}.pdf"`,
      'Cache-Control': 'private, no-store',
      ...PRIVATE_HEADERS,
    },
  });
});
