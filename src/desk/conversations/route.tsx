import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { conversation as copy } from '../../words/conversations/conversation';
import { conversationDay } from '../../words/conversations/conversation-day';
import { desk as deskCopy } from '../../words/desk';
import { findConversation, lastReceivedAt } from './conversation';
import { latestConversations } from './conversation-list';
import { LeadParams, parse } from '../params';
import { ConversationsPage } from './conversation-list-view';
import { when } from '../format';
import { REPLY_AREA_ID, type ReplyNotice } from './reply-form';
import { readConfig, type Env } from '../../env';
import { readRequestBody } from '../../http/body';
import { ApiException } from '../../http/errors';
import { queueDeskReply, resendDeskReply, windowState } from '../../notify/conversations/desk-replies';
import { getConversationStateStore } from '../../store/conversations/open';
import { contactOf } from '../../store/leads/lead';
import { optOutOf } from '../../store/conversations/opt-outs';
import { getLeadStore } from '../../store/leads/open';
import { ANSWER_QUERY, conversationPath, leadsOf, renderStranger } from './conversation-parts';
import { renderLead } from '../leads/lead-route';
import { leadPath, renderDeskPage, type DeskEnv } from '../page';

/** An owner's answer: 1 to 1,000 characters, and the form's own id (a double tap sends once). */
export const ReplyForm = z.object({
  replyId: z.uuid('Reload the page and write the answer again.'),
  text: z
    .string()
    .trim()
    .refine((t) => t.length > 0, copy.reply.empty)
    .refine((t) => Array.from(t).length <= 1000, copy.reply.tooLong),
});

/** Which answer the owner sends again (an answer from the desk whose first send may not have gone out). */
export const ResendForm = z.object({ submissionId: z.string().regex(/^desk-reply:[0-9a-f-]{36}$/) });

/** The ledger's lead kind of an answer to a number no lead has. */
const UNMATCHED_KIND = 'conversation';

/** A message of the conversation with this opaque id, or the desk's 404 (an old wamid URL included). */
async function conversationOf(env: Env, id: string) {
  const message = await findConversation(env, id);
  if (!message) throw new ApiException(404, 'not_found', deskCopy.lead.notFound);
  return message;
}

/**
 * Why an answer to `phone` cannot be sent now, or null: the number opted out (until they write START), or
 * WhatsApp's 24-hour window since their last message is not open.
 */
async function refusal(env: Env, phone: string): Promise<string | null> {
  if (await optOutOf(env.DB, readConfig(env).privacy.erasureKey, phone)) return conversationDay.refusedOptedOut;
  const window = windowState(await lastReceivedAt(env, phone), new Date());
  if (!window) return copy.reply.refusedNever;
  if (!window.open) return copy.reply.refused(when(window.closesAt));
  return null;
}

/**
 * An answer form's post checked: the answer to queue, or why not, with what was typed (to show by the form, on
 * the page answered 400 or 409, nothing sent).
 */
async function checkAnswer(
  env: Env,
  phone: string,
  fields: Record<string, unknown>,
): Promise<z.infer<typeof ReplyForm> | { refused: ReplyNotice; status: 400 | 409 }> {
  const typed = typeof fields.text === 'string' ? fields.text : '';
  const form = ReplyForm.safeParse(fields);
  if (!form.success) {
    const text = form.error.issues[0]?.message ?? copy.reply.empty;
    return { refused: { kind: 'refused', text, typed }, status: 400 };
  }
  const why = await refusal(env, phone);
  return why ? { refused: { kind: 'refused', text: why, typed }, status: 409 } : form.data;
}

/** Where an answer's page is sent back once it was sent: "Sent" by the form, then its delivery. */
const sentTo = (page: string, replyId: string) => `${page}?${ANSWER_QUERY}=${replyId}#${REPLY_AREA_ID}`;

/**
 * The desk's conversations: the latest ones (`/desk/conversations`), one by its opaque id
 * (`/desk/conversations/:conversation`: a lead's opens its lead), an owner's answer to a lead
 * (`POST /desk/leads/:kind/:id/reply`) or to a number no lead has (`POST /desk/conversations/:conversation/reply`),
 * and an answer that may not have been sent, sent again (`POST /desk/conversations/:conversation/resend`). An
 * answer refused (opted out, window closed, empty) answers the page again with why by the form, 409 or 400.
 * Mounted inside the desk, behind its Access check, same-origin rule and no-store, noindex headers.
 */
export const conversations = new Hono<DeskEnv>();

conversations.get('/conversations', async (c) => {
  const summaries = await latestConversations(c.env, c.var.owner.email);
  const leads = await leadsOf(c.env, summaries);
  return renderDeskPage(
    c,
    copy.listTitle,
    'conversations',
    {},
    <ConversationsPage summaries={summaries} leads={leads} />,
  );
});

conversations.get('/conversations/:conversation', async (c) => {
  const id = c.req.param('conversation');
  const message = await conversationOf(c.env, id);
  const lead = message.leads[0];
  if (lead) return c.redirect(leadPath(lead.kind, lead.id), 303);
  return renderStranger(c, id, message);
});

// A number no lead has is answered on its own page, by the conversation's opaque id (never a number in a URL).
conversations.post('/conversations/:conversation/reply', async (c) => {
  const id = c.req.param('conversation');
  const fields = (await readRequestBody(c)).fields;
  const message = await conversationOf(c.env, id);
  // A lead's message is answered on the lead's page.
  const lead = message.leads[0];
  if (lead) return c.redirect(leadPath(lead.kind, lead.id), 303);
  const checked = await checkAnswer(c.env, message.phone, fields);
  if ('refused' in checked) return renderStranger(c, id, message, checked.refused, checked.status);
  const reply = { replyId: checked.replyId, leadKind: UNMATCHED_KIND, to: message.phone, text: checked.text };
  await queueDeskReply(c.env, { ...reply, by: c.var.owner.email });
  await markContacted(c, { phone: message.phone });
  return c.redirect(sentTo(conversationPath(id), checked.replyId), 303);
});

// An answer whose send timed out is never retried by itself: the owner sends it again, within the window.
conversations.post('/conversations/:conversation/resend', async (c) => {
  const id = c.req.param('conversation');
  const form = parse(ResendForm, (await readRequestBody(c)).fields);
  const message = await conversationOf(c.env, id);
  const why = await refusal(c.env, message.phone);
  if (why) throw new ApiException(409, 'window_closed', why);
  await resendDeskReply(c.env, form.submissionId, message.phone);
  const lead = message.leads[0];
  return c.redirect(lead ? leadPath(lead.kind, lead.id) : conversationPath(id), 303);
});

conversations.post('/leads/:kind/:id/reply', async (c) => {
  const { kind, id } = parse(LeadParams, c.req.param());
  const fields = (await readRequestBody(c)).fields;
  const lead = await getLeadStore(c.env).get(kind, id);
  if (!lead) throw new ApiException(404, 'not_found', deskCopy.lead.notFound);
  const phone = contactOf(lead).phone;
  if (!phone) throw new ApiException(409, 'no_phone', copy.reply.noPhone);
  const checked = await checkAnswer(c.env, phone, fields);
  if ('refused' in checked) return renderLead(c, lead, undefined, checked.status, checked.refused);
  await queueDeskReply(c.env, {
    replyId: checked.replyId,
    leadKind: kind,
    to: phone,
    text: checked.text,
    by: c.var.owner.email,
  });
  await markContacted(c, { lead: { kind, id, status: lead.desk.status } });
  return c.redirect(sentTo(leadPath(kind, id), checked.replyId), 303);
});

/**
 * An answer makes its lead (or a person no lead has) "contacted" when they were "new"; a later status (booked,
 * client, closed) is never moved back.
 */
async function markContacted(
  c: Context<DeskEnv>,
  who: { lead: { kind: LeadParams['kind']; id: string; status: string } } | { phone: string },
): Promise<void> {
  const change = { status: 'contacted' as const, by: c.var.owner.email, at: new Date().toISOString() };
  if ('lead' in who) {
    if (who.lead.status === 'new') await getLeadStore(c.env).update(who.lead.kind, who.lead.id, change);
    return;
  }
  const states = getConversationStateStore(c.env);
  const status = (await states.state(who.phone))?.status ?? 'new';
  if (status === 'new') await states.change(who.phone, change);
}
