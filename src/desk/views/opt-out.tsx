import { optOut as copy } from '../../content/opt-out';
import type { OptOut } from '../../store/opt-outs';
import { when } from './format';

/**
 * A number's opt-out of WhatsApp messages: when and how it was recorded, and the owner's form to undo it; without
 * one, the form to record a request made by phone or email. `base` is where the forms post (`/opt-out`, `/opt-in`
 * under it); without it only the state is shown.
 */
export function OptOutNotice({ optOut, base }: { optOut: OptOut | null; base?: string }) {
  if (!optOut) {
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
