import type { ReactNode } from 'react';
import { desk } from '../../content/desk';
import { QUIZ_STEPS } from '../../content/site';
import { FOLLOW_UP_STATUSES, type LeadRecord } from '../../store/listing';
import { canResend, type DeskMessage } from '../messages';
import { LEFT_IN_TOOL } from '../../newsletter/http';
import { waDigits, when } from './format';
import { contactOf } from '../../store/lead';
import { Correction, type CorrectionState } from './correction';
import { SubscriptionCard, type SubscriptionView } from './subscription';

export interface Recipient {
  phone: string;
  /** Admin1, Admin2: how a resend names an owner, so an owner's number never leaves the server. */
  ref: string;
  label: string;
  /** Matches an alert email's row; never rendered (an owner's address is a secret like their number). */
  email?: string;
}

/** Appended to an owner's label to resend their alert email rather than their WhatsApp message. */
export const EMAIL_REF = ':email';

/** Names the visitor's own email (the quiz result) in a resend: their address is read on the server, never sent back. */
export const VISITOR_EMAIL_REF = 'visitor:email';

/**
 * One lead: what came in, one-tap contact, the owners' status and note, a subscriber's newsletter state, and
 * its messages (WhatsApp and email).
 */
export function LeadDetail({
  lead,
  messages: all,
  owners,
  correction,
  subscription,
  subscriptionPath,
  conversation,
}: {
  lead: LeadRecord;
  messages: DeskMessage[];
  owners: Recipient[];
  /** A refused correction: the form opens with what was typed and the messages. */
  correction?: CorrectionState;
  subscription?: SubscriptionView;
  /** A quiz response whose visitor asked for the newsletter: the desk page of the subscription it made. */
  subscriptionPath?: string;
  /** The WhatsApp conversation with the lead's number (src/desk/views/conversation.tsx). */
  conversation?: ReactNode;
}) {
  const messages = all.filter((m) => m.audience !== 'newsletter');
  const { name, email, phone } = contactOf(lead);
  const base = `/desk/leads/${lead.kind}/${encodeURIComponent(lead.id)}`;
  // Turnstile refused the submission: its owner alerts were folded into the hourly digest, and a sign-up was not
  // sent on to the newsletter tool. The verdict is stored with the lead; a lead stored before it was is judged by
  // its owner alerts skipped as unverified.
  const unverified =
    lead.verified !== undefined
      ? lead.verified === false && lead.unchecked !== true
      : all.some((m) => m.status === 'skipped' && m.skipReason === 'unverified' && m.audience === 'owner');
  const unverifiedNote = lead.kind === 'newsletter' ? desk.lead.unverifiedSignupNote : desk.lead.unverifiedNote;
  return (
    <article className="desk-lead">
      <p>
        <a href="/desk">← {desk.lead.back}</a>
      </p>
      <h1 className="desk-title">{name || email || desk.list.noName}</h1>
      <p className="desk-item-top">
        <span className={`desk-kind desk-kind-${lead.kind}`}>{desk.kinds[lead.kind]}</span>
        <span className={`desk-status desk-status-${lead.desk.status}`}>{desk.statuses[lead.desk.status]}</span>
        {unverified ? <span className="desk-status desk-status-unverified">{desk.lead.unverified}</span> : null}
      </p>
      {unverified ? <p className="desk-meta">{unverifiedNote}</p> : null}

      <div className="desk-actions">
        {phone ? (
          <a className="btn btn-outline" href={`tel:${phone}`}>
            {desk.lead.call}
          </a>
        ) : null}
        {phone ? (
          <a
            className="btn btn-outline"
            href={`https://wa.me/${waDigits(phone)}`}
            rel="noopener noreferrer"
            target="_blank"
          >
            {desk.lead.whatsapp}
          </a>
        ) : null}
        {email ? (
          <a className="btn btn-outline" href={`mailto:${email}`}>
            {desk.lead.email}
          </a>
        ) : null}
      </div>

      {conversation}

      <dl className="desk-fields">
        <dt>{desk.lead.arrived}</dt>
        <dd>
          <time dateTime={lead.createdAt}>{when(lead.createdAt)}</time>
        </dd>
        {email ? (
          <>
            <dt>Email</dt>
            <dd>{email}</dd>
          </>
        ) : null}
        {phone ? (
          <>
            <dt>Phone</dt>
            <dd>{phone}</dd>
          </>
        ) : null}
        {lead.kind === 'quiz' ? (
          <>
            <dt>{desk.lead.source}</dt>
            <dd>{lead.source}</dd>
            {QUIZ_STEPS.map((step, i) => (
              <QuizAnswer key={step.title} question={step.title} answer={lead.answers[String(i)]} />
            ))}
          </>
        ) : null}
        {lead.kind === 'quiz' ? (
          <>
            <dt>{desk.lead.recommended}</dt>
            <dd>{lead.recommended.length > 0 ? lead.recommended.join(', ') : '—'}</dd>
          </>
        ) : null}
        {lead.kind === 'enquiry' ? (
          <>
            <dt>{desk.lead.message}</dt>
            <dd className="desk-pre">{lead.description}</dd>
          </>
        ) : null}
        <dt>{desk.lead.visit}</dt>
        <dd>
          {lead.attribution && Object.keys(lead.attribution).length > 0
            ? Object.entries(lead.attribution)
                .map(([k, v]) => `${k}: ${v}`)
                .join(' · ')
            : desk.lead.noAttribution}
        </dd>
        <dt>{desk.lead.consent}</dt>
        <dd>{desk.lead.consentText(lead.consent.version, when(lead.consent.at))}</dd>
        {lead.kind === 'quiz' ? (
          <>
            <dt>{desk.lead.newsletter}</dt>
            <dd>
              {lead.newsletterConsent
                ? desk.lead.newsletterText(lead.newsletterConsent.version, when(lead.newsletterConsent.at))
                : desk.lead.newsletterNo}
              {subscriptionPath ? (
                <>
                  {' · '}
                  <a href={subscriptionPath}>{desk.lead.newsletterOpen}</a>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>

      <section className="desk-card" aria-labelledby="status-heading">
        <h2 id="status-heading">{desk.lead.status}</h2>
        <form method="post" action={`${base}/status`} className="desk-status-form">
          {FOLLOW_UP_STATUSES.map((s) => (
            <button
              key={s}
              type="submit"
              name="status"
              value={s}
              className={`btn ${s === lead.desk.status ? 'btn-cta' : 'btn-outline'}`}
              aria-pressed={s === lead.desk.status}
            >
              {desk.statuses[s]}
            </button>
          ))}
        </form>
        {lead.desk.statusBy ? (
          <p className="desk-meta">{desk.lead.statusSetBy(lead.desk.statusBy, when(lead.desk.statusAt))}</p>
        ) : null}
      </section>

      <section className="desk-card" aria-labelledby="note-heading">
        <h2 id="note-heading">{desk.lead.note}</h2>
        <form method="post" action={`${base}/note`}>
          <label className="visually-hidden" htmlFor="desk-note">
            {desk.lead.note}
          </label>
          <textarea id="desk-note" name="note" rows={4} maxLength={2000} defaultValue={lead.desk.note ?? ''} />
          <p className="desk-meta">
            {lead.desk.noteBy ? desk.lead.noteSavedBy(lead.desk.noteBy, when(lead.desk.noteAt)) : desk.lead.noteHint}
          </p>
          <button type="submit" className="btn btn-cta">
            {desk.lead.saveNote}
          </button>
        </form>
      </section>

      <Correction lead={lead} base={base} {...(correction && { state: correction })} />
      {email || phone ? (
        <form method="post" action="/desk/people">
          <input type="hidden" name="q" value={email || phone} />
          <p>
            <button type="submit" className="btn-link">
              {desk.lead.person}
            </button>
          </p>
        </form>
      ) : null}
      {subscription ? (
        <SubscriptionCard
          subscription={subscription}
          renderCall={(m) => (
            <Message
              key={m.template}
              message={m}
              owners={owners}
              action={`${base}/resend`}
              tool={{ provider: subscription.provider, unsubscribed: Boolean(subscription.unsubscribedAt) }}
            />
          )}
        />
      ) : null}

      <section className="desk-card" aria-labelledby="messages-heading">
        <h2 id="messages-heading">{desk.messages.title}</h2>
        {messages.length === 0 ? <p className="desk-meta">{desk.messages.none}</p> : null}
        <ul className="desk-messages">
          {messages.map((m) => (
            <Message key={`${m.template}|${m.recipient}`} message={m} owners={owners} action={`${base}/resend`} />
          ))}
        </ul>
      </section>
    </article>
  );
}

function QuizAnswer({ question, answer }: { question: string; answer: string | undefined }) {
  return (
    <>
      <dt>{question}</dt>
      <dd>{answer ?? '—'}</dd>
    </>
  );
}

function Message({
  message: m,
  owners,
  action,
  tool,
}: {
  message: DeskMessage;
  owners: Recipient[];
  action: string;
  /** Set for a call to the newsletter tool: which tool, and whether the subscriber has left since. */
  tool?: { provider: string; unsubscribed: boolean };
}) {
  // An owner's alert email, or an email to the address the visitor gave (the quiz result).
  const byEmail = m.audience === 'email' || (m.audience === 'visitor' && m.recipient.includes('@'));
  const owner =
    m.audience === 'visitor'
      ? undefined
      : owners.find((o) => (byEmail ? o.email === m.recipient : o.phone === m.recipient));
  const provider = tool ? (desk.subscription.providers[tool.provider] ?? tool.provider) : '';
  const to = tool
    ? provider
    : `${owner ? owner.label : desk.messages.visitor}${byEmail ? ` ${desk.messages.byEmail}` : ''}`;
  // A sign-up is never sent on again once the subscriber has left: that would subscribe them without consent.
  // Nor to an address the tool itself has unsubscribed: the site never subscribes anyone there again.
  const leftInTool = Boolean(tool) && m.errorCode === LEFT_IN_TOOL;
  const resendable = canResend(m) && !leftInTool && !(tool?.unsubscribed && m.template === 'newsletter_subscribe');
  const receipt = m.receipt ? (desk.messages.receipts[m.receipt] ?? m.receipt) : null;
  return (
    <li className={`desk-message desk-message-${m.status}`}>
      <p className="desk-message-top">
        <strong>{desk.messages.templates[m.template] ?? m.template}</strong>
        <span className={`desk-state desk-state-${m.status}`}>{desk.messages.states[m.status] ?? m.status}</span>
      </p>
      <p className="desk-meta">
        {desk.messages.to} {to} · {desk.messages.attempts(m.attempts)} · {when(m.sentAt ?? m.updatedAt)}
      </p>
      {receipt ? (
        <p className={`desk-meta desk-receipt desk-receipt-${m.receipt}`}>
          {desk.messages.receiptAt(receipt, when(m.receiptAt ?? m.updatedAt))}
        </p>
      ) : m.status === 'sent' && !byEmail && !tool && m.audience !== 'digest' ? (
        <p className="desk-meta desk-receipt">{desk.messages.unconfirmed}</p>
      ) : null}
      {m.receipt === 'failed' && m.receiptErrorCode ? (
        <p className="desk-message-error">
          {desk.messages.receiptError(m.receiptErrorCode, m.receiptErrorTitle ?? '')}
        </p>
      ) : null}
      {m.status === 'skipped' && m.skipReason ? (
        <p className="desk-meta">
          {(tool ? desk.subscription.skipped[m.skipReason] : desk.messages.skipped[m.skipReason]) ?? m.skipReason}
        </p>
      ) : null}
      {m.status !== 'sent' && m.errorCode ? (
        <p className="desk-message-error">
          {leftInTool
            ? desk.subscription.leftInTool(provider)
            : tool
              ? desk.subscription.error(provider, m.errorCode, m.errorMessage ?? '')
              : (byEmail ? desk.messages.emailError : desk.messages.error)(m.errorCode, m.errorMessage ?? '')}
        </p>
      ) : null}
      {resendable ? (
        <form method="post" action={action}>
          <input type="hidden" name="template" value={m.template} />
          <input
            type="hidden"
            name="recipient"
            value={
              tool
                ? 'subscriber'
                : owner
                  ? `${owner.ref}${byEmail ? EMAIL_REF : ''}`
                  : byEmail
                    ? VISITOR_EMAIL_REF
                    : m.recipient
            }
          />
          <button type="submit" className="btn btn-gold">
            {tool && m.status === 'skipped' ? desk.subscription.sendOn : desk.messages.resend}
          </button>
        </form>
      ) : null}
    </li>
  );
}
