import { Hono, type Context } from 'hono';
import { deskReplies as copy } from './words';
import {
  MAX_SAVED_REPLIES,
  SavedReplyForm,
  addSavedReply,
  editSavedReply,
  removeSavedReply,
  savedReplies,
  savedReply,
} from './saved-replies';
import { RepliesPage, type RefusedReply } from './replies';
import { readRequestBody } from '../../http/body';
import { ApiException } from '../../http/errors';
import { logEvent } from '../../log';
import { namedRecord } from '../named-record';
import { renderDeskPage, type DeskEnv } from '../page';

/**
 * The owners' saved replies (`/desk/replies`): added (`POST /desk/replies`), edited (`POST /desk/replies/:id`)
 * and removed (`POST /desk/replies/:id/delete`), each answering 303 back to the list. A refused form shows the
 * list again with what was typed and a message by the field, and changes nothing.
 */
export const replies = new Hono<DeskEnv>();

const page = async (c: Context<DeskEnv>, refused?: RefusedReply) =>
  renderDeskPage(
    c,
    copy.title,
    'replies',
    {},
    <RepliesPage replies={await savedReplies(c.env.DB)} {...(refused && { refused })} />,
    refused ? 400 : 200,
  );

/** The posted title and text, checked; a refusal (values and messages by the field) when they do not pass. */
async function readReply(c: Context<DeskEnv>, form: string) {
  const fields = (await readRequestBody(c)).fields;
  const values = { title: String(fields.title ?? ''), text: String(fields.text ?? '') };
  const parsed = SavedReplyForm.safeParse(fields);
  if (parsed.success) return { ok: true as const, reply: parsed.data };
  const errors: RefusedReply['errors'] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'title' || field === 'text') errors[field] ??= issue.message;
  }
  return { ok: false as const, refused: { form, values, errors } };
}

/** The saved reply a URL names, or the desk's 404 (removed, or never one). */
const existing = (c: Context<DeskEnv>) => namedRecord(c, savedReply, copy.errors.gone);

replies.get('/replies', (c) => page(c));

replies.post('/replies', async (c) => {
  const read = await readReply(c, 'add');
  if (!read.ok) return page(c, read.refused);
  const id = await addSavedReply(c.env.DB, read.reply, c.var.owner.email);
  if (!id) {
    const { title, text } = read.reply;
    return page(c, { form: 'add', values: { title, text }, errors: { form: copy.errors.full(MAX_SAVED_REPLIES) } });
  }
  logEvent('info', 'desk.action', { action: 'saved reply added' });
  return c.redirect('/desk/replies', 303);
});

replies.post('/replies/:id', async (c) => {
  const { id } = await existing(c);
  const read = await readReply(c, id);
  if (!read.ok) return page(c, read.refused);
  if (!(await editSavedReply(c.env.DB, id, read.reply, c.var.owner.email))) {
    throw new ApiException(404, 'not_found', copy.errors.gone);
  }
  logEvent('info', 'desk.action', { action: 'saved reply edited' });
  return c.redirect('/desk/replies', 303);
});

replies.post('/replies/:id/delete', async (c) => {
  const { id } = await existing(c);
  await removeSavedReply(c.env.DB, id);
  logEvent('info', 'desk.action', { action: 'saved reply removed' });
  return c.redirect('/desk/replies', 303);
});
