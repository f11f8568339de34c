import type { BookingRecord } from '../../store/bookings/bookings';
import type { EngagementRecord } from '../../store/clients/clients';
import { sessionWords as words } from '../../words/clients/sessions';
import { PressedButtons } from '../form-parts';

/** The answers to "count this session?", the default first. */
export const COUNT_ANSWERS = ['yes', 'no'] as const;
export type CountAnswer = (typeof COUNT_ANSWERS)[number];

/** The pages the question is on, and so where its answer goes back to. */
export const COUNT_FROM = ['lead', 'bookings', 'inbox'] as const;
export type CountFrom = (typeof COUNT_FROM)[number];

/** Where the question posts: `/desk/clients/<engagement id>/count`. */
export const countAction = (engagement: Pick<EngagementRecord, 'id'>) =>
  `/desk/clients/${encodeURIComponent(engagement.id)}/count`;

/** The answer an owner gave for a no-show, if any: "no" once it is among the uncounted, "yes" once answered. */
export function countAnswer(engagement: EngagementRecord, booking: Pick<BookingRecord, 'id'>): CountAnswer | null {
  if (!engagement.answered.includes(booking.id)) return null;
  return engagement.uncounted.includes(booking.id) ? 'no' : 'yes';
}

/**
 * "Count this session?" under a no-show of a call the client booked from their page: "Count it" (the default: the
 * session stays used) and "Don't count it", a plain form (one tap posts, no script). Once answered it says what was
 * decided and keeps both buttons, so an owner can change their mind; `left` adds what is left of the package.
 */
export function CountQuestion({
  engagement,
  booking,
  left,
  from = 'lead',
}: {
  engagement: EngagementRecord;
  booking: BookingRecord;
  left?: number;
  from?: CountFrom;
}) {
  const answer = countAnswer(engagement, booking);
  const said = answer ? words.answered[answer] : words.explain;
  return (
    <form method="post" action={countAction(engagement)} className="desk-follow-up desk-count-question">
      <input type="hidden" name="booking" value={booking.id} />
      <input type="hidden" name="from" value={from} />
      <h3>{words.question(engagement.programTitle)}</h3>
      <p className="desk-meta">
        {[said, ...(left === undefined ? [] : [words.left(left, engagement.sessions)])].join(' ')}
      </p>
      <div role="group" aria-label={words.question(engagement.programTitle)} className="desk-outcome-buttons">
        <PressedButtons name="count" choices={COUNT_ANSWERS} labels={words.answers} current={answer ?? undefined} />
      </div>
    </form>
  );
}
