import { optOut as copy } from '../../content/opt-out';
import type { OptOut } from '../../store/opt-outs';
import type { StopMark } from '../stop-mark';
import { when } from './format';

/** How much of the message that may ask to stop the mark quotes. */
const QUOTE_CHARS = 280;

/**
 * A number's opt-out of WhatsApp messages: when and how it was recorded, and the owner's form to undo it; without
 * one, the form to record a request made by phone or email, or, when their latest message may ask to stop
 * (`mayWantToStop`), that message marked with the one-tap opt-out. `base` is where the forms post (`/opt-out`,
 * `/opt-in` under it); without it only the state is shown.
 */
export function OptOutNotice({
  optOut,
  base,
  mayWantToStop,
}: {
  optOut: OptOut | null;
  base?: string;
  mayWantToStop?: StopMark | null;
}) {
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
