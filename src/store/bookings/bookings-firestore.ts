import type {
  BookingEvent,
  BookingLink,
  BookingProvider,
  BookingRecord,
  BookingStep,
  BookingStore,
  CallOutcome,
} from './bookings';
import { FirestoreStore, type Document, type Value } from '../firestore/firestore-client';
import { plain } from '../leads/firestore/leads-firestore-documents';
import { MAX_READ, guarded, hashedId } from '../firestore/firestore-guard';
import { inRange, whereEqual } from '../firestore/firestore-queries';
import type { LeadKind } from '../leads/lead';

/** One document per booking; its id is the SHA-256 of (provider, booking id): a Calendly URI holds `/`. */
export const BOOKINGS_COLLECTION = 'bookings';
/** One document per seen event of a booking, created once: its id is the SHA-256 of (provider, id, event, time). */
export const BOOKING_EVENTS_COLLECTION = 'booking_events';

/**
 * Bookings in Firestore. Times are timestamps, read back as ISO strings (the canonical `toISOString` form the
 * booking tools' events are normalised to, so they equal what was written). Every query is a single-field
 * equality or one range ordered on its own field, so no composite index is needed: `leadKey` ("kind/id") for a
 * lead's bookings, `linked` (a boolean) for the unlinked ones, `email`, `startAt` and `receivedAt` ranges, and
 * `booking` (the booking's document id) on its events; the rest is sorted and filtered here, at most MAX_READ.
 */
export class FirestoreBookingStore extends FirestoreStore implements BookingStore {
  async markSeen(e: BookingEvent, receivedAt: string): Promise<boolean> {
    const fields = {
      provider: e.provider,
      bookingId: e.bookingId,
      booking: await bookingDoc(e.provider, e.bookingId),
      event: e.event,
      eventAt: new Date(e.at),
      receivedAt: new Date(receivedAt),
    };
    const id = await hashedId(JSON.stringify([e.provider, e.bookingId, e.event, e.at]));
    return guarded('mark a booking event seen', () => this.client.create(BOOKING_EVENTS_COLLECTION, id, fields, []));
  }

  async get(provider: BookingProvider, id: string): Promise<BookingRecord | null> {
    const doc = await guarded('read a booking', async () =>
      this.client.get(BOOKINGS_COLLECTION, await bookingDoc(provider, id)),
    );
    return doc ? fromDocument(doc) : null;
  }

  async put(b: BookingRecord): Promise<void> {
    const time = (iso: string) => new Date(iso);
    const fields = defined({
      provider: b.provider,
      bookingId: b.id,
      status: b.status,
      startAt: time(b.startAt),
      endAt: time(b.endAt),
      name: b.name,
      email: b.email,
      program: b.program,
      ref: b.ref,
      replaces: b.replaces,
      movedTo: b.movedTo,
      eventAt: time(b.eventAt),
      receivedAt: time(b.receivedAt),
      linked: b.lead !== undefined,
      leadKey: b.lead && leadKey(b.lead.kind, b.lead.id),
      lead: b.lead && defined({ ...b.lead, at: time(b.lead.at) }),
      history: b.history.map((s) => ({
        event: s.event,
        at: time(s.at),
        startAt: time(s.startAt),
        endAt: time(s.endAt),
      })),
    });
    // Every field but the outcome, which only setOutcome writes (a field of the mask left out of `fields` is removed).
    await guarded('store a booking', async () =>
      this.client.setMasked(BOOKINGS_COLLECTION, await bookingDoc(b.provider, b.id), fields, PUT_FIELDS),
    );
  }

  async setOutcome(provider: BookingProvider, id: string, outcome: CallOutcome): Promise<boolean> {
    const doc = await bookingDoc(provider, id);
    return guarded('mark a call', () =>
      this.client.patch(BOOKINGS_COLLECTION, doc, {
        outcome: {
          mapValue: {
            fields: {
              value: { stringValue: outcome.value },
              by: { stringValue: outcome.by },
              at: { timestampValue: outcome.at },
            },
          },
        },
      }),
    );
  }

  async forLead(kind: LeadKind, id: string): Promise<BookingRecord[]> {
    const found = await this.equal('read the bookings of a lead', 'leadKey', { stringValue: leadKey(kind, id) });
    return found.sort(by('startAt', 'desc'));
  }

  async unlinked(limit: number): Promise<BookingRecord[]> {
    const found = await this.equal('read unlinked bookings', 'linked', { booleanValue: false });
    return found.sort(by('receivedAt', 'desc')).slice(0, limit);
  }

  async upcoming(from: string, to: string, limit: number): Promise<BookingRecord[]> {
    // The window's calls of every status (one range on startAt), the cancelled and moved left out here.
    const found = await this.range('read upcoming calls', 'startAt', from, to, MAX_READ);
    return found.filter((b) => b.status === 'booked').slice(0, limit);
  }

  async starting(from: string, to: string, order: 'asc' | 'desc', limit: number): Promise<BookingRecord[]> {
    return this.range('read the calls', 'startAt', from, to, limit, order);
  }

  async withEmail(email: string): Promise<BookingRecord[]> {
    const found = await this.equal('read bookings by address', 'email', { stringValue: email });
    return found.sort(by('startAt', 'desc'));
  }

  async receivedBetween(from: string, to: string, limit: number): Promise<BookingRecord[]> {
    return this.range('read bookings received', 'receivedAt', from, to, limit);
  }

  async erase(provider: BookingProvider, id: string): Promise<boolean> {
    const doc = await bookingDoc(provider, id);
    return guarded('erase a booking', async () => {
      const erased = await this.client.delete(BOOKINGS_COLLECTION, doc);
      // A query reads at most MAX_READ: delete page by page until none is left.
      for (let page = await this.events(doc); page.length > 0; page = await this.events(doc)) {
        for (const event of page) await this.client.delete(BOOKING_EVENTS_COLLECTION, idOf(event));
      }
      return erased;
    });
  }

  async expiredUnlinked(before: string, limit: number): Promise<BookingRecord[]> {
    const found = await this.equal('read expired unlinked bookings', 'linked', { booleanValue: false });
    const cutoff = Date.parse(before);
    return found
      .filter((b) => Date.parse(b.endAt) < cutoff)
      .sort(by('endAt', 'asc'))
      .slice(0, limit);
  }

  private events(doc: string): Promise<Document[]> {
    return this.client.query(whereEqual(BOOKING_EVENTS_COLLECTION, 'booking', { stringValue: doc }));
  }

  private async equal(what: string, field: string, value: Value): Promise<BookingRecord[]> {
    const docs = await guarded(what, () => this.client.query(whereEqual(BOOKINGS_COLLECTION, field, value)));
    return docs.map(fromDocument);
  }

  /** Bookings whose `field` is in [from, to), in its order (one range on one field: its single-field index). */
  private async range(
    what: string,
    field: string,
    from: string,
    to: string,
    limit: number,
    order: 'asc' | 'desc' = 'asc',
  ) {
    const docs = await guarded(what, () =>
      this.client.query({
        from: [{ collectionId: BOOKINGS_COLLECTION }],
        where: inRange(field, { timestampValue: from }, { timestampValue: to }),
        orderBy: [{ field: { fieldPath: field }, direction: order === 'asc' ? 'ASCENDING' : 'DESCENDING' }],
        limit,
      }),
    );
    return docs.map(fromDocument);
  }
}

/** The fields `put` writes: every field of a booking but its outcome. */
const PUT_FIELDS = [
  'provider',
  'bookingId',
  'status',
  'startAt',
  'endAt',
  'name',
  'email',
  'program',
  'ref',
  'replaces',
  'movedTo',
  'eventAt',
  'receivedAt',
  'linked',
  'leadKey',
  'lead',
  'history',
] as const;

const bookingDoc = (provider: BookingProvider, id: string) => hashedId(JSON.stringify([provider, id]));
const leadKey = (kind: LeadKind, id: string) => `${kind}/${id}`;
const idOf = (doc: Document) => doc.name.slice(doc.name.lastIndexOf('/') + 1);

function defined<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T;
}

type TimeField = 'startAt' | 'endAt' | 'receivedAt';
/** Orders bookings by one of their times, then by id (so equal times keep one order). */
function by(field: TimeField, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  return (a: BookingRecord, b: BookingRecord) =>
    sign * (Date.parse(a[field]) - Date.parse(b[field]) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function fromDocument(doc: Document): BookingRecord {
  const f = Object.fromEntries(Object.entries(doc.fields ?? {}).map(([k, v]) => [k, plain(v)]));
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const iso = (v: unknown) => (typeof v === 'string' && v !== '' ? new Date(v).toISOString() : '');
  const optional = (name: string) => (typeof f[name] === 'string' ? { [name]: f[name] as string } : {});
  const link = f.lead as Record<string, unknown> | undefined;
  const lead: BookingLink | undefined = link && {
    kind: text(link.kind) as LeadKind,
    id: text(link.id),
    by: text(link.by),
    at: iso(link.at),
    ...(typeof link.statusBefore === 'string' && { statusBefore: link.statusBefore as BookingLink['statusBefore'] }),
  };
  const mark = f.outcome as Record<string, unknown> | undefined;
  const outcome: CallOutcome | undefined =
    mark && (mark.value === 'attended' || mark.value === 'no_show')
      ? { value: mark.value, by: text(mark.by), at: iso(mark.at) }
      : undefined;
  const steps = Array.isArray(f.history) ? (f.history as Array<Record<string, unknown>>) : [];
  return {
    provider: text(f.provider) as BookingProvider,
    id: text(f.bookingId),
    status: text(f.status) as BookingRecord['status'],
    startAt: iso(f.startAt),
    endAt: iso(f.endAt),
    name: text(f.name),
    email: text(f.email),
    ...optional('program'),
    ...optional('ref'),
    ...optional('replaces'),
    ...optional('movedTo'),
    eventAt: iso(f.eventAt),
    receivedAt: iso(f.receivedAt),
    ...(lead && { lead }),
    history: steps.map((s): BookingStep => ({
      event: text(s.event) as BookingStep['event'],
      at: iso(s.at),
      startAt: iso(s.startAt),
      endAt: iso(s.endAt),
    })),
    ...(outcome && { outcome }),
  };
}
