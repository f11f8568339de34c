import { conversation as copy } from '../../words/conversations/conversation';
import { desk } from '../../words/desk';
import { optOut as optOutCopy } from '../../words/conversations/opt-out';
import type { ReceivedMessage } from '../../store/conversations/conversations';
import type { Conversation, ConversationItem } from './conversation';
import { when } from '../format';
import { OptOutNotice, type OptOutStep } from './opt-out';
import { MediaView } from '../media/media';
import type { SavedReplyChoice } from '../replies/saved-reply-picker';
import { DoneForm, ReplyArea, type ReplyNotice } from './reply-form';
import type { ReactNode } from 'react';
import { followUp as followUpCopy } from '../../words/follow-ups/follow-up';
import { FOLLOW_UP, REBOOK_PREFIX } from '../../notify/follow-ups/follow-ups';
import { REMINDER_PREFIX } from '../../notify/reminders/reminder-keys';
import { rebookWords } from '../../words/reminders/rebook';

/** What a received message says in a list: its text (an attachment's caption after its kind), else its kind. */
export function receivedText(m: ReceivedMessage): string {
  const kind = copy.kinds[m.type];
  if (m.text) return m.mediaId && kind ? `${kind}: ${m.text}` : m.text;
  return kind ?? copy.other(m.type);
}

export interface ConversationSectionProps {
  conversation: Conversation;
  replyAction?: string;
  replyId?: string;
  resendAction?: string;
  optOutBase?: string;
  /** Where "Done" posts (the conversation's own address), when it has one. */
  doneAction?: string;
  saved?: SavedReplyChoice;
  followUp?: ReactNode;
  /** What the last post of the answer form did (sent, or refused and why): shown by the form. */
  notice?: ReplyNotice;
  /** The opt-out's confirm step, or what was just recorded (OptOutNotice). */
  optOutStep?: OptOutStep;
}

/**
 * A number's conversation in time order, then the answer form while WhatsApp's 24-hour window is open (or
 * when it closed): `replyAction` is where the form posts; `resendAction` where an answer that may not have been
 * sent is sent again from; `optOutBase` where an owner records an opt-out or undoes it (OptOutNotice); `saved` the
 * saved replies the owner may insert into the answer; `followUp` what is offered once the window is closed. A
 * number that opted out gets no answer form: why nothing can be sent, and how that ends, instead.
 */
export function ConversationSection({
  conversation,
  replyAction,
  replyId,
  resendAction,
  optOutBase,
  doneAction,
  saved,
  followUp,
  notice,
  optOutStep,
}: ConversationSectionProps) {
  const { items, window } = conversation;
  return (
    <section className="desk-card desk-conversation" aria-labelledby="conversation-heading">
      <h2 id="conversation-heading">{copy.title}</h2>
      <OptOutNotice
        optOut={conversation.optOut}
        mayWantToStop={conversation.mayWantToStop}
        {...(optOutBase && { base: optOutBase })}
        {...(optOutStep && { step: optOutStep })}
      />
      {items.length === 0 ? <p className="desk-meta">{copy.none}</p> : null}
      <ol className="desk-chat">
        {items.map((item, i) => (
          <ChatItem key={i} item={item} {...(resendAction && conversation.window?.open && { resendAction })} />
        ))}
      </ol>
      <DoneForm conversation={conversation} {...(doneAction && { action: doneAction })} />
      {replyAction && replyId ? (
        <ReplyArea
          conversation={conversation}
          action={replyAction}
          replyId={replyId}
          {...(saved && { saved })}
          {...(notice && { notice })}
        />
      ) : null}
      {window?.open || conversation.optOut ? null : followUp}
    </section>
  );
}

function ChatItem({ item, resendAction }: { item: ConversationItem; resendAction?: string }) {
  if (item.direction === 'in') {
    return (
      <li className={`desk-bubble desk-bubble-in${item.unread ? ' desk-bubble-unread' : ''}`}>
        <p className="desk-bubble-top">
          <span>{copy.fromVisitor}</span>
          {item.unread ? <span className="desk-unread">{copy.unread}</span> : null}
        </p>
        {item.media ? (
          <MediaView media={item.media} {...(item.message.text && { caption: item.message.text })} />
        ) : (
          <p className="desk-bubble-text">{receivedText(item.message)}</p>
        )}
        <p className="desk-bubble-meta">
          <time dateTime={item.at}>{when(item.at)}</time>
        </p>
      </li>
    );
  }
  const state = item.receipt
    ? (desk.messages.receipts[item.receipt] ?? item.receipt)
    : item.skipReason === 'opted_out'
      ? optOutCopy.skipped
      : (desk.messages.states[item.status] ?? item.status);
  const failed = item.receipt === 'failed' || item.status === 'failed' || item.status === 'dead';
  return (
    <li className="desk-bubble desk-bubble-out">
      <p className="desk-bubble-top">
        <span>{sentLabel(item)}</span>
        <span className={`desk-state desk-state-${failed || item.status === 'unknown' ? 'failed' : item.status}`}>
          {state}
        </span>
      </p>
      <p className="desk-bubble-text">{item.text}</p>
      {failed && item.errorCode ? (
        <p className="desk-message-error">{desk.messages.error(item.errorCode, item.errorMessage ?? '')}</p>
      ) : null}
      {item.status === 'unknown' ? <p className="desk-message-error">{copy.reply.unknown}</p> : null}
      {item.status === 'unknown' && resendAction ? (
        <form method="post" action={resendAction} className="desk-resend">
          <input type="hidden" name="submissionId" value={item.submissionId} />
          <button type="submit" className="btn">
            {copy.reply.sendAgain}
          </button>
        </form>
      ) : null}
      <p className="desk-bubble-meta">
        <time dateTime={item.at}>{when(item.at)}</time>
      </p>
    </li>
  );
}

/**
 * What a sent message is, or who sent it: a call's reminder and rebook message read as such whether they went as a
 * template or (inside the 24-hour window) as a text, by the key the ledger keeps them under.
 */
function sentLabel(item: Extract<ConversationItem, { direction: 'out' }>): string {
  const templates = desk.messages.templates;
  if (item.submissionId.startsWith(REMINDER_PREFIX)) return templates.call_reminder ?? copy.fromBusiness;
  if (item.submissionId.startsWith(REBOOK_PREFIX)) {
    return item.by ? rebookWords.sentBy(item.by) : (templates.call_rebook ?? copy.fromBusiness);
  }
  if (item.by) return (item.template === FOLLOW_UP ? followUpCopy.sentBy : copy.answeredBy)(item.by);
  if (item.optOutConfirmation) return optOutCopy.confirmationLabel;
  return templates[item.template] ?? copy.fromBusiness;
}
