import { desk } from '../../words/desk';
import { deskBookings as copy } from './words';
import type { BookingRecord } from '../../store/bookings/bookings';
import { contactOf } from '../../store/leads/lead';
import type { Candidate } from './bookings';
import { deskCalls } from './calls-words';
import type { CallList } from './call-list';
import { AsTyped } from '../leads/calls';
import { BookingTop, CallGroups, zoneName } from './call-list-view';
import { when } from '../format';
import { PartUnreadable } from '../store-down';
import type { MarkContext } from './call-mark';

/** An unlinked booking, the leads it may belong to, and the message of a link refused for it. */
export interface UnlinkedView {
  booking: BookingRecord;
  candidates: Candidate[];
  error?: string;
}

/**
 * `/desk/bookings`: first the bookings linked to no lead, each with a form to link it to one of its candidate
 * leads; then the calls (today, upcoming, past with how they ended, cancelled or moved).
 */
export function BookingsPage({
  items,
  calls,
  marks,
  error,
}: {
  items: UnlinkedView[];
  /** The calls; null when they could not be read (the waiting bookings still show). */
  calls: CallList | null;
  /** What the calls' outcome forms need: the time now and owners by name. */
  marks: MarkContext;
  error?: string | undefined;
}) {
  return (
    <>
      <h1 className="desk-title">{deskCalls.title}</h1>
      <p className="desk-intro">{deskCalls.times(zoneName())}</p>
      {error ? (
        <p className="desk-banner desk-banner-warning" role="alert">
          {error}
        </p>
      ) : null}
      <section id="waiting" className="desk-call-group" aria-labelledby="waiting-heading">
        <h2 id="waiting-heading" className="desk-call-group-title">
          {deskCalls.waiting.title} <span className="desk-call-count">{deskCalls.count(items.length)}</span>
        </h2>
        {items.length === 0 ? (
          <p className="desk-empty">{deskCalls.waiting.none}</p>
        ) : (
          <p className="desk-intro">{copy.unlinked.intro}</p>
        )}
        <ul className="desk-unlinked">
          {items.map((item) => (
            <Unlinked key={`${item.booking.provider}:${item.booking.id}`} {...item} />
          ))}
        </ul>
      </section>
      {calls ? <CallGroups calls={calls} marks={marks} /> : <PartUnreadable what="calls" />}
    </>
  );
}

function Unlinked({ booking: b, candidates, error }: UnlinkedView) {
  const key = `${b.provider}:${b.id}`;
  const errorId = `link-error-${encodeURIComponent(key)}`;
  return (
    <li className="desk-card desk-booking">
      <BookingTop booking={b} />
      <AsTyped booking={b} />
      <p className="desk-meta">
        {[copy.program(b.program) || copy.noProgram, copy.lead.with(copy.providers[b.provider] ?? b.provider)].join(
          ' · ',
        )}
      </p>
      <p className="desk-meta">{copy.unlinked.received(when(b.receivedAt))}</p>
      <form method="post" action="/desk/bookings/link" className="desk-link-form">
        <input type="hidden" name="booking" value={key} />
        <fieldset aria-describedby={error ? errorId : undefined}>
          <legend>{copy.unlinked.candidates}</legend>
          {candidates.length === 0 ? <p className="desk-meta">{copy.unlinked.noCandidates}</p> : null}
          {candidates.map(({ lead, sameAddress }) => {
            const { name, email } = contactOf(lead);
            const facts = [
              desk.kinds[lead.kind],
              copy.unlinked.arrived(when(lead.createdAt)),
              sameAddress ? copy.unlinked.sameAddress : copy.unlinked.sameName,
              lead.verified === false ? copy.unlinked.unverified : '',
            ];
            return (
              <label key={`${lead.kind}:${lead.id}`} className="desk-choice">
                <input type="radio" name="lead" value={`${lead.kind}:${lead.id}`} required />
                <span>
                  <strong>{name || desk.list.noName}</strong>
                  {email ? ` · ${email}` : ''}
                  <br />
                  <span className="desk-meta">{facts.filter(Boolean).join(' · ')}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
        {error ? (
          <p id={errorId} className="desk-message-error" role="alert">
            {error}
          </p>
        ) : null}
        {candidates.length > 0 ? (
          <button type="submit" className="btn btn-cta">
            {copy.unlinked.link}
          </button>
        ) : null}
      </form>
    </li>
  );
}
