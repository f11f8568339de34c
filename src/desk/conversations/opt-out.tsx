import { conversationDay } from '../../words/conversations/conversation-day';
import { optOut as copy } from '../../words/conversations/opt-out';
import type { OptOut } from '../../store/conversations/opt-outs';
import type { StopMark } from './stop-mark';
import { when } from '../format';

const steps = conversationDay.optOutConfirm;

/** The id of the opt-out's place on a page: its confirm step and its undo come back to it (`#opt-out`). */
export const OPT_OUT_ID = 'opt-out';

/**
 * Where recording an opt-out stands, from the page's address (`?opt-out=…`): asked to confirm, just recorded (with
 * its undo), just undone, or an undo refused because the visitor wrote STOP themselves.
 */
export const OPT_OUT_STEPS = ['confirm', 'recorded', 'undone', 'visitor-stopped'] as const;
export type OptOutStep = (typeof OPT_OUT_STEPS)[number];

/** The step named by a query value, or undefined for anything else. */
export const optOutStep = (value: string | undefined): OptOutStep | undefined => OPT_OUT_STEPS.find((s) => s === value);

/** How much of the message that may ask to stop the mark quotes. */
const QUOTE_CHARS = 280;

/**
 * A number's opt-out of WhatsApp messages: when and how it was recorded, and the owner's form to undo it; without
 * one, the form to record a request made by phone or email, or, when their latest message may ask to stop
 * (`mayWantToStop`), that message marked with the one-tap opt-out. `base` is where the forms post (`/opt-out`,
 * `/opt-in` under it); without it only the state is shown.
 */
export function OptOutNotice(props: {
  optOut: OptOut | null;
  base?: string;
  mayWantToStop?: StopMark | null;
  step?: OptOutStep;
}) {
  return (
    <div id={OPT_OUT_ID} className="desk-opt-out-place">
      {props.step === 'undone' && !props.optOut ? (
        <p className="desk-reply-sent" role="status">
          {steps.undone}
        </p>
      ) : null}
      {props.step === 'visitor-stopped' ? (
        <p className="desk-reply-refused" role="alert">
          {steps.visitorStopped}
        </p>
      ) : null}
      <OptOutState {...props} />
    </div>
  );
}

/**
 * Recording an opt-out asks first (a post without `confirm` comes back here at the `confirm` step), then offers
 * to undo what was just recorded. `base` is the page's own address.
 */
function OptOutState({
  optOut,
  base,
  mayWantToStop,
  step,
}: {
  optOut: OptOut | null;
  base?: string;
  mayWantToStop?: StopMark | null;
  step?: OptOutStep;
}) {
  if (!optOut && base && step === 'confirm') {
    return (
      <form method="post" action={`${base}/opt-out`} className="desk-opt-out desk-opt-out-confirm">
        <input type="hidden" name="confirm" value="yes" />
        <p>
          <strong>{steps.question}</strong>
        </p>
        <p className="desk-meta">{steps.hint}</p>
        <p className="desk-actions">
          <button type="submit" className="btn btn-cta">
            {steps.confirm}
          </button>{' '}
          <a className="btn btn-outline" href={base}>
            {steps.cancel}
          </a>
        </p>
      </form>
    );
  }
  if (!optOut) {
    if (mayWantToStop) return <StopMarkNotice mark={mayWantToStop} {...(base && { base })} />;
    if (!base) return null;
    return (
      <form method="post" action={`${base}/opt-out`} className="desk-opt-out">
        <p className="desk-meta">{copy.recordHint}</p>
        <button type="submit" className="btn btn-outline">
          {copy.record}
        </button>
      </form>
    );
  }
  return (
    <div className="desk-opt-out desk-opted-out" role="status">
      <p>
        <strong>{copy.optedOut(when(optOut.at))}</strong>
      </p>
      <p className="desk-meta">{optOut.how === 'owner' && optOut.by ? copy.byOwner(optOut.by) : copy.byMessage}</p>
      {base && step === 'recorded' && optOut.how === 'owner' ? (
        <form method="post" action={`${base}/opt-out/undo`} className="desk-opt-out-undo">
          <p role="status">{steps.recorded}</p>
          <button type="submit" className="btn btn-cta">
            {steps.undo}
          </button>
        </form>
      ) : null}
      {base ? (
        <form method="post" action={`${base}/opt-in`}>
          <p className="desk-meta">{copy.undoHint}</p>
          <button type="submit" className="btn btn-outline">
            {copy.undo}
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** "They may want to stop": the message that says so, and the owner's one-tap opt-out (a form post, no script). */
function StopMarkNotice({ mark, base }: { mark: StopMark; base?: string }) {
  const chars = Array.from(mark.text);
  const quote = chars.length > QUOTE_CHARS ? `${chars.slice(0, QUOTE_CHARS).join('')}…` : mark.text;
  return (
    <div className="desk-opt-out desk-may-stop">
      <p>
        <strong>{copy.mayWantToStop}</strong>
      </p>
      <p className="desk-meta">{copy.mayWantToStopQuote(when(mark.at))}</p>
      <blockquote className="desk-may-stop-quote">{quote}</blockquote>
      {base ? (
        <form method="post" action={`${base}/opt-out`}>
          <p className="desk-meta">{copy.mayWantToStopHint}</p>
          <button type="submit" className="btn btn-cta">
            {copy.optOutNow}
          </button>
        </form>
      ) : null}
    </div>
  );
}
