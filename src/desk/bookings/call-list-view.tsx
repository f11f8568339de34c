import { TIME_ZONE } from '../../words/site';
import { deskBookings } from './words';
import { deskCalls as copy } from './calls-words';
import type { BookingRecord } from '../../store/bookings/bookings';
import { outcomeOf, type CallList } from './call-list';
import { attendee } from '../leads/calls';
import { when } from '../format';
import { CallMark, type MarkContext } from './call-mark';

/** The owners' time zone by its long name ("India Standard Time"), from the same zone every time is shown in. */
export function zoneName(): string {
  const parts = new Intl.DateTimeFormat('en-IN', { timeZone: TIME_ZONE.name, timeZoneName: 'long' }).formatToParts(0);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? TIME_ZONE.name;
}

const GROUPS = ['today', 'upcoming', 'past', 'cancelled'] as const;

/** The calls, a group each (today, upcoming, past, cancelled or moved): a card per call, phone first. */
export function CallGroups({ calls, marks }: { calls: CallList; marks: MarkContext }) {
  return (
    <>
      {GROUPS.map((group) => (
        <section key={group} className="desk-call-group" aria-labelledby={`calls-${group}`}>
          <h2 id={`calls-${group}`} className="desk-call-group-title">
            {copy.groups[group].title} <span className="desk-call-count">{copy.count(calls[group].length)}</span>
          </h2>
          {calls[group].length === 0 ? <p className="desk-empty">{copy.groups[group].none}</p> : null}
          <ul className="desk-call-cards">
            {calls[group].map((b) => (
              <CallCard key={`${b.provider}:${b.id}`} booking={b} past={group === 'past'} marks={marks} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** One call: when, where it stands, who (linked to their lead), the program and tool, and how it ended up. */
function CallCard({ booking: b, past, marks }: { booking: BookingRecord; past: boolean; marks: MarkContext }) {
  const outcome = outcomeText(b, past);
  const tool = deskBookings.providers[b.provider] ?? b.provider;
  return (
    <li className={`desk-card desk-call-card desk-call-card-${b.status}`}>
      <BookingTop booking={b} />
      <p className="desk-call-who">
        {b.lead ? (
          <a className="desk-call-name" href={`/desk/leads/${b.lead.kind}/${encodeURIComponent(b.lead.id)}`}>
            {attendee(b)}
          </a>
        ) : (
          <>
            <span className="desk-call-name">{attendee(b)}</span>{' '}
            <a className="desk-call-waiting" href="#waiting">
              {copy.notLinked}
            </a>
          </>
        )}
      </p>
      <p className="desk-meta">
        {[deskBookings.program(b.program) || deskBookings.noProgram, deskBookings.lead.with(tool)].join(' · ')}
      </p>
      {outcome ? <p className="desk-meta desk-call-outcome">{outcome}</p> : null}
      <CallMark booking={b} context={marks} />
    </li>
  );
}

/** How the call ended up; nothing for a call still ahead that is on (its state says Booked). */
function outcomeText(b: BookingRecord, past: boolean): string {
  const outcome = outcomeOf(b);
  switch (outcome.kind) {
    case 'moved':
      return copy.outcome.moved(when(outcome.to));
    case 'cancelled':
      return copy.outcome.cancelled(when(outcome.at));
    case 'unknown':
      return copy.outcome.unknown;
    case 'kept':
      // A call an owner marked says how it went instead (CallMark).
      return past && !b.outcome ? copy.outcome.kept : '';
  }
}

/** A booking card's first line: when the call is, and where the booking stands. */
export function BookingTop({ booking: b }: { booking: BookingRecord }) {
  return (
    <p className="desk-message-top">
      <strong>
        <time dateTime={b.startAt}>{when(b.startAt)}</time>
      </strong>
      <span className={`desk-state desk-booking-state-${b.status}`}>{deskBookings.statuses[b.status]}</span>
    </p>
  );
}
