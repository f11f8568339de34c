import { Hono, type Context } from 'hono';
import { readConfig, type Env } from '../../env';
import { ApiException } from '../../http/errors';
import { jsonOfBytes, readCappedBytes } from '../../http/body';
import { logEvent, errorMessage } from '../../log';
import { applyToolEvents, readKit, readMailchimp, verifyKit, type ToolReading } from '../../newsletter/tool-webhooks';

/**
 * Kit's delivery is at most 100 events of a subscriber each (id, name, address, state, custom fields): well under
 * 100 KiB. Mailchimp's post is one event's form fields, a few hundred bytes. 256 KiB holds either many times over.
 */
export const NEWSLETTER_WEBHOOK_MAX_BYTES = 256 * 1024;

type Tool = 'kit' | 'mailchimp';

/**
 * The newsletter tool's webhooks (issue 59). Not forms: no Origin check and no visitor rate limit. Kit's deliveries
 * are admitted by their signature over the raw bytes; Mailchimp's are unsigned, so the secret is the address's last
 * part, compared in constant time. Without its secret a route does not exist (404, before the body is read), and a
 * wrong Mailchimp secret is the same 404. No address is ever logged: only counts.
 */
export const newsletterWebhooks = new Hono<{ Bindings: Env }>();

newsletterWebhooks.post('/kit', async (c) => {
  const secret = readConfig(c.env).newsletter.kitWebhookSecret;
  if (secret === undefined) return unconfigured('kit');
  const raw = await readCappedBytes(c.req.raw, NEWSLETTER_WEBHOOK_MAX_BYTES);
  const now = new Date();
  const verdict = await verifyKit(raw, c.req.header('x-kit-signature'), secret, now);
  if (verdict === 'invalid') return refuse('signature', 'Missing or invalid X-Kit-Signature.');
  if (verdict === 'stale') return refuse('stale', 'The signature is more than five minutes from now.');
  const body = jsonOfBytes(raw);
  if (body === undefined) throw new ApiException(400, 'invalid_json', 'The body is not JSON.');
  const reading = readKit(body, now);
  if (reading === null) {
    throw new ApiException(400, 'invalid_body', 'The body must be a Kit delivery: an "events" list of 1 to 100.');
  }
  return receive(c, 'kit', reading);
});

// Mailchimp checks a webhook's address with a GET when it is saved: a 200 is what it needs.
newsletterWebhooks.get('/mailchimp/:secret', async (c) => {
  await admitMailchimp(c);
  return c.json({ ok: true });
});

newsletterWebhooks.post('/mailchimp/:secret', async (c) => {
  await admitMailchimp(c);
  const raw = await readCappedBytes(c.req.raw, NEWSLETTER_WEBHOOK_MAX_BYTES);
  return receive(c, 'mailchimp', await readMailchimp(raw, new Date()));
});

/** Throws the unconfigured 404 unless the path's secret is MAILCHIMP_WEBHOOK_SECRET. */
async function admitMailchimp(c: Context<{ Bindings: Env }>): Promise<void> {
  const secret = readConfig(c.env).newsletter.mailchimpWebhookSecret;
  if (secret === undefined || !(await sameText(c.req.param('secret') ?? '', secret))) unconfigured('mailchimp');
}

/**
 * Constant time whatever the two hold: both are hashed first (equal lengths, so the comparison of the digests takes
 * the same time for any guess), then compared with timingSafeEqual.
 */
async function sameText(a: string, b: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [da, db] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(a)),
    crypto.subtle.digest('SHA-256', encoder.encode(b)),
  ]);
  return crypto.subtle.timingSafeEqual(da, db);
}

/**
 * Keeps a delivery's events, each once. A store that fails is a 503: the tool delivers again, and a repeat of what
 * was kept is harmless.
 */
async function receive(c: Context<{ Bindings: Env }>, tool: Tool, reading: ToolReading) {
  const counts = { provider: tool, events: reading.events.length, ignored: reading.ignored, skipped: reading.skipped };
  let outcome;
  try {
    outcome = await applyToolEvents(c.env, reading.events);
  } catch (err) {
    logEvent('error', 'webhook.received', { ...counts, outcome: 'retry', error: errorMessage(err) });
    throw new ApiException(503, 'unavailable', 'The events could not be recorded; please retry.', undefined, {
      'Retry-After': '60',
    });
  }
  logEvent('info', 'webhook.received', { ...counts, ...outcome });
  return c.json({ ok: true });
}

function refuse(reason: 'signature' | 'stale', message: string): never {
  logEvent('warn', 'webhook.refused', { provider: 'kit', reason, configured: true });
  throw new ApiException(401, 'unauthorized', message);
}

/** Without its secret (or with a wrong one in Mailchimp's address) the webhook does not exist: 404. */
function unconfigured(tool: Tool): never {
  logEvent('warn', 'webhook.refused', { provider: tool, reason: 'not_configured' });
  throw new ApiException(404, 'not_found', 'No such webhook.');
}
