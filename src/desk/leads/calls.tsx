import { desk } from '../../words/desk';
import { deskBookings as copy } from '../bookings/words';
import type { BookingRecord } from '../../store/bookings/bookings';
import { when } from '../format';
import { CallMark, type MarkContext } from '../bookings/call-mark';
import { deskOutcome } from '../bookings/outcome-words';

/** A lead's page on the desk: the kind and the opaque id only, never a name or an address. */
const leadHref = (lead: NonNullable<BookingRecord['lead']>) =>
  `/desk/leads/${lead.kind}/${encodeURIComponent(lead.id)}`;

/** The attendee's name as typed on the tool's public page (React escapes it), or "Someone" when blank. */
export const attendee = (b: BookingRecord) => b.name.trim() || copy.noName;

/**
 * Who booked, as they typed it on the tool's page: the name and the address, which anyone can type, so the owner
 * reads them before trusting that the call is the lead's.
 */
export function AsTyped({ booking: b }: { booking: BookingRecord }) {
  const tool = copy.providers[b.provider] ?? b.provider;
  return (
    <p className="desk-meta desk-as-typed">
      {copy.asTyped(tool)} <strong className="desk-call-name">{attendee(b)}</strong>
      {b.email ? <span className="desk-as-typed-email"> · {b.email}</span> : null}
    </p>
  );
}

/**
 * The calls above the inbox: today's, then the next 7 days', each linking to its lead (or to the unlinked
 * bookings). Nothing at all when there are none.
 */
export function UpcomingCalls({ today, week }: { today: BookingRecord[]; week: BookingRecord[] }) {
  if (today.length === 0 && week.length === 0) return null;
  return (
    <section className="desk-calls" aria-labelledby="calls-heading">
      <h2 id="calls-heading" className="visually-hidden">
        {copy.upcoming.title}
      </h2>
      <CallGroup title={copy.upcoming.today} calls={today} />
      <CallGroup title={copy.upcoming.week} calls={week} />
    </section>
  );
}

function CallGroup({ title, calls }: { title: string; calls: BookingRecord[] }) {
  if (calls.length === 0) return null;
  return (
    <>
      <h3 className="desk-calls-title">{title}</h3>
      <ul className="desk-calls-list">
        {calls.map((b) => (
          <li key={`${b.provider}:${b.id}`}>
            <a className="desk-call" href={b.lead ? leadHref(b.lead) : '/desk/bookings'}>
              <time className="desk-call-time" dateTime={b.startAt}>
                {when(b.startAt)}
              </time>
              <span className="desk-call-name">{attendee(b)}</span>
              <span className="desk-call-meta">
                {[copy.program(b.program), b.lead ? '' : copy.upcoming.unlinked].filter(Boolean).join(' · ')}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * A lead's calls, newest first: when, where it stands, the program, the tool, how it was linked, its history, and
 * once it ended its outcome (and a no-show's rebook message).
 */
export function LeadCalls({ bookings, marks }: { bookings: BookingRecord[]; marks: MarkContext }) {
  if (bookings.length === 0) return null;
  return (
    <section className="desk-card" aria-labelledby="calls-heading">
      <h2 id="calls-heading">{copy.lead.title}</h2>
      <ul className="desk-bookings">
        {bookings.map((b) => (
          <li key={`${b.provider}:${b.id}`} className={`desk-booking desk-booking-${b.status}`}>
            <p className="desk-message-top">
              <strong>
                <time dateTime={b.startAt}>{copy.lead.call(when(b.startAt))}</time>
              </strong>
              <CallState booking={b} />
            </p>
            <p className="desk-meta">
              {[
                copy.program(b.program) || copy.noProgram,
                copy.lead.with(copy.providers[b.provider] ?? b.provider),
              ].join(' · ')}
            </p>
            <AsTyped booking={b} />
            {b.lead ? <p className="desk-meta">{copy.lead.linkedBy(b.lead.by, when(b.lead.at))}</p> : null}
            <CancelledBack booking={b} />
            <CallMark booking={b} context={marks} />
            <h3 className="visually-hidden">{copy.lead.history}</h3>
            <ol className="desk-history">
              {b.history.map((step) => (
                <li key={`${step.event}|${step.at}`}>
                  <time dateTime={step.at}>{copy.events[step.event](when(step.at), when(step.startAt))}</time>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A cancellation that put the lead's status back: when, and to which status. */
export function CancelledBack({ booking }: { booking: BookingRecord }) {
  const before = booking.lead?.statusBefore;
  if (booking.status !== 'cancelled' || !before) return null;
  const step = [...booking.history].reverse().find((s) => s.event === 'cancelled');
  return (
    <p className="desk-meta desk-call-back">
      {copy.lead.cancelledBack(when(step?.at ?? booking.eventAt), desk.statuses[before])}
    </p>
  );
}

/**
 * The line under a lead's status: its call's time while the status is `booked`; or, when a booking tool's
 * cancellation was the last to set the status, that the call was cancelled and the status went back.
 */
export function CallNote({
  status,
  statusBy,
  bookings,
}: {
  status: string;
  statusBy?: string;
  bookings: BookingRecord[];
}) {
  const on = bookings.find((b) => b.status === 'booked');
  if (status === 'booked' && on) {
    return (
      <p className="desk-call-note">
        <time dateTime={on.startAt}>{copy.lead.booked(when(on.startAt))}</time>
      </p>
    );
  }
  const tools = Object.values(copy.providers);
  const back = bookings
    .filter((b) => b.status === 'cancelled' && b.lead?.statusBefore === status)
    .sort((a, b) => (a.eventAt < b.eventAt ? 1 : -1))[0];
  return back && statusBy && tools.includes(statusBy) ? <CancelledBack booking={back} /> : null;
}

/** A call's tag: where it stands (booked, moved, cancelled), or, once an owner marked it, how it went. */
function CallState({ booking }: { booking: BookingRecord }) {
  const mark = booking.status === 'booked' ? booking.outcome?.value : undefined;
  const label = mark ? deskOutcome.values[mark] : copy.statuses[booking.status];
  return <span className={`desk-state desk-booking-state-${mark ?? booking.status}`}>{label}</span>;
}
