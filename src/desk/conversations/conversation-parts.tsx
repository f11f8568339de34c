import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { conversation as copy } from '../../words/conversations/conversation';
import { openConversation } from './conversation';
import { unreadConversations, type ConversationSummary } from './conversation-list';
import { savedReplies } from '../replies/saved-replies';
import { ConversationSection } from './conversation-view';
import { UnmatchedConversationPage, UnreadReplies } from './conversation-list-view';
import { optOutStep } from './opt-out';
import type { ReplyNotice } from './reply-form';
import type { SavedReplyChoice } from '../replies/saved-reply-picker';
import type { Env } from '../../env';
import { deskReplyId } from '../../notify/conversations/desk-replies';
import type { ReceivedMessage } from '../../store/conversations/conversations';
import { contactOf } from '../../store/leads/lead';
import type { LeadRecord } from '../../store/leads/listing';
import { getLeadStore } from '../../store/leads/open';
import { followUpBanners, leadFollowUp, strangerFollowUp } from '../leads/follow-ups-route';
import { leadPath, renderDeskPage, type DeskEnv } from '../page';

/** A conversation's page, by its opaque id: never a number or a wamid (which embeds the number) in a URL. */
export const conversationPath = (id: string) => `/desk/conversations/${id}`;

/** The query an answer's page is sent back with once it was sent (`?answer=<the form's id>#reply`). */
export const ANSWER_QUERY = 'answer';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What the page's address says the answer form just did: an answer sent (by its form's id), else nothing. */
function sentNotice(c: Context<DeskEnv>): ReplyNotice | undefined {
  const replyId = c.req.query(ANSWER_QUERY);
  return replyId && UUID.test(replyId) ? { kind: 'sent', submissionId: deskReplyId(replyId) } : undefined;
}

/** The opt-out step the page's address names (`?opt-out=confirm`, …), as OptOutNotice shows it. */
function optOutStepOf(c: Context<DeskEnv>) {
  const step = optOutStep(c.req.query('opt-out'));
  return step ? { optOutStep: step } : {};
}

/**
 * The saved replies a reply box offers on the page at `pageHref`, with the one chosen without JavaScript
 * (`?reply=<id>`: an unknown or removed id is ignored).
 */
async function savedChoice(c: Context<DeskEnv>, pageHref: string): Promise<SavedReplyChoice> {
  const replies = await savedReplies(c.env.DB);
  const chosen = replies.find((r) => r.id === c.req.query('reply'));
  return { replies, pageHref, nonce: c.get('secureHeadersNonce') ?? '', ...(chosen && { chosen }) };
}

/**
 * A lead's conversation for its page (opening it marks it read for the signed-in owner), with the answer form and
 * what its last post did (`notice`, else what the address says); null without a phone.
 */
export async function leadConversation(c: Context<DeskEnv>, lead: LeadRecord, notice?: ReplyNotice) {
  const phone = contactOf(lead).phone;
  if (!phone) return <p className="desk-meta">{copy.noPhone}</p>;
  const conversation = await openConversation(c.env, phone, c.var.owner.email);
  const shown = notice ?? sentNotice(c);
  return (
    <ConversationSection
      conversation={conversation}
      replyAction={`${leadPath(lead.kind, lead.id)}/reply`}
      {...(conversation.id && {
        resendAction: `${conversationPath(conversation.id)}/resend`,
        doneAction: `${conversationPath(conversation.id)}/done`,
      })}
      optOutBase={leadPath(lead.kind, lead.id)}
      replyId={crypto.randomUUID()}
      {...(conversation.window?.open && { saved: await savedChoice(c, leadPath(lead.kind, lead.id)) })}
      {...(!conversation.window?.open && { followUp: await leadFollowUp(c, lead) })}
      {...(shown && { notice: shown })}
      {...optOutStepOf(c)}
    />
  );
}

/** The page of a number no lead has, by its conversation's opaque id, with what the answer form's last post did. */
export async function renderStranger(
  c: Context<DeskEnv>,
  id: string,
  message: ReceivedMessage,
  notice?: ReplyNotice,
  status: 200 | 400 | 409 = 200,
) {
  const conversation = await openConversation(c.env, message.phone, c.var.owner.email);
  const followUp = conversation.window?.open ? null : await strangerFollowUp(c, id, message);
  const { profileName, username } = message;
  const shown = notice ?? sentNotice(c);
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
      doneAction={`${conversationPath(id)}/done`}
      optOutBase={conversationPath(id)}
      replyId={crypto.randomUUID()}
      saved={await savedChoice(c, conversationPath(id))}
      followUp={followUp}
      {...(shown && { notice: shown })}
      {...optOutStepOf(c)}
    />,
    status,
    followUpBanners(c),
  );
}

/** The inbox's replies `owner` has not read: a strip (newest reply first) and each listed lead's unread count. */
export async function inboxReplies(
  env: Env,
  owner: string,
): Promise<{ strip: ReactNode; unread: Map<string, number> }> {
  const summaries = await unreadConversations(env, owner);
  const leads = await leadsOf(env, summaries);
  const unread = new Map<string, number>();
  for (const s of summaries) for (const l of s.leads) unread.set(`${l.kind}:${l.id}`, s.unread);
  return { strip: <UnreadReplies summaries={summaries} leads={leads} />, unread };
}

/** The first lead of each conversation, read once each, by `kind:id`. */
export async function leadsOf(env: Env, summaries: ConversationSummary[]): Promise<Map<string, LeadRecord>> {
  const store = getLeadStore(env);
  const refs = [
    ...new Map(summaries.flatMap((s) => s.leads.slice(0, 1)).map((l) => [`${l.kind}:${l.id}`, l])).values(),
  ];
  const found = await Promise.all(refs.map((ref) => store.get(ref.kind, ref.id)));
  return new Map(found.flatMap((lead) => (lead ? [[`${lead.kind}:${lead.id}`, lead] as const] : [])));
}
