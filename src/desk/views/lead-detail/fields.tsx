import { desk } from '../../../content/desk';
import { QUIZ_STEPS } from '../../../content/site';
import type { LeadRecord } from '../../../store/listing';
import { when } from '../format';

/**
 * What came in: when, the contact, the quiz's answers and recommendation or the enquiry's message, the visit's
 * attribution, the consent, and a quiz visitor's newsletter choice (with the subscription it made).
 */
export function LeadFields({
  lead,
  contact: { email, phone },
  subscriptionPath,
}: {
  lead: LeadRecord;
  contact: { email?: string | undefined; phone?: string | undefined };
  /** A quiz response whose visitor asked for the newsletter: the desk page of the subscription it made. */
  subscriptionPath?: string | undefined;
}) {
  return (
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
