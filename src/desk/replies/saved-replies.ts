import * as z from 'zod';
import { deskReplies as copy } from './words';
import { rowOf, rowsOf } from '../../store/d1-read';

// The owners' saved replies, in D1 whatever the lead store: they are the owners' own settings (a title and a
// text they wrote), not a visitor's personal data, so erasure, a person's copy and retention never touch them.

/** The most saved replies the desk keeps: a short list to choose from, not a library. */
export const MAX_SAVED_REPLIES = 50;

const chars = (t: string) => Array.from(t).length;

/** The add and edit forms: a title (1 to 60 characters) and a plain text (1 to 1,000), trimmed. */
export const SavedReplyForm = z.object({
  title: z
    .string(copy.errors.titleEmpty)
    .trim()
    .refine((t) => t.length > 0, copy.errors.titleEmpty)
    .refine((t) => chars(t) <= 60, copy.errors.titleTooLong),
  text: z
    .string(copy.errors.textEmpty)
    .trim()
    .refine((t) => t.length > 0, copy.errors.textEmpty)
    .refine((t) => chars(t) <= 1000, copy.errors.textTooLong),
});
export type SavedReplyForm = z.infer<typeof SavedReplyForm>;

/** A saved reply's id: a random UUID (never personal data, so it may sit in a URL). */
export const SavedReplyId = z.uuid();

export interface SavedReply {
  id: string;
  title: string;
  text: string;
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
}

interface Row {
  id: string;
  title: string;
  text: string;
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
}

const fromRow = (r: Row): SavedReply => ({
  id: r.id,
  title: r.title,
  text: r.text,
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

/** Every saved reply, by title. */
export async function savedReplies(db: D1Database): Promise<SavedReply[]> {
  return rowsOf(db.prepare('SELECT * FROM saved_replies ORDER BY title COLLATE NOCASE, created_at'), fromRow);
}

/** One saved reply, or null (removed, or an id that never was one). */
export async function savedReply(db: D1Database, id: string): Promise<SavedReply | null> {
  if (!SavedReplyId.safeParse(id).success) return null;
  return rowOf(db.prepare('SELECT * FROM saved_replies WHERE id = ?').bind(id), fromRow);
}

/** Adds a saved reply by an owner; null when the list is full (the count is checked in the same statement). */
export async function addSavedReply(db: D1Database, form: SavedReplyForm, by: string, now = new Date()) {
  const id = crypto.randomUUID();
  const at = now.toISOString();
  const { meta } = await db
    .prepare(
      `INSERT INTO saved_replies (id, title, text, created_by, created_at, updated_by, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?4, ?5 WHERE (SELECT COUNT(*) FROM saved_replies) < ?6`,
    )
    .bind(id, form.title, form.text, by, at, MAX_SAVED_REPLIES)
    .run();
  return meta.changes > 0 ? id : null;
}

/** Changes a saved reply's title and text, recording who and when; false when it no longer exists. */
export async function editSavedReply(db: D1Database, id: string, form: SavedReplyForm, by: string, now = new Date()) {
  const { meta } = await db
    .prepare('UPDATE saved_replies SET title = ?, text = ?, updated_by = ?, updated_at = ? WHERE id = ?')
    .bind(form.title, form.text, by, now.toISOString(), id)
    .run();
  return meta.changes > 0;
}

/** Removes a saved reply (removing one already gone changes nothing). */
export async function removeSavedReply(db: D1Database, id: string): Promise<void> {
  await db.prepare('DELETE FROM saved_replies WHERE id = ?').bind(id).run();
}
