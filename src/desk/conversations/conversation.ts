import { readConfig, type Env } from '../../env';
import { windowState } from '../../notify/conversations/desk-replies';
import { SAMPLE } from '../../notify/conversations/waiting';
import { OPT_OUT_CONFIRMATION } from '../../notify/ledger/ledger-rows';
import { FREE_TEXT, type Component } from '../../notify/ledger/templates';
import { ALL_TEMPLATES, fillTemplate } from '../../notify/whatsapp/whatsapp-templates';
import { enqueue } from '../../queue/jobs';
import { CONVERSATION_ID, conversationId, type ReceivedMessage } from '../../store/conversations/conversations';
import { addressesOf } from '../../store/conversations/person';
import { getConversationStore } from '../../store/conversations/open';
import { optOutOf, type OptOut } from '../../store/conversations/opt-outs';
import { type MediaItem } from '../../store/media/media';
import { mediaOf } from '../../store/media/open';
import { type ConversationState } from '../../store/conversations/conversation-state';
import { getConversationStateStore } from '../../store/conversations/open';
import { needsAnswer, unreadFor } from './conversation-marks';
import { stopMark, type StopMark } from './stop-mark';

/** One message of a conversation as the desk shows it: received from the visitor, or sent by the business. */
export type ConversationItem =
  | { direction: 'in'; at: string; message: ReceivedMessage; unread: boolean; media?: MediaItem }
  | {
      direction: 'out';
      at: string;
      /** The ledger row's submission id (an answer from the desk is sent again by it). */
      submissionId: string;
      template: string;
      /** The message as the visitor read it (a template filled in, or the owner's own words). */
      text: string;
      status: string;
      receipt: string | null;
      receiptAt: string | null;
      errorCode: string | null;
      errorMessage: string | null;
      /** The owner who answered from the desk (free-form answers only). */
      by: string | null;
      /** Why it was never sent (status skipped): only `opted_out` is shown. */
      skipReason: string | null;
      /** The confirmation the visitor got when they opted out, sent by the site itself. */
      optOutConfirmation: boolean;
    };

export interface Conversation {
  /** Its opaque id: the desk's URL of it (conversationId); null when the visitor never wrote (nothing to answer). */
  id: string | null;
  phone: string;
  items: ConversationItem[];
  /** Whether an owner may answer freely now; null when the visitor never wrote. */
  window: { open: boolean; closesAt: string } | null;
  /** The number's opt-out of WhatsApp messages, or null. */
  optOut: OptOut | null;
  /** Their latest message that may ask to stop without being STOP (stopMark), or null. */
  mayWantToStop: StopMark | null;
  /** The owners' state of it ("Done"; a person no lead has: status and note), or null. */
  state: ConversationState | null;
  /** Whether the visitor's message is the last one and no owner marked it done since (needsAnswer). */
  needsAnswer: boolean;
}

interface SentRow {
  submission_id: string;
  template: string;
  status: string;
  receipt: string | null;
  receipt_at: string | null;
  created_at: string;
  sent_at: string | null;
  components: string;
  sent_by: string | null;
  skip_reason: string | null;
  last_error_code: string | null;
  last_error_message: string | null;
  receipt_error_code: string | null;
  receipt_error_title: string | null;
}

/**
 * Every message the business sent to a number (the ledger's visitor messages), oldest first, with those not sent
 * because the number opted out (other skipped messages never concerned the visitor).
 */
async function sentTo(db: D1Database, phone: string): Promise<SentRow[]> {
  const { results } = await db
    .prepare(
      `SELECT submission_id, template, status, receipt, receipt_at, created_at, sent_at, components, sent_by, skip_reason,
         last_error_code, last_error_message, receipt_error_code, receipt_error_title
       FROM deliveries WHERE recipient = ? AND audience = 'visitor'
         AND (status <> 'skipped' OR skip_reason = 'opted_out') ORDER BY created_at`,
    )
    .bind(phone)
    .all<SentRow>();
  return results;
}

function sentText(row: SentRow): string {
  const components = JSON.parse(row.components) as Component[];
  const values = (type: 'header' | 'body') =>
    components.find((c) => c.type === type)?.parameters.map((p) => p.text) ?? [];
  if (row.template === FREE_TEXT) return values('body')[0] ?? '';
  const definition = ALL_TEMPLATES.find((t) => t.name === row.template);
  if (!definition) return row.template;
  const filled = fillTemplate(definition, { header: values('header'), body: values('body') });
  return [filled.header, filled.body].filter(Boolean).join('\n');
}

/**
 * A number's conversation, in time order: what the business sent (with its delivery state) and what the
 * visitor wrote (`unread` for this owner as it was before this view: unreadFor). Opening it marks it read for the
 * owner who opened it only; the visitor's messages are marked opened, and WhatsApp is told (blue ticks) through the
 * queue, for the newest message, the first time any owner opens them.
 */
export async function openConversation(env: Env, phone: string, owner: string, now = new Date()) {
  const store = getConversationStore(env);
  const marks = getConversationStateStore(env);
  const [received, sent, optOut, reads, state] = await Promise.all([
    store.from(phone),
    sentTo(env.DB, phone),
    optOutOf(env.DB, readConfig(env).privacy.erasureKey, phone),
    marks.readsOf(phone),
    marks.state(phone),
  ]);
  const attachments = await mediaOf(env, addressesOf(phone, received));
  const mediaOfMessage = new Map(attachments.map((m) => [m.messageId, m]));
  // Keyed only when there is a conversation to address (ERASURE_KEY is read, and must be set, then).
  const id = received.length > 0 ? await conversationId(phone, readConfig(env).privacy.erasureKey) : null;
  const unopened = received.filter((m) => !m.readAt);
  if (unopened.length > 0) {
    await store.markRead(phone, now.toISOString());
    await enqueue(env, { type: 'mark-read', messageId: unopened.at(-1)!.id });
  }
  if (received.length > 0) await marks.markRead(phone, owner, now.toISOString());
  const items: ConversationItem[] = [
    ...received.map((message) => {
      const media = mediaOfMessage.get(message.id);
      const unread = unreadFor(message, owner, reads);
      return { direction: 'in' as const, at: message.at, message, unread, ...(media && { media }) };
    }),
    ...sent.map((row) => ({
      direction: 'out' as const,
      at: row.sent_at ?? row.created_at,
      submissionId: row.submission_id,
      template: row.template,
      text: sentText(row),
      status: row.status,
      receipt: row.receipt,
      receiptAt: row.receipt_at,
      errorCode: row.receipt_error_code ?? row.last_error_code,
      errorMessage: row.receipt_error_title ?? row.last_error_message,
      by: row.sent_by,
      skipReason: row.skip_reason,
      optOutConfirmation: row.submission_id.startsWith(OPT_OUT_CONFIRMATION),
    })),
  ].sort(inTimeOrder);
  const window = windowState(received.at(-1)?.at ?? null, now);
  const answers = items.filter((i) => i.direction === 'out' && i.by !== null && answered(i.status));
  const answeredAt = answers.at(-1)?.at;
  // Nothing can be sent to an opted-out number: it never waits for an answer.
  const needs = optOut === null && needsAnswer(received.at(-1)?.at, answeredAt, state?.doneThrough);
  const mayWantToStop = stopMark(received, optOut);
  return { id, phone, items, window, optOut, mayWantToStop, state, needsAnswer: needs } satisfies Conversation;
}

/** Whether an owner's message in this ledger state reached (or is on its way to) the visitor. */
export const answered = (status: string) => !['skipped', 'failed', 'dead'].includes(status);

/**
 * Time order, to the second: WhatsApp gives a visitor's message its second only, while the ledger keeps
 * milliseconds. Within one second the business's message is shown first.
 */
function inTimeOrder(a: ConversationItem, b: ConversationItem): number {
  const [sa, sb] = [a.at.slice(0, 19), b.at.slice(0, 19)];
  if (sa !== sb) return sa < sb ? -1 : 1;
  if (a.direction !== b.direction) return a.direction === 'out' ? -1 : 1;
  return a.at < b.at ? -1 : a.at > b.at ? 1 : 0;
}

/** When the visitor last wrote from a number (ISO), or null: what the 24-hour window runs from. */
export async function lastReceivedAt(env: Env, phone: string): Promise<string | null> {
  return (await getConversationStore(env).from(phone)).at(-1)?.at ?? null;
}

/**
 * A message of the conversation with this opaque id, or null (any other id: a wamid, a number, a stranger's
 * guess). Found by the id stored with each message; a conversation whose messages predate that (or a rotated
 * ERASURE_KEY) is found among the latest messages by computing each number's id.
 */
export async function findConversation(env: Env, id: string): Promise<ReceivedMessage | null> {
  if (!CONVERSATION_ID.test(id)) return null;
  const store = getConversationStore(env);
  const stored = await store.ofConversation(id);
  if (stored) return stored;
  const key = readConfig(env).privacy.erasureKey;
  const seen = new Set<string>();
  // By the user id too: an alert's link made while they showed no number leads to the number they were joined to.
  for (const m of await store.latest(SAMPLE)) {
    for (const address of [m.phone, m.userId]) {
      if (!address || seen.has(address)) continue;
      seen.add(address);
      if ((await conversationId(address, key)) === id) return m;
    }
  }
  return null;
}
