import { readConfig, type Env } from '../../env';
import { lastAnswers, SAMPLE, waitingHours } from '../../notify/conversations/waiting';
import { conversationId, type LeadRef, type ReceivedMessage } from '../../store/conversations/conversations';
import { getConversationStore } from '../../store/conversations/open';
import { getConversationStateStore } from '../../store/conversations/open';
import { optOutsOf } from '../../store/conversations/opt-outs';
import { needsAnswer, unreadFor } from './conversation-marks';

/** One number's conversation in a list: its newest message, its unread count, its leads, how long it waits. */
export interface ConversationSummary {
  /** Its opaque id: the desk's URL of it (conversationId). */
  id: string;
  phone: string;
  latest: ReceivedMessage;
  unread: number;
  leads: LeadRef[];
  /** Whether the visitor's message is the last one and no owner marked it done since (needsAnswer). */
  needsAnswer: boolean;
  /**
   * Whole hours since the visitor's last message when no owner has answered it for REPLY_DUE_HOURS or more
   * (the conversation is waiting); null otherwise.
   */
  waitingHours: number | null;
}

/**
 * Those that need an answer first (the longest wait first), then the rest in the order given (newest first).
 */
const needingFirst = (a: ConversationSummary, b: ConversationSummary) =>
  Number(b.needsAnswer) - Number(a.needsAnswer) || (b.waitingHours ?? -1) - (a.waitingHours ?? -1);

/** Each number's conversation among `messages` (newest first), as `owner` sees it: their unread count. */
async function summarise(env: Env, messages: ReceivedMessage[], owner: string, now = new Date()) {
  const byPhone = new Map<string, { latest: ReceivedMessage; messages: ReceivedMessage[] }>();
  for (const m of messages) {
    const group = byPhone.get(m.phone);
    if (group) group.messages.push(m);
    else byPhone.set(m.phone, { latest: m, messages: [m] });
  }
  if (byPhone.size === 0) return [];
  const config = readConfig(env);
  const phones = [...byPhone.keys()];
  const marks = getConversationStateStore(env);
  const since = [...byPhone.values()].reduce((min, s) => (s.latest.at < min ? s.latest.at : min), now.toISOString());
  const key = config.privacy.erasureKey;
  const [answers, reads, states, optOuts] = await Promise.all([
    lastAnswers(env.DB, since),
    marks.readsAmong(phones),
    marks.states(phones),
    optOutsOf(env.DB, key, phones),
  ]);
  // Nothing can be sent to an opted-out number: it never waits for an answer.
  const optedOut = new Set(optOuts.map((o) => o.phone));
  const due = config.alerts.replyDueHours;
  const summaries = await Promise.all(
    [...byPhone.entries()].map(async ([phone, { latest, messages: own }]) => ({
      id: await conversationId(phone, key),
      phone,
      latest,
      leads: latest.leads,
      unread: own.filter((m) => unreadFor(m, owner, reads.get(phone))).length,
      needsAnswer: !optedOut.has(phone) && needsAnswer(latest.at, answers.get(phone), states.get(phone)?.doneThrough),
      waitingHours: optedOut.has(phone) ? null : waitingHours(latest.at, answers.get(phone), due, now),
    })),
  );
  return summaries.sort(needingFirst);
}

/**
 * The latest conversations as `owner` sees them: those that need an answer first, then the newest; unmatched
 * senders included.
 */
export async function latestConversations(
  env: Env,
  owner: string,
  limit = 50,
  now = new Date(),
): Promise<ConversationSummary[]> {
  return (await summarise(env, await getConversationStore(env).latest(SAMPLE), owner, now)).slice(0, limit);
}

/** Conversations with replies `owner` has not read: those that need an answer first, then the newest reply. */
export async function unreadConversations(env: Env, owner: string): Promise<ConversationSummary[]> {
  const all = await summarise(env, await getConversationStore(env).latest(SAMPLE), owner);
  return all.filter((s) => s.unread > 0);
}
