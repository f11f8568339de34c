import * as z from 'zod';
import type { Env } from '../../env';
import { TIME_ZONE } from '../../words/site';
import { deskBookings as copy } from './words';
import { BOOKING_PROVIDERS } from '../../config/index';
import { type BookingRecord } from '../../store/bookings/bookings';
import { getBookingStore } from '../../store/bookings/open';
import { getLeadStore } from '../../store/leads/open';
import type { LeadRecord } from '../../store/leads/listing';
import { contactOf } from '../../store/leads/lead';

const DAY = 86_400_000;

/** The start of the owners' day holding `now`, and the starts of the next day and of the day a week on (UTC). */
export function daysAround(now: Date): { today: string; tomorrow: string; weekEnd: string } {
  const offset = TIME_ZONE.utcOffsetMinutes * 60_000;
  const start = Math.floor((now.getTime() + offset) / DAY) * DAY - offset;
  const iso = (ms: number) => new Date(ms).toISOString();
  return { today: iso(start), tomorrow: iso(start + DAY), weekEnd: iso(start + 7 * DAY) };
}

/** The inbox's calls: today's (from the day's start, so a call under way still shows) and the next 7 days'. */
export async function upcomingCalls(env: Env, now: Date): Promise<{ today: BookingRecord[]; week: BookingRecord[] }> {
  const { today, tomorrow, weekEnd } = daysAround(now);
  const calls = await getBookingStore(env).upcoming(today, weekEnd, 20);
  return { today: calls.filter((b) => b.startAt < tomorrow), week: calls.filter((b) => b.startAt >= tomorrow) };
}

/** The booking a call on the desk is (`<provider>:<id>`, the id may hold ':' and '/') and the lead to link it to. */
export const LinkForm = z.object({
  booking: z
    .string()
    .max(600, copy.errors.booking)
    .transform((v, ctx) => {
      const at = v.indexOf(':');
      const provider = v.slice(0, at);
      const id = v.slice(at + 1);
      if (at < 1 || !id || !(BOOKING_PROVIDERS as readonly string[]).includes(provider)) {
        ctx.addIssue({ code: 'custom', message: copy.errors.booking });
        return z.NEVER;
      }
      return { provider: provider as (typeof BOOKING_PROVIDERS)[number], id };
    }),
  lead: z
    .string({ error: copy.errors.lead })
    .regex(/^(quiz|enquiry):[A-Za-z0-9_-]{1,100}$/, copy.errors.lead)
    .transform((v) => {
      const [kind, id] = v.split(':') as ['quiz' | 'enquiry', string];
      return { kind, id };
    }),
});
export type LinkForm = z.output<typeof LinkForm>;

/** Leads holding the booking's address read at most (a page of the store's search each): more than one person has. */
const BY_ADDRESS = 50;
/** Leads with the attendee's name listed at most per kind, after those with the address. */
const BY_NAME = 5;

/** A lead a booking may belong to, and whether it holds the address the booking was made with. */
export interface Candidate {
  lead: LeadRecord;
  sameAddress: boolean;
}

/**
 * The quiz responses and enquiries a booking may belong to: every one holding the address typed on the booking
 * tool's page, newest first, then a few with the name typed there; each once. None is chosen for the owner: the
 * address and the name are anyone's to type, and a lead's address was never proved to be its sender's.
 */
export async function candidatesFor(env: Env, booking: BookingRecord): Promise<Candidate[]> {
  const store = getLeadStore(env);
  const found = new Map<string, Candidate>();
  const add = (lead: LeadRecord, sameAddress: boolean) => {
    const key = `${lead.kind}:${lead.id}`;
    if (!found.has(key)) found.set(key, { lead, sameAddress });
  };
  const email = booking.email.trim().toLowerCase();
  const name = booking.name.trim();
  for (const kind of ['quiz', 'enquiry'] as const) {
    if (!email || email.length > 120) break;
    const page = await store.list({ q: email, kind, limit: BY_ADDRESS });
    for (const lead of page.leads) if (contactOf(lead).email?.trim().toLowerCase() === email) add(lead, true);
  }
  for (const kind of ['quiz', 'enquiry'] as const) {
    if (!name || name.length > 120) break;
    const page = await store.list({ q: name, kind, limit: BY_NAME });
    for (const lead of page.leads) add(lead, contactOf(lead).email?.trim().toLowerCase() === email);
  }
  return [...found.values()].sort(
    (a, b) => Number(b.sameAddress) - Number(a.sameAddress) || b.lead.createdAt.localeCompare(a.lead.createdAt),
  );
}

/** Bookings read for the numbers at most: far more than a month of calls. */
const NUMBERS_LIMIT = 1000;
/** Pages of client leads read at most for the numbers. */
const CLIENT_PAGES = 10;

/**
 * The 30 days' calls and clients. Calls: bookings first heard of in the window that replace no other (a moved
 * call's new booking carries `replaces`, so it is not counted again). Clients: the lead store's list filtered by
 * status `client` (every kind, newest first, a page at a time), kept when the status was set in the window.
 */
export async function callsAndClients(env: Env, now: Date, days: number): Promise<{ calls: number; clients: number }> {
  const from = new Date(now.getTime() - days * DAY).toISOString();
  const to = new Date(now.getTime() + 1).toISOString();
  const bookings = await getBookingStore(env).receivedBetween(from, to, NUMBERS_LIMIT);
  const calls = bookings.filter((b) => !b.replaces).length;
  let clients = 0;
  let cursor: string | undefined;
  for (let page = 0; page < CLIENT_PAGES; page++) {
    const result = await getLeadStore(env).list({ status: 'client', limit: 200, ...(cursor && { cursor }) });
    clients += result.leads.filter((l) => l.desk.status === 'client' && (l.desk.statusAt ?? '') >= from).length;
    if (!result.next) break;
    cursor = result.next;
  }
  return { calls, clients };
}
