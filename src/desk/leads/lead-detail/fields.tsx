import { desk } from '../../../words/desk';
import { deskLeadWords as words } from '../words';
import type { LeadRecord } from '../../../store/leads/listing';
import { when } from '../../format';
import { cameFrom, firstPage, formOf } from './plain';

/**
 * The details, in plain words: when it came, by which form, where the visit came from and its first page, the
 * programs a quiz suggested, the consent, and a quiz visitor's newsletter choice (with the subscription it made).
 * The person's words and contact are at the top of the page (./person.tsx).
 */
export function LeadFields({
  lead,
  subscriptionPath,
}: {
  lead: LeadRecord;
  /** A quiz response whose visitor asked for the newsletter: the desk page of the subscription it made. */
  subscriptionPath?: string | undefined;
}) {
  return (
    <section className="desk-lead-details" aria-labelledby="details-heading">
      <h2 id="details-heading">{words.details.title}</h2>
      <dl className="desk-fields">
        <dt>{desk.lead.arrived}</dt>
        <dd>
          <time dateTime={lead.createdAt}>{when(lead.createdAt)}</time>
        </dd>
        <dt>{words.details.form}</dt>
        <dd>{formOf(lead)}</dd>
        <dt>{words.details.cameFrom}</dt>
        <dd>{cameFrom(lead.attribution)}</dd>
        <dt>{words.details.firstPage}</dt>
        <dd>{firstPage(lead.attribution)}</dd>
        {lead.kind === 'quiz' ? (
          <>
            <dt>{words.details.recommended}</dt>
            <dd>{lead.recommended.length > 0 ? lead.recommended.join(', ') : '—'}</dd>
          </>
        ) : null}
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
    </section>
  );
}
