import { conversation as copy } from '../../words/conversations/conversation';
import { conversationDay as day } from '../../words/conversations/conversation-day';
import { desk } from '../../words/desk';
import type { OptOut } from '../../store/conversations/opt-outs';
import type { Conversation } from './conversation';
import { when } from '../format';
import { REPLY_TEXT_ID, SavedReplyPicker, type SavedReplyChoice } from '../replies/saved-reply-picker';

/** The id of the place of the answer form on a page: an answer's post comes back to it (`#reply`). */
export const REPLY_AREA_ID = 'reply';

/**
 * What the last post of the answer form did, shown by the form: sent (with the ledger row it made, whose delivery
 * is shown as WhatsApp reports it), or refused and why (with what was typed, to send once the cause is gone).
 */
export type ReplyNotice = { kind: 'sent'; submissionId: string } | { kind: 'refused'; text: string; typed?: string };

/**
 * The place of the answer form: what the last post did, then the form while the 24-hour window is open (else why
 * not). A number that opted out gets no form: why nothing can be sent, and how that ends.
 */
export function ReplyArea(props: {
  conversation: Conversation;
  action: string;
  replyId: string;
  saved?: SavedReplyChoice;
  notice?: ReplyNotice;
}) {
  const { conversation, notice } = props;
  return (
    <div id={REPLY_AREA_ID} className="desk-reply-area">
      {notice ? <NoticeLine notice={notice} conversation={conversation} /> : null}
      {conversation.optOut ? (
        <OptedOutStatement optOut={conversation.optOut} />
      ) : (
        <ReplyForm
          window={conversation.window}
          action={props.action}
          replyId={props.replyId}
          {...(props.saved && { saved: props.saved })}
          {...(notice?.kind === 'refused' && notice.typed && { typed: notice.typed })}
        />
      )}
    </div>
  );
}

function NoticeLine({ notice, conversation }: { notice: ReplyNotice; conversation: Conversation }) {
  if (notice.kind === 'refused') {
    return (
      <p className="desk-reply-refused" role="alert">
        {notice.text}
      </p>
    );
  }
  const item = conversation.items.find((i) => i.direction === 'out' && i.submissionId === notice.submissionId);
  if (!item || item.direction !== 'out') return null;
  const state = item.receipt
    ? (desk.messages.receipts[item.receipt] ?? item.receipt)
    : item.status === 'pending'
      ? day.sentQueued
      : (desk.messages.states[item.status] ?? item.status);
  return (
    <p className="desk-reply-sent" role="status">
      <strong>{day.sent}</strong> <span>{day.sentState(state)}</span>
    </p>
  );
}

/** Why nothing can be sent to a number that opted out, and how that ends: in place of the answer form. */
function OptedOutStatement({ optOut }: { optOut: OptOut }) {
  const text =
    optOut.how === 'owner' && optOut.by
      ? day.optedOutNoReply.byOwner(when(optOut.at), optOut.by)
      : day.optedOutNoReply.byMessage(when(optOut.at));
  return (
    <div className="desk-no-reply">
      <h3>{day.optedOutNoReply.heading}</h3>
      <p>{text}</p>
    </div>
  );
}

function ReplyForm(props: {
  window: Conversation['window'];
  action: string;
  replyId: string;
  saved?: SavedReplyChoice;
  typed?: string;
}) {
  const { window, saved } = props;
  if (!window) return <p className="desk-meta desk-window-closed">{copy.reply.never}</p>;
  if (!window.open) return <p className="desk-meta desk-window-closed">{copy.reply.closed(when(window.closesAt))}</p>;
  return (
    <>
      {saved ? <SavedReplyPicker choice={saved} /> : null}
      {/* Posted to the form's place: a refusal (409, 400) is shown where the owner pressed. */}
      <form method="post" action={`${props.action}#${REPLY_AREA_ID}`} className="desk-reply">
        <input type="hidden" name="replyId" value={props.replyId} />
        <label htmlFor={REPLY_TEXT_ID}>{copy.reply.heading}</label>
        <textarea
          id={REPLY_TEXT_ID}
          name="text"
          rows={3}
          required
          minLength={1}
          maxLength={1000}
          defaultValue={props.typed ?? saved?.chosen?.text}
        />
        <p className="desk-meta">{copy.reply.hint(when(window.closesAt))}</p>
        <button type="submit" className="btn btn-cta">
          {copy.reply.send}
        </button>
      </form>
    </>
  );
}

/**
 * "Done" on a conversation that needs an answer (the visitor wrote last): it stops needing one until they write
 * again. Once done, who marked it and when.
 */
export function DoneForm({ conversation, action }: { conversation: Conversation; action?: string }) {
  const { state } = conversation;
  if (!conversation.needsAnswer) {
    return state?.doneAt && state.doneBy ? (
      <p className="desk-meta">{day.done.marked(state.doneBy, when(state.doneAt))}</p>
    ) : null;
  }
  if (!action) return null;
  return (
    <form method="post" action={action} className="desk-done">
      <p className="desk-meta">
        <span className="desk-waiting">{day.needsAnswer}</span> {day.done.hint}
      </p>
      <button type="submit" className="btn btn-outline">
        {day.done.button}
      </button>
    </form>
  );
}
