import type { Env } from '../../env';
import type { BookingRecord } from '../../store/bookings/bookings';
import { getBookingStore } from '../../store/bookings/open';
import { contactOf } from '../../store/leads/lead';
import { getLeadStore } from '../../store/leads/open';
import { desk } from '../../words/desk';
import { when } from '../format';
import { leadPath } from '../page';
import { CallMark, type MarkContext } from './call-mark';
import { deskOutcome as copy } from './outcome-words';

const DAY = 86_400_000;
/** How far back unmarked calls are asked about: a month; older ones stay unmarked. */
export const ASK_DAYS = 30;
/** Calls read at most: far more than two owners take in a month. */
const READ = 200;

/** An unmarked call and its lead's name as the desk shows it. */
export interface UnmarkedCall {
  booking: BookingRecord & { lead: NonNullable<BookingRecord['lead']> };
  name: string;
}

/**
 * The calls to ask "How did it go?" about: still on (not cancelled nor moved), linked to a lead, unmarked, whose
 * end passed more than a day ago and within ASK_DAYS; latest first.
 */
export async function unmarkedCalls(env: Env, now: Date): Promise<UnmarkedCall[]> {
  const dayAgo = now.getTime() - DAY;
  const from = new Date(dayAgo - ASK_DAYS * DAY).toISOString();
  // A call starts before it ends: every call that ended a day ago started before then.
  const read = await getBookingStore(env).starting(from, new Date(dayAgo).toISOString(), 'desc', READ);
  const due = read.filter(
    (b): b is UnmarkedCall['booking'] =>
      b.status === 'booked' && Boolean(b.lead) && !b.outcome && Date.parse(b.endAt) < dayAgo,
  );
  const leads = getLeadStore(env);
  const calls: UnmarkedCall[] = [];
  for (const booking of due) {
    const lead = await leads.get(booking.lead.kind, booking.lead.id);
    const { name, email } = lead ? contactOf(lead) : { name: booking.name, email: '' };
    calls.push({ booking, name: name.trim() || email || desk.list.noName });
  }
  return calls;
}

/** "How did it go?" above the inbox: each unmarked call, its lead and the two buttons. Nothing when there are none. */
export function HowItWent({ calls, marks }: { calls: UnmarkedCall[]; marks: MarkContext }) {
  if (calls.length === 0) return null;
  return (
    <section className="desk-calls desk-how-it-went" aria-labelledby="how-it-went-heading">
      <h2 id="how-it-went-heading" className="desk-calls-title">
        {copy.inbox.title}
      </h2>
      <p className="desk-meta">{copy.inbox.intro}</p>
      <ul className="desk-call-cards">
        {calls.map(({ booking: b, name }) => (
          <li key={`${b.provider}:${b.id}`} className="desk-card desk-call-card">
            <p className="desk-call-who">
              <a className="desk-call-name" href={leadPath(b.lead.kind, b.lead.id)}>
                {name}
              </a>
            </p>
            <p className="desk-meta">
              <time dateTime={b.startAt}>{copy.inbox.call(when(b.startAt))}</time>
            </p>
            <CallMark booking={b} context={marks} />
          </li>
        ))}
      </ul>
    </section>
  );
}
