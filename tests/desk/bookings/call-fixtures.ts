/** Calls for the outcome and rebook tests: a booking made relative to now, stored, linked to a stored lead. */
import type { Env } from '../../../src/env';
import type { BookingRecord } from '../../../src/store/bookings/bookings';
import { getBookingStore } from '../../../src/store/bookings/open';
import { getLeadStore } from '../../../src/store/leads/open';
import type { EnquiryLead } from '../../fixtures/leads';
import { callWorker, postForm } from '../../support/api';
import { enquiryLead } from '../../fixtures/leads';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const tag = () => crypto.randomUUID().slice(0, 8);

/** Two owners with names and addresses (the local owner, owner@localhost, is neither). */
export const OWNER_VARS = {
  OWNER_PHONES: '+919700000001,+919700000002',
  OWNER_EMAILS: 'priya@example.com,arjun@example.com',
  OWNER_NAMES: 'Priya,Arjun',
};

/** A Calendly booking (its id a URI) whose hour-long call started `startedHoursAgo` before now (negative: ahead). */
export function call(startedHoursAgo: number, over: Partial<BookingRecord> = {}): BookingRecord {
  return callAt(Date.now() - startedHoursAgo * HOUR, over);
}

/** A Calendly booking whose hour-long call starts at `start` (ms), first heard of two days before it. */
export function callAt(start: number, over: Partial<BookingRecord> = {}): BookingRecord {
  const at = new Date(start - 2 * DAY).toISOString();
  const [startAt, endAt] = [new Date(start).toISOString(), new Date(start + HOUR).toISOString()];
  return {
    provider: 'calendly',
    id: `https://api.calendly.com/scheduled_events/${tag()}/invitees/${tag()}`,
    status: 'booked',
    startAt,
    endAt,
    name: `Caller ${tag()}`,
    email: `${tag()}@example.com`,
    program: 'consultations',
    eventAt: at,
    receivedAt: at,
    history: [{ event: 'created', at, startAt, endAt }],
    ...over,
  };
}

/** Stores a lead (an enquiry unless given) and `booking` linked to it; answers both and the lead's page. */
export async function storeCall(env: Env, booking: BookingRecord, lead: EnquiryLead = enquiryLead()) {
  await getLeadStore(env).save(lead);
  const linked = { ...booking, lead: { kind: lead.kind, id: lead.id, by: 'ref', at: booking.receivedAt } };
  await getBookingStore(env).put(linked);
  return { lead, booking: linked, path: `/desk/leads/enquiry/${lead.id}` };
}

/** The desk's address of a booking's form. */
export const action = (b: BookingRecord, what: 'outcome' | 'rebook') =>
  `/desk/bookings/${b.provider}/${encodeURIComponent(b.id)}/${what}`;

/** Posts the outcome form as the page would. */
export const mark = (env: Env, b: BookingRecord, outcome: string, from = 'lead') =>
  postForm(env, action(b, 'outcome'), { outcome, from });

/** A desk page's HTML. */
export const page = async (env: Env, path: string) => (await callWorker(env, path)).text();

/** The booking as stored now. */
export const stored = (env: Env, b: BookingRecord) => getBookingStore(env).get(b.provider, b.id);
