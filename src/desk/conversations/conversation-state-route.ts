import { Hono, type Context } from 'hono';
import { desk as deskCopy } from '../../words/desk';
import { findConversation, lastReceivedAt } from './conversation';
import { NoteForm, StatusForm, parse } from '../params';
import { readRequestBody } from '../../http/body';
import { ApiException } from '../../http/errors';
import { type StateChange } from '../../store/conversations/conversation-state';
import { getConversationStateStore } from '../../store/conversations/open';
import { leadPath, type DeskEnv } from '../page';

/**
 * What the owners set on a conversation, by its opaque id: "Done" (`POST /desk/conversations/:conversation/done`:
 * it needs no answer until the visitor writes again), and for a person no lead has, the follow-up status and note a
 * lead has (`…/status`, `…/note`). Each answers 303 back to the page (a lead's conversation: the lead's).
 */
export const conversationState = new Hono<DeskEnv>();

/** Applies the change to the conversation with this opaque id, and answers 303 back to its page. */
async function apply(c: Context<DeskEnv>, change: StateChange | 'done') {
  const id = c.req.param('conversation') ?? '';
  const message = await findConversation(c.env, id);
  if (!message) throw new ApiException(404, 'not_found', deskCopy.lead.notFound);
  // Done through the visitor's last message (by its own time): a message after it needs an answer again.
  const through = async () => (await lastReceivedAt(c.env, message.phone)) ?? message.at;
  const applied = change === 'done' ? { done: true as const, through: await through(), ...by(c) } : change;
  await getConversationStateStore(c.env).change(message.phone, applied);
  const lead = message.leads[0];
  return c.redirect(lead ? leadPath(lead.kind, lead.id) : `/desk/conversations/${id}`, 303);
}

const by = (c: Context<DeskEnv>) => ({ by: c.var.owner.email, at: new Date().toISOString() });

conversationState.post('/conversations/:conversation/done', async (c) => apply(c, 'done'));

conversationState.post('/conversations/:conversation/status', async (c) => {
  const { status } = parse(StatusForm, (await readRequestBody(c)).fields);
  return apply(c, { status, ...by(c) });
});

conversationState.post('/conversations/:conversation/note', async (c) => {
  const { note } = parse(NoteForm, (await readRequestBody(c)).fields);
  return apply(c, { note: note.trim(), ...by(c) });
});
