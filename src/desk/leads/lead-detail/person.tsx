import { deskLeadWords as words } from '../words';
import { QUIZ_STEPS } from '../../../words/site';
import type { LeadRecord } from '../../../store/leads/listing';
import { waDigits } from '../../format';

/**
 * The top of a lead's page, under the name: the person's own words (an enquiry's message, a quiz's answers) and
 * how to reach them, each a tap away (call, WhatsApp, email), the number and address shown as they are.
 */
export function PersonCard({
  lead,
  contact: { email, phone },
}: {
  lead: LeadRecord;
  contact: { email?: string | undefined; phone?: string | undefined };
}) {
  return (
    <section className="desk-card desk-person" aria-labelledby="person-words">
      {lead.kind === 'enquiry' ? (
        <>
          <h2 id="person-words">{words.person.words}</h2>
          <blockquote className="desk-person-words desk-pre">{lead.description}</blockquote>
        </>
      ) : null}
      {lead.kind === 'quiz' ? (
        <>
          <h2 id="person-words">{words.person.answers}</h2>
          <dl className="desk-person-answers">
            {QUIZ_STEPS.map((step, i) => (
              <div key={step.title}>
                <dt>{step.title}</dt>
                <dd>{lead.answers[String(i)] ?? words.person.noAnswer}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      {lead.kind === 'newsletter' ? (
        <h2 id="person-words" className="visually-hidden">
          {words.person.reach}
        </h2>
      ) : (
        <h3>{words.person.reach}</h3>
      )}
      {!email && !phone ? <p className="desk-meta">{words.person.noContact}</p> : null}
      <ul className="desk-person-reach">
        {reachLinks(email, phone).map((link) => (
          <li key={link.href}>
            <a
              className="btn btn-outline"
              href={link.href}
              {...(link.elsewhere && { rel: 'noopener noreferrer', target: '_blank' })}
            >
              {link.text}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The ways to reach the person, in the order the card shows them; WhatsApp opens in another tab. */
function reachLinks(
  email: string | undefined,
  phone: string | undefined,
): { href: string; text: string; elsewhere?: boolean }[] {
  return [
    ...(phone
      ? [
          { href: `tel:${phone}`, text: words.person.call(phone) },
          { href: `https://wa.me/${waDigits(phone)}`, text: words.person.whatsapp, elsewhere: true },
        ]
      : []),
    ...(email ? [{ href: `mailto:${email}`, text: words.person.email(email) }] : []),
  ];
}
