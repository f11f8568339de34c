/**
 * The owners' site content in storage: one draft, saved against the revision it was edited from (so two owners
 * cannot overwrite each other silently), and every published version, kept with who published it, when and what
 * changed. Publishing validates the draft, keeps the version in D1 and makes it live through KV
 * (published-content.ts); visitors' pages never read these tables.
 */
import { RETENTION } from '../../words/privacy';
import { errorMessage, logEvent } from '../../log';
import { changesBetween, readChanges, type ContentChange } from '../../shared/content-changes';
import { fieldProblems } from '../../shared/content-fields';
import { defaultContent } from '../../shared/default-content';
import { DraftContent, SiteContent, publicContent } from '../../shared/site-content';
import { contentChanges, draftTooLarge } from '../../words/site-content/content-changes';
import { putPublished } from './published-content';

/** The draft as saved. `json` may not be valid yet: publishing says which field is wrong. Revision 0: never saved. */
export interface Draft {
  json: unknown;
  revision: number;
  updatedBy: string;
  updatedAt: string;
}

export interface VersionSummary {
  id: number;
  publishedBy: string;
  publishedAt: string;
  changes: ContentChange[];
}

export interface Version extends VersionSummary {
  content: SiteContent;
}

export type SaveResult =
  | { ok: true; draft: Draft }
  /** The draft moved since `expectedRevision`: nothing was saved; the caller shows both. */
  | { ok: false; conflict: { current: Draft; yours: unknown } }
  | { ok: false; problems: { field: string; message: string }[] };

export type PublishResult =
  | { ok: true; version: VersionSummary }
  | { ok: false; problems: { field: string; message: string }[] }
  | { ok: false; notFound: true };

/** The most a saved draft may weigh (the schema's own limits keep a valid one far below this). */
export const MAX_DRAFT_BYTES = 256 * 1024;

export interface ContentStore {
  readDraft(): Promise<Draft>;
  saveDraft(json: unknown, expectedRevision: number, by: string): Promise<SaveResult>;
  publish(by: string): Promise<PublishResult>;
  versions(limit: number): Promise<VersionSummary[]>;
  version(id: number): Promise<Version | null>;
  republish(versionId: number, by: string): Promise<PublishResult>;
}

type DraftRow = { json: string; revision: number; updated_by: string; updated_at: string };
type VersionRow = { id: number; json?: string; published_by: string; published_at: string; changes: string };

const summary = (row: VersionRow): VersionSummary => ({
  id: row.id,
  publishedBy: row.published_by,
  publishedAt: row.published_at,
  changes: readChanges(JSON.parse(row.changes)),
});

/** The content store over D1 (draft and versions) and KV (what is live). */
export function contentStore(db: D1Database, kv: KVNamespace, now: () => Date = () => new Date()): ContentStore {
  async function readDraft(): Promise<Draft> {
    const row = await db
      .prepare('SELECT json, revision, updated_by, updated_at FROM content_draft WHERE id = 1')
      .first<DraftRow>();
    if (!row) return { json: defaultContent(), revision: 0, updatedBy: '', updatedAt: '' };
    return { json: JSON.parse(row.json), revision: row.revision, updatedBy: row.updated_by, updatedAt: row.updated_at };
  }

  async function saveDraft(json: unknown, expectedRevision: number, by: string): Promise<SaveResult> {
    const text = JSON.stringify(json);
    if (text === undefined || text.length > MAX_DRAFT_BYTES) {
      return { ok: false, problems: [{ field: '(content)', message: draftTooLarge }] };
    }
    const at = now().toISOString();
    const result =
      expectedRevision === 0
        ? await db
            .prepare(
              `INSERT INTO content_draft (id, json, revision, updated_by, updated_at) VALUES (1, ?, 1, ?, ?)
               ON CONFLICT(id) DO NOTHING`,
            )
            .bind(text, by, at)
            .run()
        : await db
            .prepare(
              `UPDATE content_draft SET json = ?, revision = revision + 1, updated_by = ?, updated_at = ?
               WHERE id = 1 AND revision = ?`,
            )
            .bind(text, by, at, expectedRevision)
            .run();
    if (result.meta.changes === 1) {
      return { ok: true, draft: { json, revision: expectedRevision + 1, updatedBy: by, updatedAt: at } };
    }
    return { ok: false, conflict: { current: await readDraft(), yours: json } };
  }

  async function latest(): Promise<Version | null> {
    const row = await db
      .prepare('SELECT id, json, published_by, published_at, changes FROM content_versions ORDER BY id DESC LIMIT 1')
      .first<VersionRow>();
    return row ? { ...summary(row), content: JSON.parse(row.json!) as SiteContent } : null;
  }

  /** Keeps `content` as a new version (its changes from the live one) and makes it live. */
  async function publishContent(content: SiteContent, by: string): Promise<PublishResult> {
    const previous = (await latest())?.content ?? defaultContent();
    const changes = changesBetween(previous, content);
    const at = now().toISOString();
    const row = await db
      .prepare(
        `INSERT INTO content_versions (json, published_by, published_at, changes) VALUES (?, ?, ?, ?)
         RETURNING id, published_by, published_at, changes`,
      )
      .bind(
        JSON.stringify(content),
        by,
        at,
        // Only each change's line: its words before and after are worked out again when read (versions()).
        JSON.stringify(changes.length > 0 ? changes.map((c) => c.line) : [contentChanges.none]),
      )
      .first<VersionRow>();
    const version = summary(row!);
    await putPublished(kv, { versionId: version.id, content });
    logEvent('info', 'content.published', { versionId: version.id, changes: changes.length });
    return { ok: true, version };
  }

  /** Publishes the draft without what it keeps privately (publicContent): no version and no KV entry holds it. */
  async function publish(by: string): Promise<PublishResult> {
    const parsed = DraftContent.safeParse((await readDraft()).json);
    if (!parsed.success) return { ok: false, problems: fieldProblems(parsed.error) };
    return publishContent(publicContent(parsed.data), by);
  }

  /**
   * The newest versions, each with its changes from the version before it in full (each edit's words before and
   * after), worked out as they are read: only the line of each change is kept with a version, so the words a
   * change removed stay only in the earlier version that holds them, and go when it is pruned.
   */
  async function versions(limit: number): Promise<VersionSummary[]> {
    const shown = Math.max(1, Math.min(limit, 200));
    const { results } = await db
      .prepare('SELECT id, json, published_by, published_at, changes FROM content_versions ORDER BY id DESC LIMIT ?')
      .bind(shown + 1)
      .all<VersionRow>();
    const contents = results.map((row) => SiteContent.safeParse(JSON.parse(row.json!)));
    return results.slice(0, shown).map((row, i) => {
      const [after, before] = [contents[i], contents[i + 1]];
      if (!after?.success || !before?.success) return summary(row);
      const changes = changesBetween(before.data, after.data);
      return { ...summary(row), changes: changes.length > 0 ? changes : [{ line: contentChanges.none }] };
    });
  }

  async function version(id: number): Promise<Version | null> {
    const row = await db
      .prepare('SELECT id, json, published_by, published_at, changes FROM content_versions WHERE id = ?')
      .bind(id)
      .first<VersionRow>();
    return row ? { ...summary(row), content: JSON.parse(row.json!) as SiteContent } : null;
  }

  /**
   * Publishes an earlier version again, as a new version, and makes it the draft too (so the next publish
   * starts from what is live, not from the edits that were rolled back). A testimonial the draft holds too (the
   * same name and quote) keeps the contact the draft keeps privately for it.
   */
  async function republish(versionId: number, by: string): Promise<PublishResult> {
    const earlier = await version(versionId);
    if (!earlier) return { ok: false, notFound: true };
    // A version kept under an older schema is checked again: what is live always passes today's.
    const parsed = SiteContent.safeParse(earlier.content);
    if (!parsed.success) return { ok: false, problems: fieldProblems(parsed.error) };
    const draft = await readDraft();
    const result = await publishContent(parsed.data, by);
    await saveDraft(withPrivateFrom(parsed.data, draft.json), draft.revision, by);
    return result;
  }

  return { readDraft, saveDraft, publish, versions, version, republish };
}

/** `content` with each testimonial's private contact taken from the same testimonial (name and quote) in `draft`. */
function withPrivateFrom(content: SiteContent, draft: unknown): DraftContent {
  const testimonials = DraftContent.shape.testimonials.safeParse(
    (draft as { testimonials?: unknown } | null)?.testimonials,
  );
  const kept = new Map(
    (testimonials.success ? testimonials.data : []).flatMap((t) =>
      t.contact ? [[`${t.name}\n${t.quote}`, t.contact]] : [],
    ),
  );
  return {
    ...content,
    testimonials: content.testimonials.map((t) => {
      const contact = kept.get(`${t.name}\n${t.quote}`);
      return contact ? { ...t, contact } : t;
    }),
  };
}

/**
 * Deletes the published versions replaced more than RETENTION.contentVersionDays ago (the privacy notice's
 * promise for a quote taken off the site); the live version, the newest, is never replaced and so always kept.
 */
export async function pruneContentVersions(db: D1Database, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - RETENTION.contentVersionDays * 86_400_000).toISOString();
  try {
    const { meta } = await db
      .prepare(
        `DELETE FROM content_versions WHERE EXISTS (
           SELECT 1 FROM content_versions AS later WHERE later.id > content_versions.id AND later.published_at < ?
         )`,
      )
      .bind(cutoff)
      .run();
    const removed = meta.changes ?? 0;
    if (removed > 0) logEvent('info', 'content.pruned', { removed, olderThanDays: RETENTION.contentVersionDays });
    return removed;
  } catch (err) {
    logEvent('error', 'content.pruned', { outcome: 'failed', error: errorMessage(err) });
    return 0;
  }
}
