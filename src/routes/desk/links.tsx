import { Hono, type Context } from 'hono';
import { deskLinks as copy } from '../../content/desk-links';
import { qrSvg } from '../../desk/qr-code';
import {
  ShareLinkForm,
  makeShareLink,
  removeShareLink,
  shareLink,
  shareLinks,
  shareUrl,
  type ShareLinkField,
} from '../../desk/share-links';
import { LinksPage, type RefusedLink } from '../../desk/views/links';
import { readConfig } from '../../env';
import { readRequestBody } from '../../http/body';
import { logEvent } from '../../log';
import { namedRecord } from './named-record';
import { renderDeskPage, type DeskEnv } from './page';

/**
 * The owners' tagged links (`/desk/links`): made (`POST /desk/links`) and removed (`POST /desk/links/:id/delete`),
 * each answering 303 back to the list with a note; a link's QR code as SVG (`GET /desk/links/:id/qr.svg`,
 * `?download=1` to save it as a file). A refused form shows the page again with what was typed and a message by
 * the field, and stores nothing.
 */
export const links = new Hono<DeskEnv>();

const FIELDS: ShareLinkField[] = ['source', 'medium', 'campaign', 'page'];

/** A QR code is a document of its own: it loads nothing and runs nothing. */
const QR_CSP = "default-src 'none'; frame-ancestors 'none'";

const page = async (c: Context<DeskEnv>, refused?: RefusedLink) => {
  const site = readConfig(c.env).site.url;
  const listed = (await shareLinks(c.env.DB)).map((link) => ({ ...link, url: shareUrl(site, link) }));
  const note = c.req.query('made') !== undefined ? copy.made : c.req.query('removed') !== undefined && copy.removedNote;
  return renderDeskPage(
    c,
    copy.title,
    'links',
    {},
    <LinksPage links={listed} nonce={c.get('secureHeadersNonce') ?? ''} {...(refused && { refused })} />,
    refused ? 400 : 200,
    !refused && note ? [{ tone: 'info', text: note }] : [],
  );
};

/** The link a URL names, or the desk's 404 (removed, or never one). */
const existing = (c: Context<DeskEnv>) => namedRecord(c, shareLink, copy.errors.gone);

links.get('/links', (c) => page(c));

links.post('/links', async (c) => {
  const fields = (await readRequestBody(c)).fields;
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(fields[f] ?? '')]));
  const parsed = ShareLinkForm.safeParse(values);
  if (!parsed.success) {
    const errors: RefusedLink['errors'] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ShareLinkField;
      errors[field] ??= issue.message;
    }
    return page(c, { values, errors });
  }
  await makeShareLink(c.env.DB, parsed.data, c.var.owner.email);
  logEvent('info', 'desk.action', { action: 'share link made' });
  return c.redirect('/desk/links?made', 303);
});

links.get('/links/:id/qr.svg', async (c) => {
  const link = await existing(c);
  const svg = qrSvg(shareUrl(readConfig(c.env).site.url, link));
  c.header('Content-Type', 'image/svg+xml; charset=utf-8');
  c.header('Content-Security-Policy', QR_CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  if (c.req.query('download') === '1') {
    const name = ['qr', link.source, link.campaign].filter(Boolean).join('-');
    c.header('Content-Disposition', `attachment; filename="${name}.svg"`);
  } else {
    c.header('Content-Disposition', 'inline');
  }
  return c.body(svg);
});

links.post('/links/:id/delete', async (c) => {
  const { id } = await existing(c);
  await removeShareLink(c.env.DB, id);
  logEvent('info', 'desk.action', { action: 'share link removed' });
  return c.redirect('/desk/links?removed', 303);
});
