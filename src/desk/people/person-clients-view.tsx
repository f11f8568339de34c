import { clientPeople as copy } from '../../words/clients/people';
import { when } from '../format';
import type { PersonClients, PersonEngagement } from './person-clients';

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
/** A calendar day (YYYY-MM-DD) as the owners read it: "31 Dec 2030". */
const day = (d: string) => dayFormat.format(Date.parse(`${d}T00:00:00Z`));

/**
 * A person as a client: each package of sessions with what is used and left, its last day, the terms' acceptance and
 * the page link's state; then the testimonials they sent, with the words and where each stands.
 */
export function ClientsCard({ clients }: { clients: PersonClients }) {
  if (clients.engagements.length + clients.testimonials.length === 0) return null;
  return (
    <section className="desk-card" aria-labelledby="person-clients">
      <h2 id="person-clients">{copy.title}</h2>
      <ul className="desk-list">
        {clients.engagements.map((p) => (
          <li key={p.engagement.id}>
            <strong>{copy.package(p.engagement.programTitle, p.engagement.sessions, p.used, p.left)}</strong>
            <p className="desk-meta">{details(p).join(' · ')}</p>
          </li>
        ))}
        {clients.testimonials.map((t) => (
          <li key={t.id}>
            <blockquote>{t.quote}</blockquote>
            <p className="desk-meta">
              {[t.name, t.place, copy.testimonial(when(t.submittedAt), copy.statuses[t.status])].join(' · ')}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function details({ engagement: e, link }: PersonEngagement): string[] {
  const terms = e.accepted
    ? copy.termsAccepted(e.accepted.versionId, when(e.accepted.at))
    : e.terms
      ? copy.termsPending
      : copy.noTerms;
  const page =
    link === 'live'
      ? copy.link.live(when(e.link?.expiresAt))
      : link === 'revoked'
        ? copy.link.revoked(when(e.revokedAt))
        : copy.link[link];
  return [copy.validUntil(day(e.validUntil)), terms, page];
}
