import * as z from 'zod';
import { readConfig, type Env } from '../env';
import { erasedSince } from '../store/people/erasures';
import { timestampedSignature } from '../security/hmac';
import { getToolEventStore } from '../store/newsletter/open';
import type { ToolEvent, ToolEventKind } from '../store/newsletter/tool-events';

/**
 * What Kit's and Mailchimp's webhooks tell the site (issue 59): an address unsubscribed, bounced, complained or
 * changed at the tool. Reading a delivery turns it into ToolEvents; applying keeps each once by its id. Nothing else
 * changes: the newest event of an address (by when the tool says it happened) is what stops the site's emails to it,
 * so an event that arrives late never undoes a newer one.
 */

/** How far Kit's signature timestamp may be from now, either way: an older delivery is a replay, refused. */
export const KIT_TOLERANCE_SECONDS = 300;

/** Kit sends 1 to 100 events a delivery; more is not Kit. */
export const KIT_MAX_EVENTS = 100;

/**
 * Kit's `X-Kit-Signature: t=<unix seconds>,v1=<hex>[,v1=…]`: v1 is hex HMAC-SHA256 of `<t>.` and the raw body's
 * bytes. While Kit rotates the endpoint's secret it sends one v1 per valid secret: any one matching passes. 'stale'
 * when the signature holds but `t` is more than five minutes from `now`; 'invalid' when it is missing, malformed or
 * matches no v1.
 */
export const verifyKit = timestampedSignature(KIT_TOLERANCE_SECONDS);

/** A delivery read: its events, and how many were not about what the site keeps (ignored) or unreadable (skipped). */
export interface ToolReading {
  events: ToolEvent[];
  ignored: number;
  skipped: number;
}

const KIT_KINDS: Record<string, ToolEventKind> = {
  'subscriber.unsubscribed': 'unsubscribed',
  'subscriber.bounced': 'bounced',
  'subscriber.complained': 'complained',
};

const Email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const EventId = z.union([z.string().trim().min(1).max(200), z.number().int().transform(String)]);
const Instant = z.iso.datetime({ offset: true }).transform((at) => new Date(at).toISOString());

const KitDelivery = z.object({ events: z.array(z.unknown()).max(KIT_MAX_EVENTS) }).loose();
const KitEvent = z
  .object({
    id: EventId,
    type: z.string(),
    created: Instant,
    data: z.object({ subscriber: z.object({ email_address: Email }).loose() }).loose(),
  })
  .loose();

/**
 * The events of a signed Kit body, or null when it is not a delivery (no `events` list, or more than 100). An event
 * of another type is acknowledged and ignored; one of a kept type that lacks its id, time or address is skipped.
 */
export function readKit(body: unknown, receivedAt: Date): ToolReading | null {
  const delivery = KitDelivery.safeParse(body);
  if (!delivery.success) return null;
  const reading: ToolReading = { events: [], ignored: 0, skipped: 0 };
  for (const item of delivery.data.events) {
    const type = z.object({ type: z.string() }).loose().safeParse(item);
    const kind = type.success ? KIT_KINDS[type.data.type] : undefined;
    if (kind === undefined) {
      reading.ignored += 1;
      continue;
    }
    const event = KitEvent.safeParse(item);
    if (!event.success) {
      reading.skipped += 1;
      continue;
    }
    reading.events.push({
      tool: 'kit',
      eventId: event.data.id,
      email: event.data.data.subscriber.email_address,
      kind,
      occurredAt: event.data.created,
      receivedAt: receivedAt.toISOString(),
    });
  }
  return reading;
}

/**
 * A Mailchimp webhook post (form fields, as posted): `unsubscribe` → unsubscribed; `cleaned` → bounced, or complained
 * when its reason is `abuse`; `upemail` → address_changed, about the OLD address (the new one has not subscribed on
 * the site). `subscribe`, `profile` and the rest are acknowledged and ignored. Mailchimp sends no event id: the
 * SHA-256 of the raw body stands for one, so a redelivery of the same post is a repeat. `fired_at` is Mailchimp's
 * `YYYY-MM-DD HH:MM:SS` in UTC; without it, the time it arrived.
 */
export async function readMailchimp(raw: Uint8Array, receivedAt: Date): Promise<ToolReading> {
  const form = new URLSearchParams(new TextDecoder().decode(raw));
  const reading: ToolReading = { events: [], ignored: 0, skipped: 0 };
  const type = form.get('type');
  const kind: ToolEventKind | undefined =
    type === 'unsubscribe'
      ? 'unsubscribed'
      : type === 'cleaned'
        ? form.get('data[reason]') === 'abuse'
          ? 'complained'
          : 'bounced'
        : type === 'upemail'
          ? 'address_changed'
          : undefined;
  if (kind === undefined) {
    reading.ignored = 1;
    return reading;
  }
  const email = Email.safeParse(form.get(kind === 'address_changed' ? 'data[old_email]' : 'data[email]') ?? '');
  const occurredAt = mailchimpTime(form.get('fired_at'), receivedAt);
  if (!email.success || occurredAt === null) {
    reading.skipped = 1;
    return reading;
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', raw));
  reading.events.push({
    tool: 'mailchimp',
    eventId: [...digest].map((b) => b.toString(16).padStart(2, '0')).join(''),
    email: email.data,
    kind,
    occurredAt,
    receivedAt: receivedAt.toISOString(),
  });
  return reading;
}

/** `2026-11-29 04:34:00` (UTC) → ISO; absent → when it arrived; present but not that shape → null (skipped). */
function mailchimpTime(firedAt: string | null, receivedAt: Date): string | null {
  if (firedAt === null || firedAt.trim() === '') return receivedAt.toISOString();
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(firedAt.trim());
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2]}Z`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** How many of a delivery's events were new (applied), already kept (repeat), or about a person erased (erased). */
export interface ToolOutcome {
  applied: number;
  repeat: number;
  erased: number;
}

/**
 * An erasure tells the tool (Kit unsubscribes the address, Mailchimp deletes it), and the tool's webhook then reports
 * that very change back, minutes or hours later: an event up to a day after an erasure of its address is taken for
 * that echo and not kept, so the erased address is not written down again.
 */
const ERASURE_ECHO_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps each event once by (tool, id); a repeat writes nothing, and nor does an event about an address erased since
 * a day before it. A store that fails throws (the route answers 503).
 */
export async function applyToolEvents(env: Env, events: readonly ToolEvent[]): Promise<ToolOutcome> {
  const store = getToolEventStore(env);
  const config = readConfig(env);
  const outcome: ToolOutcome = { applied: 0, repeat: 0, erased: 0 };
  for (const event of events) {
    const since = new Date(Date.parse(event.occurredAt) - ERASURE_ECHO_MS).toISOString();
    const erasureKey = config.privacy.erasureKey || null;
    if (await erasedSince(env.DB, erasureKey, { email: event.email }, since, config.leads.defaultPhoneRegion)) {
      outcome.erased += 1;
    } else if (await store.record(event)) outcome.applied += 1;
    else outcome.repeat += 1;
  }
  return outcome;
}
