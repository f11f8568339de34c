import * as z from 'zod';
import { deskLinks as copy } from './words';
import { site } from '../../words/site';
import { rowOf, rowsOf } from '../../store/d1-read';
import { MAX_TAG, tagOf } from './link-tag';

// The owners' tagged links, in D1 whatever the lead store: a source, medium and campaign they chose for a page of
// the site. These are the owners' own settings (created_by is an owner's own email), not a visitor's personal
// data, so erasure, a person's copy and retention never touch them.

/** The most links the desk keeps: making one more lets the one made longest ago go (its URL keeps working). */
export const MAX_SHARE_LINKS = 100;

/** The pages a link may open: the home page, the quiz, and the home page's sections its header links to. */
export const LINK_PAGES = ['/', '/quiz', ...site.nav.map((item) => `/#${item.anchor}`)] as [string, ...string[]];

/** A page's name on the desk. */
export function pageName(page: string): string {
  if (page === '/') return copy.pages.home;
  if (page === '/quiz') return copy.pages.quiz;
  const section = site.nav.find((item) => `/#${item.anchor}` === page);
  return section ? copy.pages.section(section.label) : page;
}

/** The most an owner may type in a tag's field (the tag made of it is at most MAX_TAG). */
export const MAX_TYPED = 120;

/**
 * A UTM value made from the owner's words (tagOf): '' when not given. Refused, with a message by the field, when the
 * words leave nothing to make a tag of or make one longer than MAX_TAG.
 */
const tag = (required: boolean) =>
  z.string().transform((typed, ctx) => {
    const words = typed.trim();
    const made = tagOf(words.slice(0, MAX_TYPED));
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (words === '') return required ? refuse(copy.errors.sourceEmpty) : '';
    if (made === '') return refuse(required ? copy.errors.noTagSource : copy.errors.noTag);
    if (words.length > MAX_TYPED || made.length > MAX_TAG) return refuse(copy.errors.tagTooLong(made.length));
    return made;
  });

/** The form that makes a link: a source (required), a medium and a campaign (optional), and one of LINK_PAGES. */
export const ShareLinkForm = z.object({
  source: tag(true),
  medium: tag(false),
  campaign: tag(false),
  page: z.enum(LINK_PAGES, copy.errors.page),
});
export type ShareLinkForm = z.output<typeof ShareLinkForm>;
export type ShareLinkField = keyof ShareLinkForm;

/** A link's id: a random UUID (never personal data, so it may sit in a URL). */
const ShareLinkId = z.uuid();

export interface ShareLink extends ShareLinkForm {
  id: string;
  createdAt: string;
  createdBy: string;
  madeAt: string;
}

/**
 * The address to share: the site's canonical address, the page, then `utm_source`, `utm_medium` and
 * `utm_campaign` (those given) as the query, and the page's section after it.
 */
export function shareUrl(siteUrl: string, link: ShareLinkForm): string {
  const [path, section] = link.page.split('#');
  const query = new URLSearchParams({ utm_source: link.source });
  if (link.medium) query.set('utm_medium', link.medium);
  if (link.campaign) query.set('utm_campaign', link.campaign);
  return `${siteUrl}${path}?${query.toString()}${section ? `#${section}` : ''}`;
}

interface Row {
  id: string;
  source: string;
  medium: string;
  campaign: string;
  page: string;
  created_at: string;
  created_by: string;
  made_at: string;
}

const fromRow = (r: Row): ShareLink => ({
  id: r.id,
  source: r.source,
  medium: r.medium,
  campaign: r.campaign,
  page: r.page,
  createdAt: r.created_at,
  createdBy: r.created_by,
  madeAt: r.made_at,
});

/** The links kept, the newest made first. */
export async function shareLinks(db: D1Database): Promise<ShareLink[]> {
  const newest = db.prepare('SELECT * FROM share_links ORDER BY made_at DESC, rowid DESC LIMIT ?');
  return rowsOf(newest.bind(MAX_SHARE_LINKS), fromRow);
}

/** One link, or null (removed, or an id that never was one). */
export async function shareLink(db: D1Database, id: string): Promise<ShareLink | null> {
  if (!ShareLinkId.safeParse(id).success) return null;
  return rowOf(db.prepare('SELECT * FROM share_links WHERE id = ?').bind(id), fromRow);
}

/**
 * Makes a link by an owner and returns its id. The same source, medium, campaign and page made again is the same
 * row, moved to the top; past MAX_SHARE_LINKS the ones made longest ago go.
 */
export async function makeShareLink(db: D1Database, form: ShareLinkForm, by: string, now = new Date()) {
  const at = now.toISOString();
  const made = await db
    .prepare(
      `INSERT INTO share_links (id, source, medium, campaign, page, created_at, created_by, made_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?6)
       ON CONFLICT (source, medium, campaign, page) DO UPDATE SET made_at = excluded.made_at
       RETURNING id`,
    )
    .bind(crypto.randomUUID(), form.source, form.medium, form.campaign, form.page, at, by)
    .first<{ id: string }>();
  await db
    .prepare(
      `DELETE FROM share_links WHERE id NOT IN
         (SELECT id FROM share_links ORDER BY made_at DESC, rowid DESC LIMIT ?)`,
    )
    .bind(MAX_SHARE_LINKS)
    .run();
  return made!.id;
}

/** Removes a link from the list (removing one already gone changes nothing). */
export async function removeShareLink(db: D1Database, id: string): Promise<void> {
  await db.prepare('DELETE FROM share_links WHERE id = ?').bind(id).run();
}
