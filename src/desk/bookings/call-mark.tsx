import { CountQuestion } from '../clients/count-question';
import { callKey, type CountQuestionOf } from '../clients/count-questions';
import { rebookWords } from '../../words/reminders/rebook';
import type { RebookRefusal } from '../../notify/reminders/rebook';
import type { BookingRecord } from '../../store/bookings/bookings';
import { CALL_OUTCOMES } from '../../store/bookings/bookings';
import { when } from '../format';
import { PressedButtons, PreviewForm } from '../form-parts';
import { leadPath } from '../page';
import { deskOutcome as copy } from './outcome-words';
import { bookingAction, markable, type From } from './outcome';

/** The rebook message a no-show's card offers: the form (its own id), the message as it reads, or why none may go. */
export interface RebookOffer {
  formId: string;
  preview: string;
  refusal: RebookRefusal | null;
}

/** What a call's mark needs from its page: the time now, owners by name, the page, a no-show's rebook offer. */
export interface MarkContext {
  now: Date;
  who: (email: string) => string;
  from: From;
  /** By `provider:id`: only on the lead's page, for a call marked No-show. */
  rebooks?: Map<string, RebookOffer>;
  /** By callKey: "count this session?" of a no-show a client booked from their page. */
  counts?: Map<string, CountQuestionOf>;
}

/**
 * A call's outcome: the mark (who and when), and once its end has passed and it is still on, "Attended" and
 * "No-show" (a plain form: one tap posts, no script); then, for a no-show, the rebook message.
 */
export function CallMark({ booking: b, context }: { booking: BookingRecord; context: MarkContext }) {
  const mark = b.outcome;
  const rebook = mark?.value === 'no_show' ? context.rebooks?.get(`${b.provider}:${b.id}`) : undefined;
  const count = mark?.value === 'no_show' ? context.counts?.get(callKey(b)) : undefined;
  return (
    <>
      {mark ? (
        <p className={`desk-meta desk-call-mark desk-call-mark-${mark.value}`}>
          {copy.marked(copy.values[mark.value], context.who(mark.by), when(mark.at))}
        </p>
      ) : null}
      {markable(b, context.now) ? (
        <form method="post" action={bookingAction(b, 'outcome')} className="desk-outcome-form">
          <input type="hidden" name="from" value={context.from} />
          <div role="group" aria-label={copy.question} className="desk-outcome-buttons">
            <PressedButtons name="outcome" choices={CALL_OUTCOMES} labels={copy.values} current={mark?.value} />
          </div>
        </form>
      ) : null}
      {count ? <CountQuestion engagement={count.engagement} booking={b} left={count.left} from={context.from} /> : null}
      {rebook ? <RebookCard booking={b} offer={rebook} who={context.who} /> : null}
      {mark?.value === 'no_show' && context.from !== 'lead' && b.lead ? (
        <p className="desk-meta">
          <a href={`${leadPath(b.lead.kind, b.lead.id)}#calls-heading`}>{rebookWords.onLeadPage}</a>
        </p>
      ) : null}
    </>
  );
}

/**
 * Why a rebook message may not go: the card's note (one already sent says by whom and when) or, `posted`, the
 * answer to a refused form.
 */
export function rebookRefusalText(refusal: RebookRefusal, who: (email: string) => string, posted = false): string {
  switch (refusal.reason) {
    case 'sent':
      return !posted && refusal.by
        ? rebookWords.sent(who(refusal.by), when(refusal.at))
        : rebookWords.refused.sent(when(refusal.at));
    case 'recent':
      return rebookWords.refused.recent(when(refusal.nextAt));
    default:
      return rebookWords.refused[refusal.reason];
  }
}

/** "Send a rebook message" under a no-show: the words it sends and the button, or that it went, or why it may not. */
function RebookCard({
  booking,
  offer,
  who,
}: {
  booking: BookingRecord;
  offer: RebookOffer;
  who: (e: string) => string;
}) {
  const { refusal } = offer;
  return (
    <div className="desk-follow-up desk-rebook">
      <h3>{rebookWords.heading}</h3>
      {refusal ? (
        <p className="desk-meta">{rebookRefusalText(refusal, who)}</p>
      ) : (
        <PreviewForm
          action={bookingAction(booking, 'rebook')}
          hidden={{ formId: offer.formId, from: 'lead' }}
          explain={rebookWords.explain}
          preview={offer.preview}
          send={rebookWords.send}
        />
      )}
    </div>
  );
}
