import { conversationDay } from '../../words/conversations/conversation-day';
import type { ConversationState } from '../../store/conversations/conversation-state';
import { when } from '../format';
import { StatusButtons } from '../leads/lead-detail/follow-up';

const copy = conversationDay.person;

/**
 * The follow-up status and note of a person who only wrote on WhatsApp (no lead), as a lead has them: forms that
 * post to `${base}/status` and `${base}/note` (no script needed). Their status is "new" until an owner sets one or
 * answers them.
 */
export function PersonFollowUp({ state, base }: { state: ConversationState | null; base?: string | undefined }) {
  if (!base) return null;
  const status = state?.status ?? 'new';
  return (
    <>
      <section className="desk-card" aria-labelledby="person-status-heading">
        <h2 id="person-status-heading">{copy.statusHeading}</h2>
        <StatusButtons current={status} action={`${base}/status`} />
        {state?.statusBy && state.statusAt ? (
          <p className="desk-meta">{copy.statusSetBy(state.statusBy, when(state.statusAt))}</p>
        ) : null}
      </section>
      <section className="desk-card" aria-labelledby="person-note-heading">
        <h2 id="person-note-heading">{copy.noteHeading}</h2>
        <form method="post" action={`${base}/note`}>
          <label htmlFor="person-note">{copy.noteLabel}</label>
          <textarea id="person-note" name="note" rows={4} maxLength={2000} defaultValue={state?.note ?? ''} />
          <p className="desk-meta">
            {state?.noteBy && state.noteAt ? copy.noteSavedBy(state.noteBy, when(state.noteAt)) : copy.noteHint}
          </p>
          <button type="submit" className="btn btn-cta">
            {copy.saveNote}
          </button>
        </form>
      </section>
    </>
  );
}
