import { readConfig, type Env } from '../env';
import { logEvent } from '../log';
import { enqueue } from '../queue/jobs';
import {
  type BookingEvent,
  type BookingLink,
  type BookingProvider,
  type BookingRecord,
  type BookingStep,
  type BookingStore,
} from '../store/bookings/bookings';
import { getBookingStore } from '../store/bookings/open';
import { erasedSince } from '../store/people/erasures';
import type { LeadKind } from '../store/leads/lead';
import { getLeadStore } from '../store/leads/open';
import { getClientStore } from '../store/clients/open';
import { bookedStatus, matchEngagement, matchLead, restoredStatus, TOOL_NAMES } from './lead-status';

/** What became of one event: applied, a repeat of one seen before, or older than what the booking already says. */
export type BookingOutcome = 'applied' | 'repeat' | 'stale';

/** Events of the same moment rank by how final they are: a cancellation stands over a reschedule over a booking. */
const RANK: Record<BookingEvent['event'], number> = { created: 0, rescheduled: 1, cancelled: 2 };

/** Whether event `e` is newer than the booking's newest applied event. */
function newer(e: BookingEvent, booking: BookingRecord): boolean {
  const [a, b] = [Date.parse(e.at), Date.parse(booking.eventAt)];
  if (a !== b) return a > b;
  const last = booking.history.find((s) => s.at === booking.eventAt);
  return RANK[e.event] > (last ? RANK[last.event] : -1);
}

const stepOf = (e: BookingEvent): BookingStep => ({ event: e.event, at: e.at, startAt: e.startAt, endAt: e.endAt });

/** The history with the step in time order (a late, older event is kept in the history too). */
function withStep(history: BookingStep[], step: BookingStep): BookingStep[] {
  return [...history, step].sort((x, y) => Date.parse(x.at) - Date.parse(y.at) || RANK[x.event] - RANK[y.event]);
}

/**
 * Applies one event of a booking tool: stored once (a repeat changes nothing), never letting an older event
 * overwrite a newer one; a new booking carrying a lead's reference is linked to that lead, whose status becomes
 * `booked` (one without waits for an owner: it changes no lead); a cancellation puts the lead's status back; the
 * owners' alert (a new call, a cancelled one) goes through the queue, an unlinked booking's into the hourly digest.
 * Throws when a store fails (the webhook answers 503 and the tool sends it again).
 */
export async function applyBookingEvent(env: Env, event: BookingEvent, now: Date): Promise<BookingOutcome> {
  const store = getBookingStore(env);
  const receivedAt = now.toISOString();
  const existing = await store.get(event.provider, event.bookingId);
  if (existing?.history.some((s) => s.event === event.event && s.at === event.at)) {
    await store.markSeen(event, receivedAt);
    return 'repeat';
  }
  if (await erasedAfterEvent(env, event)) {
    logEvent('info', 'booking.received', { provider: event.provider, event: event.event, outcome: 'erased' });
    return 'stale';
  }
  if (existing && !newer(event, existing)) {
    await store.put({ ...existing, history: withStep(existing.history, stepOf(event)) });
    await store.markSeen(event, receivedAt);
    logEvent('info', 'booking.received', { provider: event.provider, event: event.event, outcome: 'stale' });
    return 'stale';
  }
  const booking = await nextState(env, store, event, existing, receivedAt);
  await store.put(booking);
  if (event.event === 'cancelled' && !event.movedTo) await releaseLead(env, store, booking, receivedAt);
  await store.markSeen(event, receivedAt);
  const alert = event.event === 'cancelled' ? (event.movedTo ? null : 'cancelled') : 'created';
  if (alert && !(existing?.status === 'cancelled' && alert === 'cancelled')) {
    await enqueue(env, {
      type: 'booking-alert',
      provider: event.provider,
      bookingId: event.bookingId,
      event: alert,
      at: event.at,
    });
  }
  logEvent('info', 'booking.received', {
    provider: event.provider,
    event: event.event,
    outcome: 'applied',
    // 'email': a link made by the address alone, before such bookings waited for an owner.
    linked:
      booking.lead?.by === 'ref' || booking.lead?.by === 'email' ? booking.lead.by : booking.lead ? 'owner' : 'no',
  });
  return 'applied';
}

/** The booking after the event: its fields, status and history; a new one linked to its lead. */
async function nextState(
  env: Env,
  store: BookingStore,
  event: BookingEvent,
  existing: BookingRecord | null,
  receivedAt: string,
): Promise<BookingRecord> {
  const status: BookingRecord['status'] =
    event.event !== 'cancelled' ? 'booked' : event.movedTo ? 'moved' : 'cancelled';
  const booking: BookingRecord = {
    provider: event.provider,
    id: event.bookingId,
    status,
    startAt: event.startAt,
    endAt: event.endAt,
    name: event.name,
    email: event.email,
    ...((event.program ?? existing?.program) !== undefined && { program: event.program ?? existing?.program }),
    ...((event.ref ?? existing?.ref) !== undefined && { ref: event.ref ?? existing?.ref }),
    ...((event.replaces ?? existing?.replaces) !== undefined && { replaces: event.replaces ?? existing?.replaces }),
    ...((event.movedTo ?? existing?.movedTo) !== undefined && { movedTo: event.movedTo ?? existing?.movedTo }),
    eventAt: event.at,
    receivedAt: existing?.receivedAt ?? receivedAt,
    ...(existing?.lead && { lead: existing.lead }),
    history: withStep(existing?.history ?? [], stepOf(event)),
  };
  if (event.replaces) await moveReplaced(store, event, booking);
  if (!booking.lead && status === 'booked') {
    const link = await linkNew(env, booking, receivedAt);
    if (link) booking.lead = link;
  }
  return booking;
}

/**
 * A reschedule: the booking it replaces is marked moved (its history says so) and hands its lead on, so the
 * lead keeps one call at the new time rather than gaining a second one.
 */
async function moveReplaced(store: BookingStore, event: BookingEvent, booking: BookingRecord): Promise<void> {
  const old = await store.get(event.provider, event.replaces!);
  if (!old) return;
  if (old.lead && !booking.lead) booking.lead = old.lead;
  if (old.status === 'moved' && old.movedTo === booking.id) return;
  await store.put({
    ...old,
    status: old.status === 'cancelled' ? 'cancelled' : 'moved',
    movedTo: booking.id,
    history: withStep(old.history, { event: 'rescheduled', at: event.at, startAt: event.startAt, endAt: event.endAt }),
  });
}

/**
 * Links a new booking to its lead and marks the lead booked; null when no lead matches. A call a client booked from
 * their page (the engagement's reference) links to the engagement's lead and leaves its status alone.
 */
async function linkNew(env: Env, booking: BookingRecord, at: string): Promise<BookingLink | null> {
  const leads = getLeadStore(env);
  const own = await matchLead(leads, booking);
  const match = own ?? (await matchEngagement(leads, getClientStore(env), booking));
  if (!match) return null;
  const statusBefore = own ? await bookedStatus(leads, match.lead, TOOL_NAMES[booking.provider], at) : undefined;
  return {
    kind: match.lead.kind,
    id: match.lead.id,
    by: match.by,
    at,
    ...(statusBefore !== undefined && { statusBefore }),
  };
}

/** A cancelled call: the lead's status goes back to what it was, unless another call of theirs is still on. */
async function releaseLead(env: Env, store: BookingStore, booking: BookingRecord, at: string): Promise<void> {
  if (!booking.lead) return;
  const theirs = await store.forLead(booking.lead.kind, booking.lead.id);
  if (theirs.some((b) => b.id !== booking.id && b.status === 'booked')) return;
  // A booking that found the lead already booked (by an earlier call) restores what that call had found.
  const fallback = theirs.find((b) => b.lead?.statusBefore)?.lead?.statusBefore ?? 'contacted';
  await restoredStatus(getLeadStore(env), booking.lead, fallback, TOOL_NAMES[booking.provider], at);
}

/** Whether the attendee was erased after the tool made this event (a delivery retried after an erasure). */
async function erasedAfterEvent(env: Env, event: BookingEvent): Promise<boolean> {
  const config = readConfig(env);
  return erasedSince(
    env.DB,
    config.privacy.erasureKey || null,
    { email: event.email },
    event.at,
    config.leads.defaultPhoneRegion,
  );
}

/**
 * An owner links a booking no lead matched to a lead they chose: the lead is marked booked as if the link had
 * carried its reference. A booking already linked stays as it is.
 */
export async function linkBooking(
  env: Env,
  ref: { provider: BookingProvider; id: string },
  lead: { kind: LeadKind; id: string },
  by: string,
  now: Date,
): Promise<'linked' | 'no_booking' | 'no_lead' | 'already_linked'> {
  const store = getBookingStore(env);
  const booking = await store.get(ref.provider, ref.id);
  if (!booking) return 'no_booking';
  if (booking.lead) return 'already_linked';
  const leads = getLeadStore(env);
  const record = await leads.get(lead.kind, lead.id);
  if (!record) return 'no_lead';
  const at = now.toISOString();
  const statusBefore = booking.status === 'booked' ? await bookedStatus(leads, record, by, at) : undefined;
  await store.put({
    ...booking,
    lead: { kind: lead.kind, id: lead.id, by, at, ...(statusBefore !== undefined && { statusBefore }) },
  });
  logEvent('info', 'booking.linked', { provider: booking.provider, kind: lead.kind, id: lead.id, by: 'owner' });
  return 'linked';
}
