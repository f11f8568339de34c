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
        {phone ? (
          <li>
            <a className="btn btn-outline" href={`tel:${phone}`}>
              {words.person.call(phone)}
            </a>
          </li>
        ) : null}
        {phone ? (
          <li>
            <a
              className="btn btn-outline"
              href={`https://wa.me/${waDigits(phone)}`}
              rel="noopener noreferrer"
              target="_blank"
            >
              {words.person.whatsapp}
            </a>
          </li>
        ) : null}
        {email ? (
          <li>
            <a className="btn btn-outline" href={`mailto:${email}`}>
              {words.person.email(email)}
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
