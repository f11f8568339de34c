import { Hono } from 'hono';
import { readConfig, type Env } from '../../env';
import { ApiException } from '../../http/errors';
import { jsonOfBytes, readCappedBytes } from '../../http/body';
import { errorMessage, logEvent } from '../../log';
import { applyPaymentEvent, type PaymentOutcome } from '../../payments/apply';
import { readRazorpay } from '../../payments/events';
import { signedWith } from '../../security/hmac';
import { getPaymentStore } from '../../store/payments/open';

/** One event is a few kilobytes (the link, its order and the payment): 256 KiB holds any of them many times over. */
export const RAZORPAY_WEBHOOK_MAX_BYTES = 256 * 1024;

/** Razorpay's event ids (`evt_…`, the same on every retry of an event). */
const EVENT_ID = /^[A-Za-z0-9_]{1,64}$/;

/**
 * Razorpay's webhook (payments, refunds). Not a form: what admits a request is X-Razorpay-Signature, the hex
 * HMAC-SHA256 of the raw bytes with RAZORPAY_WEBHOOK_SECRET, checked (in constant time) before anything is parsed.
 * Without the secret the route does not exist (404, before the body is read).
 *
 * Each event is applied once by X-Razorpay-Event-Id, and marked seen only after it applied: a failure (503) leaves
 * it unmarked so Razorpay's retry applies it, and applying is safe to repeat. A body not in Razorpay's shape is
 * answered 200 all the same (an error would only bring it back), and logged.
 */
export const razorpayWebhook = new Hono<{ Bindings: Env }>();

razorpayWebhook.post('/razorpay', async (c) => {
  const secret = readConfig(c.env).payments.webhookSecret;
  if (secret === undefined) {
    logEvent('warn', 'webhook.refused', { provider: 'razorpay', reason: 'not_configured', configured: false });
    throw new ApiException(404, 'not_found', 'No such webhook.');
  }
  const raw = await readCappedBytes(c.req.raw, RAZORPAY_WEBHOOK_MAX_BYTES);
  const signature = c.req.header('x-razorpay-signature')?.trim().toLowerCase() ?? '';
  if (!(await signedWith(secret, raw, [signature]))) {
    logEvent('warn', 'webhook.refused', { provider: 'razorpay', reason: 'signature', configured: true });
    throw new ApiException(401, 'unauthorized', 'Missing or invalid X-Razorpay-Signature.');
  }
  const eventId = c.req.header('x-razorpay-event-id')?.trim() ?? '';
  if (!EVENT_ID.test(eventId)) {
    logEvent('warn', 'webhook.refused', { provider: 'razorpay', reason: 'event_id', configured: true });
    throw new ApiException(400, 'invalid', 'Missing or invalid X-Razorpay-Event-Id.', {
      'x-razorpay-event-id': 'Razorpay sends the event id with every delivery.',
    });
  }
  const reading = readRazorpay(jsonOfBytes(raw));
  if (reading.kind === 'malformed' || reading.kind === 'ignored') {
    logEvent('info', 'webhook.ignored', {
      provider: 'razorpay',
      reason: reading.kind,
      ...(reading.kind === 'ignored' && { event: reading.event }),
    });
    return c.json({ ok: true });
  }
  const now = new Date();
  let outcome: PaymentOutcome;
  let first: boolean;
  try {
    outcome = await applyPaymentEvent(c.env, reading, now);
    first = await getPaymentStore(c.env).markEvent(eventId, now.toISOString());
  } catch (err) {
    logEvent('error', 'webhook.received', {
      provider: 'razorpay',
      event: `${reading.kind}.${reading.event}`,
      outcome: 'retry',
      error: errorMessage(err),
    });
    throw new ApiException(503, 'unavailable', 'The payment could not be recorded; please retry.', undefined, {
      'Retry-After': '60',
    });
  }
  logEvent('info', 'webhook.received', {
    provider: 'razorpay',
    event: `${reading.kind}.${reading.event}`,
    outcome: first ? outcome : 'repeat',
  });
  return c.json({ ok: true });
});
