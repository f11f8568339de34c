import type { BookingProvider } from '../../config/index';
import type { LeadKind } from '../leads/lead';
import type { FollowUpStatus } from '../leads/listing';

export type { BookingProvider };

/** What a booking tool tells: a call booked, moved to another time, or cancelled. */
export const BOOKING_EVENTS = ['created', 'rescheduled', 'cancelled'] as const;
export type BookingEventKind = (typeof BOOKING_EVENTS)[number];

/**
 * One event of a booking as its tool sent it, in the site's terms (src/bookings/calcom.ts, calendly.ts make it from
 * a signed body). The attendee's name and email are as they typed them on the tool's public page: anyone can book.
 */
export interface BookingEvent {
  provider: BookingProvider;
  /** The tool's id of the booking (Cal.com `payload.uid`; Calendly the invitee's URI). */
  bookingId: string;
  event: BookingEventKind;
  /** When the tool made the event (ISO): orders the events of one booking. */
  at: string;
  startAt: string;
  endAt: string;
  name: string;
  /** Lower case. */
  email: string;
  /** The lead's opaque reference the "Book a call" link carried (Lead.bookingRef). */
  ref?: string;
  /** The program (slug) the link named. */
  program?: string;
  /** `rescheduled`: the booking this one replaces (Cal.com `rescheduleUid`, Calendly `old_invitee`). */
  replaces?: string;
  /** `cancelled` as one half of a reschedule (Calendly cancels the old invitee): the booking that replaces it. */
  movedTo?: string;
}

/** Where a booking stands: on; moved (replaced by `movedTo`, which carries on); cancelled. */
export type BookingStatus = 'booked' | 'moved' | 'cancelled';

/** A lead a booking is linked to, how, and the lead's status before the booking set it to `booked`. */
export interface BookingLink {
  kind: LeadKind;
  id: string;
  /**
   * `ref`: the link's reference; otherwise the owner who linked it by hand (`email`: the attendee's address, on
   * bookings linked before a booking without the reference waited for an owner).
   */
  by: string;
  at: string;
  /** Restored when the call is cancelled (absent when the booking did not change the lead's status). */
  statusBefore?: FollowUpStatus;
}

/** Whether a call happened, as an owner marked it once its end had passed. */
export const CALL_OUTCOMES = ['attended', 'no_show'] as const;
export type CallOutcomeValue = (typeof CALL_OUTCOMES)[number];

/** An owner's mark of a call: attended or a no-show, who marked it (their email) and when; changeable. */
export interface CallOutcome {
  value: CallOutcomeValue;
  by: string;
  at: string;
}

/** One step of a booking's history, as the desk lists it. */
export interface BookingStep {
  event: BookingEventKind;
  /** When the tool made the event. */
  at: string;
  startAt: string;
  endAt: string;
}

/** A booking as stored: its newest state and its history. */
export interface BookingRecord {
  provider: BookingProvider;
  id: string;
  status: BookingStatus;
  startAt: string;
  endAt: string;
  name: string;
  email: string;
  program?: string;
  ref?: string;
  replaces?: string;
  movedTo?: string;
  /** The time (BookingEvent.at) of the newest event applied: an older one never overwrites it. */
  eventAt: string;
  /** When the site first heard of the booking. */
  receivedAt: string;
  lead?: BookingLink;
  history: BookingStep[];
  /** Attended or a no-show, once an owner marked it (setOutcome): `put` never writes nor clears it. */
  outcome?: CallOutcome;
}

/**
 * The bookings' port, on the lead store (D1 locally, Firestore in production); both adapters behave the same
 * (tests/store/bookings/booking-store.contract.test.ts).
 */
export interface BookingStore {
  /**
   * Marks an event of a booking seen, once per (provider, booking id, event kind, event time): false when it
   * was seen before (a repeated delivery), which then changes nothing.
   */
  markSeen(event: BookingEvent, receivedAt: string): Promise<boolean>;
  get(provider: BookingProvider, id: string): Promise<BookingRecord | null>;
  /**
   * Writes the booking whole (insert or replace), except its outcome: a stored outcome stays whatever `put` is
   * given, so a booking tool's event applied while an owner marks the call never undoes the mark.
   */
  put(booking: BookingRecord): Promise<void>;
  /** Records an owner's mark of a call (replacing an earlier one); false when there is no such booking. */
  setOutcome(provider: BookingProvider, id: string, outcome: CallOutcome): Promise<boolean>;
  /** A lead's bookings, newest call first. */
  forLead(kind: LeadKind, id: string): Promise<BookingRecord[]>;
  /** Bookings linked to no lead, newest first, at most `limit`. */
  unlinked(limit: number): Promise<BookingRecord[]>;
  /** Calls still on (`booked`) starting in [from, to), soonest first, at most `limit`. */
  upcoming(from: string, to: string, limit: number): Promise<BookingRecord[]>;
  /**
   * Bookings of every status (booked, moved, cancelled; linked or not) starting in [from, to): soonest first
   * (`asc`) or latest first (`desc`), at most `limit`: the desk's list of calls.
   */
  starting(from: string, to: string, order: 'asc' | 'desc', limit: number): Promise<BookingRecord[]>;
  /** Bookings made with this address (lower case), for a person's export and erasure. */
  withEmail(email: string): Promise<BookingRecord[]>;
  /** Bookings first heard of in [from, to) (their `receivedAt`), at most `limit`: the desk's numbers. */
  receivedBetween(from: string, to: string, limit: number): Promise<BookingRecord[]>;
  /** Deletes a booking and its seen events; false when there was none. */
  erase(provider: BookingProvider, id: string): Promise<boolean>;
  /** Unlinked bookings whose call ended before `before`, oldest first, at most `limit`: retention. */
  expiredUnlinked(before: string, limit: number): Promise<BookingRecord[]>;
}
