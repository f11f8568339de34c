/** The Monday report's test bench: owners with addresses, times in the owners' zone, and the report rows of the ledger. */
import { env } from 'cloudflare:test';
import type { Env } from '../../../src/env';
import { emailParts } from '../../../src/notify/email/email';
import type { Send } from '../../../src/notify/ledger/templates';
import { addDays, dayStart } from '../../../src/desk/report/week';
import type { BookingRecord } from '../../../src/store/bookings/bookings';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Two owners, each with an address: each gets one report. */
export const OWNERS = {
  OWNER_PHONES: '+919800000001,+919800000002',
  OWNER_NAMES: 'Priya,Arjun',
  OWNER_EMAILS: 'priya@example.com,arjun@example.com',
};

export const tag = () => `t${crypto.randomUUID().slice(0, 8)}`;

/** The instant of `hh:mm` on `day` (YYYY-MM-DD) in the owners' time zone, `days` later. */
export const at = (day: string, hh: number, mm = 0, days = 0) =>
  new Date(dayStart(addDays(day, days)) + (hh * 60 + mm) * 60_000);

/** The ledger's report emails of the week of `monday`: to whom, their state, and their subject, text and HTML. */
export async function reportRows(monday: string) {
  const { results } = await env.DB.prepare(
    `SELECT submission_id, recipient, status, components FROM deliveries
     WHERE submission_id LIKE ? AND template = 'weekly_report_email' ORDER BY recipient`,
  )
    .bind(`report:${monday}:%`)
    .all<{ submission_id: string; recipient: string; status: string; components: string }>();
  return results.map((r) => ({
    ...r,
    ...emailParts({ components: JSON.parse(r.components) } as Send),
  }));
}

/** A call (on, linked to `lead`) as the booking store holds it, received and starting when the test says. */
export function call(
  lead: { kind: 'quiz' | 'enquiry'; id: string },
  over: Partial<BookingRecord> & { startAt: string; receivedAt: string },
): BookingRecord {
  return {
    provider: 'calcom',
    id: `uid-${tag()}`,
    status: 'booked',
    endAt: new Date(Date.parse(over.startAt) + HOUR).toISOString(),
    name: 'Attendee',
    email: `${tag()}@example.com`,
    eventAt: over.receivedAt,
    lead: { ...lead, by: 'ref', at: over.receivedAt },
    history: [{ event: 'created', at: over.receivedAt, startAt: over.startAt, endAt: over.startAt }],
    ...over,
  };
}

export const ownerEnv = (base: Env = env as Env, extra: Record<string, string> = {}): Env =>
  ({ ...base, ...OWNERS, ...extra }) as Env;
