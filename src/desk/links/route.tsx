import { Hono, type Context } from 'hono';
import { deskLinks as copy } from './words';
import { qrPng, qrSvg } from './qr-code';
import {
  ShareLinkForm,
  makeShareLink,
  removeShareLink,
  shareLink,
  shareLinks,
  shareUrl,
  type ShareLinkField,
} from './share-links';
import { LinksPage, type RefusedLink } from './links';
import { readConfig } from '../../env';
import { readRequestBody } from '../../http/body';
import { logEvent } from '../../log';
import { namedRecord } from '../named-record';
import { renderDeskPage, type DeskEnv } from '../page';

/**
 * The owners' tagged links (`/desk/links`): made (`POST /desk/links`) and removed (`POST /desk/links/:id/delete`),
 * each answering 303 back to the list with a note (naming the tags the owner's words were made into); a link's QR
 * code as SVG and as PNG (`GET /desk/links/:id/qr.svg`, `qr.png`, `?download=1` to save it as a file). A refused
 * form shows the page again with what was typed and a message by the field, and stores nothing.
 */
export const links = new Hono<DeskEnv>();

const FIELDS: ShareLinkField[] = ['source', 'medium', 'campaign', 'page'];
/** The fields whose words are made into a tag. */
const TAGS = ['source', 'medium', 'campaign'] as const;

/** A QR code is a document of its own: it loads nothing and runs nothing. */
const QR_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The note after a link was made: that it is ready, and the tags the owner's words were made into. */
async function madeNote(c: Context<DeskEnv>): Promise<string> {
  const made = c.req.query('made');
  const tidied = (c.req.query('tidied') ?? '').split(',');
  const link = made ? await shareLink(c.env.DB, made) : null;
  const saved = link ? TAGS.filter((f) => tidied.includes(f) && link[f]) : [];
  return [copy.made, ...saved.map((f) => copy.savedAs(copy.savedAsFields[f]!, link![f]))].join(' ');
}

const page = async (c: Context<DeskEnv>, refused?: RefusedLink) => {
  const site = readConfig(c.env).site.url;
  const listed = (await shareLinks(c.env.DB)).map((link) => ({ ...link, url: shareUrl(site, link) }));
  const note =
    c.req.query('made') !== undefined ? await madeNote(c) : c.req.query('removed') !== undefined && copy.removedNote;
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
  const id = await makeShareLink(c.env.DB, parsed.data, c.var.owner.email);
  logEvent('info', 'desk.action', { action: 'share link made' });
  const tidied = TAGS.filter((f) => parsed.data[f] !== values[f]!.trim());
  const query = new URLSearchParams({ made: id, ...(tidied.length > 0 && { tidied: tidied.join(',') }) });
  return c.redirect(`/desk/links?${query.toString()}`, 303);
});

/** A link's QR code as a file of its own: shown in the page, or downloaded when `?download=1`. */
function qrHeaders(c: Context<DeskEnv>, link: { source: string; campaign: string }, type: string, ext: string) {
  c.header('Content-Type', type);
  c.header('Content-Security-Policy', QR_CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  if (c.req.query('download') === '1') {
    const name = ['qr', link.source, link.campaign].filter(Boolean).join('-');
    c.header('Content-Disposition', `attachment; filename="${name}.${ext}"`);
  } else {
    c.header('Content-Disposition', 'inline');
  }
}

links.get('/links/:id/qr.svg', async (c) => {
  const link = await existing(c);
  const svg = qrSvg(shareUrl(readConfig(c.env).site.url, link));
  qrHeaders(c, link, 'image/svg+xml; charset=utf-8', 'svg');
  return c.body(svg);
});

links.get('/links/:id/qr.png', async (c) => {
  const link = await existing(c);
  const png = await qrPng(shareUrl(readConfig(c.env).site.url, link));
  qrHeaders(c, link, 'image/png', 'png');
  return c.body(png);
});

links.post('/links/:id/delete', async (c) => {
  const { id } = await existing(c);
  await removeShareLink(c.env.DB, id);
  logEvent('info', 'desk.action', { action: 'share link removed' });
  return c.redirect('/desk/links?removed', 303);
});
