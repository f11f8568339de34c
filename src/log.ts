/**
 * Log lines never carry a visitor's email address, phone number or free text. Messages that come
 * from outside (a Graph API error, a Firestore error body) may quote what was sent, so they pass
 * through `redact` before they are logged or stored: addresses and numbers are masked, and an API
 * error's body is reduced to its status.
 */
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/g;
/** "+91 98123 45678", "+919812345678", or a bare run of 10–15 digits. */
const PHONE = /\+\d[\d ()-]{6,18}\d|\b\d{10,15}\b/g;
/** A WhatsApp business-scoped user id ("US.13491208655302741918"): as personal as the number. */
const USER_ID = /\b[A-Za-z]{2,3}\.[A-Za-z0-9.]*\d{5}[A-Za-z0-9.]*/g;
/** "Firestore API error: 400 - {…body…}": the body may echo the document. */
const API_ERROR_BODY = /(API error: \d{3}) - ([\s\S]*)/;

/** "+919812345678" -> "+91******5678"; "asha@example.com" -> "a***@***.com". */
export function redact(text: string): string {
  return text
    .replace(API_ERROR_BODY, (_, head: string, body: string) => {
      const status = /"status"\s*:\s*"([A-Z_]+)"/.exec(body)?.[1];
      return `${head}${status ? ` ${status}` : ''} (body not logged)`;
    })
    .replace(EMAIL, (email) => `${email[0]}***@***${email.slice(email.lastIndexOf('.'))}`)
    .replace(USER_ID, maskUserId)
    .replace(PHONE, (phone) => {
      const digits = phone.replace(/\D/g, '');
      return `${phone.startsWith('+') ? '+' : ''}${digits.slice(0, 2)}${'*'.repeat(Math.max(digits.length - 6, 1))}${digits.slice(-4)}`;
    });
}

/** The message of anything thrown, cut short: upstream error bodies can be long. */
export function errorMessage(err: unknown, max = 300): string {
  const text = redact(err instanceof Error ? err.message : String(err));
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** An error for a log line: its stack (or message), redacted. */
export function describeError(err: unknown): string {
  return redact(err instanceof Error ? (err.stack ?? err.message) : String(err));
}

/** The fixed names an operator searches the logs by (docs/deploy.md lists the queries). */
export type LogEvent =
  | 'lead.stored'
  | 'lead.conflict'
  | 'lead.parked'
  | 'lead.refused'
  | 'lead.dead'
  | 'delivery.sent'
  | 'delivery.failed'
  | 'delivery.retry'
  | 'delivery.skipped'
  | 'delivery.dead'
  | 'delivery.status'
  | 'delivery.email'
  | 'delivery.replayed'
  | 'delivery.replay-queued'
  | 'delivery.pruned'
  | 'dead_lead.pruned'
  | 'person.erased'
  | 'person.found'
  | 'conversation.dropped'
  | 'person.exported'
  | 'lead.corrected'
  | 'lead.owner'
  | 'lead.expired'
  | 'job.erased_dropped'
  | 'newsletter.skipped'
  | 'newsletter.unsubscribed'
  | 'newsletter.erase'
  | 'digest.sent'
  | 'queue.malformed'
  | 'queue.retry'
  | 'booking.received'
  | 'booking.linked'
  | 'booking.reminder'
  | 'lead.nudge'
  | 'client.last_session'
  | 'client.started'
  | 'report.weekly'
  | 'booking.rebook'
  | 'webhook.refused'
  | 'webhook.received'
  | 'webhook.ignored'
  | 'health.checked'
  | 'health.changed'
  | 'health.heartbeat'
  | 'feeds.refreshed'
  | 'feeds.failed'
  | 'podcast.refreshed'
  | 'podcast.failed'
  | 'config.problem'
  | 'security.refused'
  | 'security.access-keys'
  | 'desk.action'
  | 'client.testimonial'
  | 'desk.store-unreachable'
  | 'content.published'
  | 'content.unreadable'
  | 'content.pruned'
  | 'search.backfill'
  | 'conversation.received'
  | 'conversation.read'
  | 'conversation.media'
  | 'conversation.reply'
  | 'conversation.opt-out'
  | 'conversation.follow-up'
  | 'conversation.joined'
  | 'guide.request'
  | 'guide.confirmed'
  | 'guide.download'
  | 'request.error';

/** What a log line may carry besides its event: ids, kinds, outcomes, counts, codes — never a visitor's data. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** Fields written as they are: identifiers and times the Worker made itself. */
const VERBATIM = /(^id$|Id$|At$|^hourStart$)/;

/**
 * Writes one log line as one JSON object: `{ "event": "delivery.failed", "level": "error", … }`, so Workers
 * Logs can filter by any field. Free text (an error message, a reason) is redacted before it is written.
 *
 * @example logEvent('error', 'delivery.failed', { submissionId, template, code: '190', outcome: 'permanent' })
 */
export function logEvent(level: 'info' | 'warn' | 'error', event: LogEvent, fields: LogFields = {}): void {
  const line: Record<string, unknown> = { event, level };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    // Ids (a UUID's last group can be ten digits) and times are ours, not a visitor's: kept as they are.
    line[key] = typeof value === 'string' && !VERBATIM.test(key) ? redact(value) : value;
  }
  const text = JSON.stringify(line);
  if (level === 'error') console.error(text);
  else if (level === 'warn') console.warn(text);
  else console.log(text);
}

/** A phone number or an email address, masked for a log line. */
export function maskRecipient(to: string): string {
  if (!to.includes('@')) return maskPhone(to);
  return `${to[0]}***@***${to.slice(to.lastIndexOf('.'))}`;
}

/**
 * "+919800000001" -> "+91******0001": enough to tell owners apart in a log, not enough to dial. A WhatsApp user id
 * (an address that starts with a letter) is masked as maskUserId does.
 */
export function maskPhone(phone: string): string {
  if (/^[A-Za-z]/.test(phone)) return maskUserId(phone);
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 6) return '+' + '*'.repeat(Math.max(digits.length - 2, 0)) + digits.slice(-2);
  return '+' + digits.slice(0, 2) + '*'.repeat(digits.length - 6) + digits.slice(-4);
}

/** "US.13491208655302741918" -> "US.***18": the country part and two characters, never the id. */
export function maskUserId(id: string): string {
  const dot = id.indexOf('.');
  return `${dot > 0 && dot <= 3 ? id.slice(0, dot) : ''}.***${id.length > 8 ? id.slice(-2) : ''}`;
}

/**
 * A WhatsApp message id (`wamid.…`) for a log line: a short SHA-256 of it, never the id itself. A wamid is
 * base64 of a payload that holds the other party's phone number in clear, so it is as personal as the number;
 * the hash still lets an operator match the lines of one message.
 *
 * @example logEvent('info', 'delivery.status', { providerMessageId: await wamidRef(id) })
 */
export async function wamidRef(id: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id));
  return `wamid#${[...new Uint8Array(digest).slice(0, 6)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
