import { readConfig, type Env } from '../../env';
import { logEvent, wamidRef } from '../../log';
import { GRAPH_API_VERSION, classifyResponse, classifyThrown } from './whatsapp';

const TIMEOUT_MS = 10_000;

/** The body of Graph's "mark as read" call: the sender sees blue ticks on the message and those before it. */
export function markReadBody(messageId: string) {
  return { messaging_product: 'whatsapp', status: 'read', message_id: messageId };
}

/**
 * Tells WhatsApp an owner read a visitor's message (the queue's mark-read job). Returns the wait before
 * another try when Meta asks for one, else undefined: a refused call is logged and dropped (the ticks are a
 * courtesy, the message itself is stored). Without WhatsApp credentials there is nothing to call.
 */
export async function markRead(env: Env, messageId: string): Promise<number | undefined> {
  const whatsapp = readConfig(env).whatsapp;
  const { sending } = whatsapp;
  const providerMessageId = await wamidRef(messageId);
  if (!sending.ok) {
    logEvent('info', 'conversation.read', { providerMessageId, channel: 'none' });
    return undefined;
  }
  const url = `${whatsapp.apiUrl}/${GRAPH_API_VERSION}/${encodeURIComponent(sending.phoneNumberId)}/messages`;
  let outcome;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${sending.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(markReadBody(messageId)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      json = undefined;
    }
    outcome = classifyResponse(response.status, json);
  } catch (err) {
    outcome = classifyThrown(err);
  }
  if (outcome.kind === 'sent') {
    logEvent('info', 'conversation.read', { providerMessageId, channel: 'graph' });
    return undefined;
  }
  logEvent('warn', 'conversation.read', { providerMessageId, outcome: outcome.kind, code: outcome.code });
  return outcome.kind === 'retryable' ? (outcome.minDelaySeconds ?? 0) : undefined;
}
