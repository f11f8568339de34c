import { Hono } from 'hono';
import * as z from 'zod';
import { readConfig, type Env } from '../../env';
import { ApiException } from '../../http/errors';
import { jsonOfBytes, readCappedBytes } from '../../http/body';
import { logEvent, errorMessage, wamidRef } from '../../log';
import { signedWith } from '../../security/hmac';
import { applyReceipts, queueFallbacks, type StatusEvent } from '../../notify/ledger/receipts';
import { receiveMessages } from '../../notify/conversations/replies';
import { visitorMessages, webhookValues, type WebhookValue } from '../../notify/conversations/visitor-messages';

/**
 * Meta documents a webhook body of up to 3 MB (reference/external-services.md, "Meta webhook payloads"); the cap is
 * that, in the larger reading (MiB), so no body Meta may send is refused. A batch of 1,000 statuses with errors and
 * pricing is far below it (tests/routes/webhooks/limits.test.ts measures one).
 */
export const WEBHOOK_MAX_BYTES = 3 * 1024 * 1024;

/**
 * WhatsApp's webhook. Not a form: no Origin check and no visitor rate limit (Meta posts from its own
 * servers, in bursts); what admits a request is the signature over the raw body, checked before parsing.
 */
export const whatsappWebhook = new Hono<{ Bindings: Env }>();

/** Meta's verification when the callback URL is saved: echo the challenge only for our verify token. */
whatsappWebhook.get('/whatsapp', async (c) => {
  const webhook = readConfig(c.env).whatsapp.webhook;
  const mode = c.req.query('hub.mode');
  const token = c.req.query('hub.verify_token') ?? '';
  const challenge = c.req.query('hub.challenge') ?? '';
  if (!webhook) return unconfigured();
  if (mode !== 'subscribe' || !(await sameText(token, webhook.verifyToken))) {
    logEvent('warn', 'webhook.refused', { reason: 'verification', configured: true });
    return c.text('Forbidden', 403);
  }
  return c.text(challenge, 200);
});

whatsappWebhook.post('/whatsapp', async (c) => {
  const config = readConfig(c.env);
  const webhook = config.whatsapp.webhook;
  if (!webhook) return unconfigured();
  // The signature is checked over the bytes as they arrived: decoding first would drop a byte-order mark and
  // replace bytes that are not UTF-8, and a body Meta signed would then be refused.
  const raw = await readCappedBytes(c.req.raw, WEBHOOK_MAX_BYTES);
  const signature = c.req.header('x-hub-signature-256') ?? '';
  if (!(await validSignature(raw, signature, webhook.appSecret))) {
    logEvent('warn', 'webhook.refused', { reason: 'signature', configured: true });
    throw new ApiException(401, 'unauthorized', 'Missing or invalid X-Hub-Signature-256.');
  }
  const ours = config.whatsapp.phoneNumberId;
  if (!ours && config.environment !== 'development') {
    // Whose events these are cannot be told: Meta keeps them and retries (for days) until the id is set.
    logEvent('error', 'webhook.refused', { reason: 'no_phone_number_id', configured: true });
    throw new ApiException(503, 'unavailable', 'The webhook is not configured yet; please retry.', undefined, {
      'Retry-After': '300',
    });
  }
  const values = forOurNumber(webhookValues(jsonOfBytes(raw)), ours);
  const events = statusEvents(values);
  const messages = visitorMessages(values);
  let failed: Awaited<ReturnType<typeof applyReceipts>>;
  let stored: number;
  try {
    failed = await applyReceipts(c.env.DB, events);
    // What visitors wrote: stored once each by id, the owners' alerts queued (a repeat is harmless).
    stored = await receiveMessages(c.env, messages);
  } catch (err) {
    // D1 did not take the receipts: Meta retries a non-2xx answer (with backoff, for days), so nothing is lost.
    logEvent('error', 'webhook.received', {
      statuses: events.length,
      messages: messages.length,
      outcome: 'retry',
      error: errorMessage(err),
    });
    throw new ApiException(503, 'unavailable', 'The events could not be recorded; please retry.', undefined, {
      'Retry-After': '60',
    });
  }
  for (const e of events) {
    logEvent(e.status === 'failed' ? 'warn' : 'info', 'delivery.status', {
      providerMessageId: await wamidRef(e.id),
      status: e.status,
      code: e.errorCode,
    });
  }
  // The email fallback is the queue's work: the answer does not wait for it.
  if (failed.length > 0) c.executionCtx.waitUntil(queueFallbacks(c.env, failed));
  logEvent('info', 'webhook.received', {
    statuses: events.length,
    messages: messages.length,
    stored,
    fallbacks: failed.length,
  });
  return c.json({ ok: true });
});

/**
 * The change values of our business number (`metadata.phone_number_id` is WHATSAPP_PHONE_NUMBER_ID). Every number of
 * the Meta app posts to the same webhook: another number's statuses and messages are neither applied nor stored,
 * only counted in a `webhook.ignored` line (no ids, no numbers). In development with no id set, every value is ours
 * (nothing to compare with; the local flow runs without WhatsApp credentials).
 */
export function forOurNumber(values: WebhookValue[], ours: string | undefined): WebhookValue[] {
  if (!ours) return values;
  const kept = values.filter((v) => v.metadata?.phone_number_id === ours);
  const ignored = values.filter((v) => v.metadata?.phone_number_id !== ours);
  if (ignored.length > 0) {
    const unnamed = ignored.filter((v) => typeof v.metadata?.phone_number_id !== 'string').length;
    logEvent('warn', 'webhook.ignored', {
      reason: unnamed === ignored.length ? 'no_phone_number_id' : 'other_phone_number',
      changes: ignored.length,
      statuses: ignored.reduce((n, v) => n + (v.statuses?.length ?? 0), 0),
      messages: ignored.reduce((n, v) => n + (v.messages?.length ?? 0), 0),
    });
  }
  return kept;
}

const StatusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  timestamp: z.string().regex(/^\d{1,12}$/),
  errors: z
    .array(z.object({ code: z.union([z.number(), z.string()]).optional(), title: z.string().optional() }).loose())
    .optional(),
});
/**
 * The status events of a signed body's change values. A body that is not Meta's shape, and any single status that is
 * not, is skipped rather than refused: the signature proves Meta sent it, and answering an error would
 * only make Meta send it again for days. Messages from visitors (value.messages): visitorMessages.
 */
export function statusEvents(values: WebhookValue[]): StatusEvent[] {
  const events: StatusEvent[] = [];
  for (const value of values) {
    for (const item of value.statuses ?? []) {
      const status = StatusSchema.safeParse(item);
      if (!status.success) continue;
      const { id, timestamp, errors } = status.data;
      const error = errors?.[0];
      events.push({
        id,
        status: status.data.status,
        at: new Date(Number(timestamp) * 1000).toISOString(),
        ...(error?.code !== undefined ? { errorCode: String(error.code).slice(0, 20) } : {}),
        ...(error?.title !== undefined ? { errorTitle: error.title.slice(0, 200) } : {}),
      });
    }
  }
  return events;
}

/**
 * Without its secrets (WHATSAPP_WEBHOOK_VERIFY_TOKEN, WHATSAPP_APP_SECRET) the webhook does not exist: 404, before
 * the body is read. Outside development that is a reported configuration problem, not a quiet state.
 */
function unconfigured(): never {
  logEvent('warn', 'webhook.refused', { reason: 'not_configured', configured: false });
  throw new ApiException(404, 'not_found', 'No such webhook.');
}

const encoder = new TextEncoder();

/** `sha256=<hex>` HMAC-SHA256 of the raw body's bytes with the app secret, compared in constant time. */
async function validSignature(raw: Uint8Array, header: string, secret: string): Promise<boolean> {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  return signedWith(secret, raw, [match[1]!]);
}

/** Constant-time equality of two strings (their SHA-256 digests are compared, so lengths leak nothing). */
async function sameText(a: string, b: string): Promise<boolean> {
  const [da, db] = await Promise.all([a, b].map((s) => crypto.subtle.digest('SHA-256', encoder.encode(s))));
  return crypto.subtle.timingSafeEqual(da!, db!);
}
