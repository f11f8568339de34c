import { Hono, type Context } from 'hono';
import type { ReactNode } from 'react';
import * as z from 'zod';
import { conversation as copy } from '../../content/conversation';
import {
  findConversation,
  latestConversations,
  openConversation,
  unreadConversations,
  lastReceivedAt,
} from '../../desk/conversation';
import type { ConversationSummary } from '../../desk/conversation';
import { LeadParams, parse } from '../../desk/params';
import {
  ConversationSection,
  ConversationsPage,
  UnmatchedConversationPage,
  UnreadReplies,
} from '../../desk/views/conversation';
import { when } from '../../desk/views/format';
import type { Env } from '../../env';
import { readRequestBody } from '../../http/body';
import { ApiException } from '../../http/errors';
import { queueDeskReply, resendDeskReply, windowState } from '../../notify/desk-replies';
import { contactOf } from '../../store/lead';
import type { LeadRecord } from '../../store/listing';
import { getLeadStore } from '../../store/port';
import { desk as deskCopy } from '../../content/desk';
import { savedReplies } from '../../desk/saved-replies';
import type { SavedReplyChoice } from '../../desk/views/saved-reply-picker';
import { leadPath, renderDeskPage, type DeskEnv } from './page';
import { followUpBanners, leadFollowUp, strangerFollowUp } from './follow-ups';

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

/** A conversation's page, by its opaque id: never a number or a wamid (which embeds the number) in a URL. */
const conversationPath = (id: string) => `/desk/conversations/${id}`;
/** The ledger's lead kind of an answer to a number no lead has. */
const UNMATCHED_KIND = 'conversation';

/** A message of the conversation with this opaque id, or the desk's 404 (an old wamid URL included). */
async function conversationOf(env: Env, id: string) {
  const message = await findConversation(env, id);
  if (!message) throw new ApiException(404, 'not_found', deskCopy.lead.notFound);
  return message;
}

/**
 * Queues an owner's answer to a number, once per form, while WhatsApp's 24-hour window since their last message
 * is open; otherwise a 409 that says why, and nothing is sent.
 */
async function answer(
  c: Context<DeskEnv>,
  reply: { replyId: string; leadKind: string; to: string; text: string },
): Promise<void> {
  await requireOpenWindow(c.env, reply.to);
  await queueDeskReply(c.env, { ...reply, by: c.var.owner.email });
}

/** A 409 that says why unless WhatsApp's 24-hour window since the number's last message is open. */
async function requireOpenWindow(env: Env, phone: string): Promise<void> {
  const window = windowState(await lastReceivedAt(env, phone), new Date());
  if (!window) throw new ApiException(409, 'window_closed', copy.reply.refusedNever);
  if (!window.open) throw new ApiException(409, 'window_closed', copy.reply.refused(when(window.closesAt)));
}

/**
 * The desk's conversations: the latest ones (`/desk/conversations`), one by its opaque id
 * (`/desk/conversations/:conversation`: a lead's opens its lead), an owner's answer to a lead
 * (`POST /desk/leads/:kind/:id/reply`) or to a number no lead has (`POST /desk/conversations/:conversation/reply`),
 * and an answer that may not have been sent, sent again (`POST /desk/conversations/:conversation/resend`).
 * Mounted inside the desk, behind its Access check, same-origin rule and no-store, noindex headers.
 */
export const conversations = new Hono<DeskEnv>();

conversations.get('/conversations', async (c) => {
  const summaries = await latestConversations(c.env);
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
  const conversation = await openConversation(c.env, message.phone);
  const followUp = conversation.window?.open ? null : await strangerFollowUp(c, id, message);
  const { profileName, username } = message;
  return renderDeskPage(
    c,
    profileName || (username && copy.username(username)) || copy.unknownSender,
    'conversations',
    {},
    <UnmatchedConversationPage
      conversation={conversation}
      {...(profileName && { profileName })}
      {...(username && { username })}
      replyAction={`${conversationPath(id)}/reply`}
      resendAction={`${conversationPath(id)}/resend`}
      optOutBase={conversationPath(id)}
      replyId={crypto.randomUUID()}
      saved={await savedChoice(c, conversationPath(id))}
      followUp={followUp}
    />,
    200,
    followUpBanners(c),
  );
});

// A number no lead has is answered on its own page, by the conversation's opaque id (never a number in a URL).
conversations.post('/conversations/:conversation/reply', async (c) => {
  const id = c.req.param('conversation');
  const form = parse(ReplyForm, (await readRequestBody(c)).fields);
  const message = await conversationOf(c.env, id);
  // A lead's message is answered on the lead's page.
  const lead = message.leads[0];
  if (lead) return c.redirect(leadPath(lead.kind, lead.id), 303);
  await answer(c, { replyId: form.replyId, leadKind: UNMATCHED_KIND, to: message.phone, text: form.text });
  return c.redirect(conversationPath(id), 303);
});

// An answer whose send timed out is never retried by itself: the owner sends it again, within the window.
conversations.post('/conversations/:conversation/resend', async (c) => {
  const id = c.req.param('conversation');
  const form = parse(ResendForm, (await readRequestBody(c)).fields);
  const message = await conversationOf(c.env, id);
  await requireOpenWindow(c.env, message.phone);
  await resendDeskReply(c.env, form.submissionId, message.phone);
  const lead = message.leads[0];
  return c.redirect(lead ? leadPath(lead.kind, lead.id) : conversationPath(id), 303);
});

conversations.post('/leads/:kind/:id/reply', async (c) => {
  const { kind, id } = parse(LeadParams, c.req.param());
  const form = parse(ReplyForm, (await readRequestBody(c)).fields);
  const lead = await getLeadStore(c.env).get(kind, id);
  if (!lead) throw new ApiException(404, 'not_found', deskCopy.lead.notFound);
  const phone = contactOf(lead).phone;
  if (!phone) throw new ApiException(409, 'no_phone', copy.reply.noPhone);
  await answer(c, { replyId: form.replyId, leadKind: kind, to: phone, text: form.text });
  return c.redirect(leadPath(kind, id), 303);
});

/**
 * The saved replies a reply box offers on the page at `pageHref`, with the one chosen without JavaScript
 * (`?reply=<id>`: an unknown or removed id is ignored).
 */
async function savedChoice(c: Context<DeskEnv>, pageHref: string): Promise<SavedReplyChoice> {
  const replies = await savedReplies(c.env.DB);
  const chosen = replies.find((r) => r.id === c.req.query('reply'));
  return { replies, pageHref, nonce: c.get('secureHeadersNonce') ?? '', ...(chosen && { chosen }) };
}

/** A lead's conversation for its page (opening it marks it read), with the answer form; null without a phone. */
export async function leadConversation(c: Context<DeskEnv>, lead: LeadRecord): Promise<ReactNode> {
  const phone = contactOf(lead).phone;
  if (!phone) return <p className="desk-meta">{copy.noPhone}</p>;
  const conversation = await openConversation(c.env, phone);
  return (
    <ConversationSection
      conversation={conversation}
      replyAction={`${leadPath(lead.kind, lead.id)}/reply`}
      {...(conversation.id && { resendAction: `${conversationPath(conversation.id)}/resend` })}
      optOutBase={leadPath(lead.kind, lead.id)}
      replyId={crypto.randomUUID()}
      {...(conversation.window?.open && { saved: await savedChoice(c, leadPath(lead.kind, lead.id)) })}
      {...(!conversation.window?.open && { followUp: await leadFollowUp(c, lead) })}
    />
  );
}

/** The inbox's unread replies: a strip (newest reply first) and each listed lead's unread count. */
export async function inboxReplies(env: Env): Promise<{ strip: ReactNode; unread: Map<string, number> }> {
  const summaries = await unreadConversations(env);
  const leads = await leadsOf(env, summaries);
  const unread = new Map<string, number>();
  for (const s of summaries) for (const l of s.leads) unread.set(`${l.kind}:${l.id}`, s.unread);
  return { strip: <UnreadReplies summaries={summaries} leads={leads} />, unread };
}

/** The first lead of each conversation, read once each, by `kind:id`. */
async function leadsOf(env: Env, summaries: ConversationSummary[]): Promise<Map<string, LeadRecord>> {
  const store = getLeadStore(env);
  const refs = [
    ...new Map(summaries.flatMap((s) => s.leads.slice(0, 1)).map((l) => [`${l.kind}:${l.id}`, l])).values(),
  ];
  const found = await Promise.all(refs.map((ref) => store.get(ref.kind, ref.id)));
  return new Map(found.flatMap((lead) => (lead ? [[`${lead.kind}:${lead.id}`, lead] as const] : [])));
}
