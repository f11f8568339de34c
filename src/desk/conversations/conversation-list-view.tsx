import { conversation as copy } from '../../words/conversations/conversation';
import { conversationDay } from '../../words/conversations/conversation-day';
import { desk } from '../../words/desk';
import { deskReplies } from '../replies/words';
import { contactOf } from '../../store/leads/lead';
import type { LeadRecord } from '../../store/leads/listing';
import type { ConversationSummary } from './conversation-list';
import { ConversationSection, receivedText, type ConversationSectionProps } from './conversation-view';
import { PersonFollowUp } from './conversation-person';
import { when } from '../format';

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
              {s.needsAnswer ? <span className="desk-waiting">{conversationDay.needsAnswer}</span> : null}
              {s.needsAnswer && s.waitingHours !== null ? (
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
      <PersonFollowUp state={conversation.state} base={section.optOutBase} />
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
