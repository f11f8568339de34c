import { desk } from '../../words/desk';
import type { DeskMessage } from '../messages';
import { when } from '../format';
import { toolEventWords } from '../../words/guides/hooks';

/** What the lead page shows of a newsletter subscription. */
export interface SubscriptionView {
  unsubscribedAt?: string;
  /** The subscriber's /unsubscribe link; null when UNSUBSCRIBE_SECRET is missing. */
  link: string | null;
  /** NEWSLETTER_PROVIDER: kit, mailchimp or none. */
  provider: string;
  /** The newsletter tool's calls for this subscription (the ledger's newsletter rows). */
  calls: DeskMessage[];
  /** The tags the newsletter tool gives this subscriber (the quiz's programs); none for a form signup. */
  tags: string[];
  /** The desk page of the quiz response this subscription was made with. */
  quizPath?: string;
  /**
   * The newsletter tool's newest event about this address (its webhook), and whether it stops the site's emails to
   * it (false once they subscribed again on the site after it).
   */
  toolEvent?: { tool: string; kind: string; occurredAt: string; stops: boolean };
}

/**
 * A subscriber's state (subscribed, or unsubscribed and when), the link the owners copy into a letter or
 * use when asked, and each call to the newsletter tool, a refused one with the tool's answer and Resend.
 */
export function SubscriptionCard({
  subscription: s,
  renderCall,
}: {
  subscription: SubscriptionView;
  renderCall: (call: DeskMessage) => React.ReactNode;
}) {
  const copy = desk.subscription;
  const provider = copy.providers[s.provider] ?? s.provider;
  const unsubscribeSent = s.calls.some((c) => c.template === 'newsletter_unsubscribe');
  // The tool's event stops the address only while the person has not unsubscribed on the site themselves.
  const stopped = !s.unsubscribedAt && s.toolEvent?.stops ? s.toolEvent : undefined;
  return (
    <section className="desk-card" aria-labelledby="subscription-heading">
      <h2 id="subscription-heading">{copy.title}</h2>
      <p className="desk-item-top">
        {/* What stands: the person's own unsubscribe on the site, else what the tool said stops the address, else
            subscribed. Two pills saying "Subscribed" and "Unsubscribed at Kit" side by side would leave the owner
            to work out which one counts. */}
        {stopped ? (
          <span className="desk-status desk-status-closed">{toolEventWords.pill(stopped.kind, stopped.tool)}</span>
        ) : (
          <span className={`desk-status desk-status-${s.unsubscribedAt ? 'closed' : 'contacted'}`}>
            {s.unsubscribedAt ? copy.unsubscribed : copy.subscribed}
          </span>
        )}
      </p>
      {stopped ? null : (
        <p className="desk-meta">
          {s.unsubscribedAt ? copy.unsubscribedOn(when(s.unsubscribedAt)) : copy.subscribedNote}
        </p>
      )}
      {s.toolEvent ? (
        <p className={s.toolEvent.stops ? 'desk-message-error' : 'desk-meta'} data-tool-event={s.toolEvent.kind}>
          {toolEventWords.event(s.toolEvent.kind, s.toolEvent.tool, when(s.toolEvent.occurredAt))}{' '}
          {s.toolEvent.stops ? toolEventWords.stopped : toolEventWords.subscribedAgain}
        </p>
      ) : null}
      {s.quizPath ? (
        <p className="desk-meta">
          {copy.fromQuiz} <a href={s.quizPath}>{copy.openQuiz}</a>
        </p>
      ) : null}
      {s.tags.length > 0 ? <p className="desk-meta">{`${copy.tags} ${s.tags.join(', ')}`}</p> : null}
      {s.link ? (
        <p className="desk-copy-link">
          <label htmlFor="unsubscribe-link">{copy.link}</label>
          <input id="unsubscribe-link" type="text" readOnly value={s.link} spellCheck={false} />
          <span className="desk-meta">{copy.linkHint}</span>
        </p>
      ) : (
        <p className="desk-message-error">{copy.noLink}</p>
      )}
      <p className="desk-meta">{s.provider === 'none' ? copy.noTool : copy.tool(provider)}</p>
      {s.provider !== 'none' && s.unsubscribedAt && !unsubscribeSent ? (
        <p className="desk-message-error">{copy.notSentOn(provider)}</p>
      ) : null}
      {s.calls.length > 0 ? <ul className="desk-messages">{s.calls.map(renderCall)}</ul> : null}
    </section>
  );
}
