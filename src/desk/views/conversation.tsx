import { conversation as copy } from '../../content/conversation';
import { desk } from '../../content/desk';
import { optOut as optOutCopy } from '../../content/opt-out';
import type { ReceivedMessage } from '../../store/conversations';
import { contactOf } from '../../store/lead';
import type { LeadRecord } from '../../store/listing';
import type { Conversation, ConversationItem, ConversationSummary } from '../conversation';
import { when } from './format';
import { OptOutNotice } from './opt-out';
import { MediaView } from './media';
import { deskReplies } from '../../content/desk-replies';
import { REPLY_TEXT_ID, SavedReplyPicker, type SavedReplyChoice } from './saved-reply-picker';
import type { ReactNode } from 'react';
import { followUp as followUpCopy } from '../../content/follow-up';
import { FOLLOW_UP } from '../../notify/follow-ups';

/** What a received message says in a list: its text (an attachment's caption after its kind), else its kind. */
export function receivedText(m: ReceivedMessage): string {
  const kind = copy.kinds[m.type];
  if (m.text) return m.mediaId && kind ? `${kind}: ${m.text}` : m.text;
  return kind ?? copy.other(m.type);
}

interface ConversationSectionProps {
  conversation: Conversation;
  replyAction?: string;
  replyId?: string;
  resendAction?: string;
  optOutBase?: string;
  saved?: SavedReplyChoice;
  followUp?: ReactNode;
}

/**
 * A number's conversation in time order, then the answer form while WhatsApp's 24-hour window is open (or
 * when it closed): `replyAction` is where the form posts; `resendAction` where an answer that may not have been
 * sent is sent again from; `optOutBase` where an owner records an opt-out or undoes it (OptOutNotice); `saved` the
 * saved replies the owner may insert into the answer; `followUp` what is offered once the window is closed.
 */
export function ConversationSection({
  conversation,
  replyAction,
  replyId,
  resendAction,
  optOutBase,
  saved,
  followUp,
}: ConversationSectionProps) {
  const { items, window } = conversation;
  return (
    <section className="desk-card desk-conversation" aria-labelledby="conversation-heading">
      <h2 id="conversation-heading">{copy.title}</h2>
      <OptOutNotice
        optOut={conversation.optOut}
        mayWantToStop={conversation.mayWantToStop}
        {...(optOutBase && { base: optOutBase })}
      />
      {items.length === 0 ? <p className="desk-meta">{copy.none}</p> : null}
      <ol className="desk-chat">
        {items.map((item, i) => (
          <ChatItem key={i} item={item} {...(resendAction && conversation.window?.open && { resendAction })} />
        ))}
      </ol>
      {replyAction && replyId ? (
        <ReplyForm window={window} action={replyAction} replyId={replyId} {...(saved && { saved })} />
      ) : null}
      {window?.open ? null : followUp}
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
        <span>
          {item.by
            ? (item.template === FOLLOW_UP ? followUpCopy.sentBy : copy.answeredBy)(item.by)
            : item.optOutConfirmation
              ? optOutCopy.confirmationLabel
              : (desk.messages.templates[item.template] ?? copy.fromBusiness)}
        </span>
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

function ReplyForm(props: {
  window: Conversation['window'];
  action: string;
  replyId: string;
  saved?: SavedReplyChoice;
}) {
  const { window, saved } = props;
  if (!window) return <p className="desk-meta desk-window-closed">{copy.reply.never}</p>;
  if (!window.open) return <p className="desk-meta desk-window-closed">{copy.reply.closed(when(window.closesAt))}</p>;
  return (
    <>
      {saved ? <SavedReplyPicker choice={saved} /> : null}
      <form method="post" action={props.action} className="desk-reply">
        <input type="hidden" name="replyId" value={props.replyId} />
        <label htmlFor={REPLY_TEXT_ID}>{copy.reply.heading}</label>
        <textarea
          id={REPLY_TEXT_ID}
          name="text"
          rows={3}
          required
          minLength={1}
          maxLength={1000}
          defaultValue={saved?.chosen?.text}
        />
        <p className="desk-meta">{copy.reply.hint(when(window.closesAt))}</p>
        <button type="submit" className="btn btn-cta">
          {copy.reply.send}
        </button>
      </form>
    </>
  );
}

/** Where a conversation opens on the desk: its lead, or (for a number no lead has) its own page by its opaque id. */
export function conversationHref(summary: Pick<ConversationSummary, 'leads' | 'id'>): string {
  const lead = summary.leads[0];
  return lead ? `/desk/leads/${lead.kind}/${encodeURIComponent(lead.id)}` : `/desk/conversations/${summary.id}`;
}

/** A conversation's name in a list: its lead's, else the WhatsApp profile's, else "someone without a lead". */
function nameOf(summary: ConversationSummary, leads: Map<string, LeadRecord>): string {
  const ref = summary.leads[0];
  const lead = ref ? leads.get(`${ref.kind}:${ref.id}`) : undefined;
  const contact = lead ? contactOf(lead) : undefined;
  const { profileName, username } = summary.latest;
  return contact?.name || contact?.email || profileName || (username && copy.username(username)) || copy.unknownSender;
}

/** Conversations as a list of links, in the order given, each with its waiting mark and unread count. */
export function ConversationList({
  summaries,
  leads,
  as: List = 'ol',
}: {
  summaries: ConversationSummary[];
  leads: Map<string, LeadRecord>;
  /** ul where the list sits above the page's own list of leads (the inbox's unread replies). */
  as?: 'ol' | 'ul';
}) {
  return (
    <List className="desk-list">
      {summaries.map((s) => (
        <li key={s.phone} className="desk-item">
          <a className="desk-item-link" href={conversationHref(s)}>
            <span className="desk-item-top">
              {s.leads[0] ? (
                <span className={`desk-kind desk-kind-${s.leads[0].kind}`}>{desk.kinds[s.leads[0].kind]}</span>
              ) : null}
              {s.waitingHours !== null ? (
                <span className="desk-waiting">{deskReplies.waiting(s.waitingHours)}</span>
              ) : null}
              {s.unread > 0 ? <span className="desk-unread">{copy.unreadCount(s.unread)}</span> : null}
              <time dateTime={s.latest.at}>{when(s.latest.at)}</time>
            </span>
            <span className="desk-item-name">{nameOf(s, leads)}</span>
            <span className="desk-item-contact">
              {copy.address(s.phone, s.latest.username)} · {receivedText(s.latest)}
            </span>
          </a>
        </li>
      ))}
    </List>
  );
}

/** /desk/conversations: the latest conversations, unmatched senders included. */
export function ConversationsPage({
  summaries,
  leads,
}: {
  summaries: ConversationSummary[];
  leads: Map<string, LeadRecord>;
}) {
  return (
    <>
      <h1 className="desk-title">{copy.listTitle}</h1>
      <p className="desk-meta">{copy.listIntro}</p>
      {summaries.length === 0 ? (
        <p className="desk-empty">{copy.listEmpty}</p>
      ) : (
        <ConversationList summaries={summaries} leads={leads} />
      )}
    </>
  );
}

/** The conversation of a number no lead has (a lead's conversation is on its page), with every form of its section. */
export function UnmatchedConversationPage({
  profileName,
  username,
  ...section
}: ConversationSectionProps &
  Required<Pick<ConversationSectionProps, 'replyAction' | 'replyId' | 'resendAction' | 'optOutBase' | 'saved'>> & {
    profileName?: string;
    /** Their WhatsApp username, when they set one. */
    username?: string;
  }) {
  const { conversation } = section;
  return (
    <article className="desk-lead">
      <p>
        <a href="/desk/conversations">← {copy.listTitle}</a>
      </p>
      <h1 className="desk-title">{profileName || (username && copy.username(username)) || copy.unknownSender}</h1>
      <p className="desk-meta">
        {copy.address(conversation.phone, username)}
        {profileName ? ` · ${copy.profile(profileName)}` : ''}
      </p>
      <p className="desk-meta">{conversation.phone.startsWith('+') ? copy.unknownNote : copy.unknownNoteUser}</p>
      <ConversationSection {...section} />
    </article>
  );
}

/** The inbox's strip of leads with unread replies, newest reply first. */
export function UnreadReplies({
  summaries,
  leads,
}: {
  summaries: ConversationSummary[];
  leads: Map<string, LeadRecord>;
}) {
  if (summaries.length === 0) return null;
  return (
    <section className="desk-card desk-unread-replies" aria-labelledby="unread-heading">
      <h2 id="unread-heading">{copy.unreadTitle}</h2>
      <ConversationList summaries={summaries} leads={leads} as="ul" />
    </section>
  );
}
