import { optOut as copy } from '../../words/conversations/opt-out';
import { readConfig, type Env } from '../../env';
import { logEvent, wamidRef } from '../../log';
import { keyedHash } from '../../store/keyed-hash';
import { recordOptOut, removeOptOut } from '../../store/conversations/opt-outs';
import { queueFreeText, windowState } from './desk-replies';
import { OPT_OUT_CONFIRMATION } from '../ledger/ledger-rows';
import { stopIntent } from './stop-words';
import type { VisitorMessage } from './visitor-messages';

// STOP and START on WhatsApp: a visitor's own words opt their number out of every message from the business, or
// back in. The message itself is stored and shown like any other.

/**
 * Whether a message asks to opt out or back in: a text (or a quick-reply button) that is STOP or START as people
 * write them (stopIntent: the word alone or in a short request, whatever the case, punctuation or emoji). A longer
 * message with a stop word in it is no request: the desk marks it for the owners (src/desk/conversations/conversation.ts).
 */
export function optOutWord(m: Pick<VisitorMessage, 'type' | 'text'>): 'out' | 'in' | null {
  if ((m.type !== 'text' && m.type !== 'button') || m.text === undefined) return null;
  const intent = stopIntent(m.text);
  return intent === 'out' || intent === 'in' ? intent : null;
}

/** The ledger key of an opt-out's confirmation: by the STOP message's id, keyed, so a repeated webhook sends once. */
export async function confirmationId(erasureKey: string, messageId: string): Promise<string> {
  return `${OPT_OUT_CONFIRMATION}${await keyedHash(erasureKey, `wamid:${messageId}`, 16)}`;
}

/**
 * Acts on a visitor's STOP or START (optOutWord): a STOP records the opt-out (a number already opted out keeps its
 * first record) and queues the one confirmation, inside the 24-hour window, through the ledger; a START removes an
 * opt-out recorded before it, and sends nothing (they asked for messages; the owners answer them as usual).
 * Anything else does nothing.
 */
export async function applyOptOutWord(env: Env, m: VisitorMessage, leadKind: string, now = new Date()) {
  const word = optOutWord(m);
  if (!word) return;
  const key = readConfig(env).privacy.erasureKey;
  const providerMessageId = await wamidRef(m.id);
  if (word === 'in') {
    const removed = await removeOptOut(env.DB, key, m.phone, m.at);
    if (removed) logEvent('info', 'conversation.opt-out', { change: 'opted_in', how: 'message', providerMessageId });
    return;
  }
  const recorded = await recordOptOut(env.DB, key, m.phone, { at: m.at, how: 'message' });
  if (recorded) logEvent('info', 'conversation.opt-out', { change: 'opted_out', how: 'message', providerMessageId });
  // A STOP delivered after the window closed (Meta retries for days) gets no confirmation: WhatsApp would refuse it.
  if (!key || !windowState(m.at, now)?.open) return;
  const submissionId = await confirmationId(key, m.id);
  await queueFreeText(env, { submissionId, leadKind, to: m.phone, text: copy.confirmation }, now);
}
