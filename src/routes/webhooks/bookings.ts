import { Hono, type Context } from 'hono';
import { readConfig, type Env } from '../../env';
import { ApiException } from '../../http/errors';
import { jsonOfBytes, readCappedBytes } from '../../http/body';
import { logEvent, errorMessage } from '../../log';
import type { BookingProvider } from '../../store/bookings/bookings';
import { applyBookingEvent, type BookingOutcome } from '../../bookings/apply';
import { readCalcom, verifyCalcom } from '../../bookings/calcom';
import { readCalendly, verifyCalendly } from '../../bookings/calendly';
import type { Reading } from '../../bookings/fields';

/**
 * One booking is a few kilobytes (Cal.com's payload with the organizer, attendees, answers and metadata; Calendly's
 * invitee with its questions and answers): 256 KiB holds any of them many times over.
 */
export const BOOKING_WEBHOOK_MAX_BYTES = 256 * 1024;

/**
 * The booking tools' webhooks. Not forms: no Origin check and no visitor rate limit; what admits a request is the
 * signature over the raw bytes, checked before anything is parsed. Without its secret a route does not exist (404,
 * before the body is read): the site works as it did before bookings came back.
 */
export const bookingWebhooks = new Hono<{ Bindings: Env }>();

bookingWebhooks.post('/calcom', async (c) => {
  const secret = readConfig(c.env).bookings.calcomSecret;
  if (secret === undefined) return unconfigured('calcom');
  const raw = await readCappedBytes(c.req.raw, BOOKING_WEBHOOK_MAX_BYTES);
  if (!(await verifyCalcom(raw, c.req.header('x-cal-signature-256'), secret))) {
    return refuse('calcom', 'signature', 'Missing or invalid X-Cal-Signature-256.');
  }
  return receive(c, 'calcom', readCalcom(jsonOfBytes(raw)));
});

bookingWebhooks.post('/calendly', async (c) => {
  const key = readConfig(c.env).bookings.calendlySigningKey;
  if (key === undefined) return unconfigured('calendly');
  const raw = await readCappedBytes(c.req.raw, BOOKING_WEBHOOK_MAX_BYTES);
  const verdict = await verifyCalendly(raw, c.req.header('calendly-webhook-signature'), key, new Date());
  if (verdict === 'invalid') return refuse('calendly', 'signature', 'Missing or invalid Calendly-Webhook-Signature.');
  if (verdict === 'stale') return refuse('calendly', 'stale', 'The signature is more than five minutes old.');
  return receive(c, 'calendly', readCalendly(jsonOfBytes(raw)));
});

/**
 * Applies a signed body's events, each once (a repeat or an event older than the stored one changes nothing).
 * A store that fails is a 503: the tool may deliver again, and a repeat of what was applied is harmless. A body
 * that is not the tool's shape is answered 200 all the same (an error would only bring it back), and counted.
 */
async function receive(c: Context<{ Bindings: Env }>, provider: BookingProvider, reading: Reading) {
  const outcomes: Record<BookingOutcome, number> = { applied: 0, repeat: 0, stale: 0 };
  const counts = () => ({
    provider,
    events: reading.events.length,
    ...outcomes,
    skipped: reading.skipped,
    ignored: reading.ignored,
  });
  try {
    for (const event of reading.events) outcomes[await applyBookingEvent(c.env, event, new Date())] += 1;
  } catch (err) {
    logEvent('error', 'webhook.received', { ...counts(), outcome: 'retry', error: errorMessage(err) });
    throw new ApiException(503, 'unavailable', 'The booking could not be recorded; please retry.', undefined, {
      'Retry-After': '60',
    });
  }
  logEvent('info', 'webhook.received', counts());
  return c.json({ ok: true });
}

function refuse(provider: BookingProvider, reason: 'signature' | 'stale', message: string): never {
  logEvent('warn', 'webhook.refused', { provider, reason, configured: true });
  throw new ApiException(401, 'unauthorized', message);
}

/** Without its secret the webhook does not exist: 404, before the body is read. */
function unconfigured(provider: BookingProvider): never {
  logEvent('warn', 'webhook.refused', { provider, reason: 'not_configured', configured: false });
  throw new ApiException(404, 'not_found', 'No such webhook.');
}
