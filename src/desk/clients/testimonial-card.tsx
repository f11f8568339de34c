import type { ReactNode } from 'react';
import type { Env } from '../../env';
import type { EngagementRecord, TestimonialRecord } from '../../store/clients/clients';
import { getClientStore } from '../../store/clients/open';
import type { LeadRecord } from '../../store/leads/listing';
import { testimonialWords } from '../../words/clients/testimonials';
import { when } from '../format';
import { leadPath } from '../page';

const copy = testimonialWords.desk;

/** Where the pending testimonials are listed, approved and declined. */
export const PENDING_PATH = '/desk/clients/testimonials';

/**
 * One engagement's testimonials on a client's lead page: each with its state, then the button that asks the
 * client for one (`POST …/testimonial-request`, field `engagement`) and when it was last asked.
 */
export function TestimonialCard(props: {
  engagement: EngagementRecord;
  testimonials: TestimonialRecord[];
  base: string;
}) {
  const { engagement, testimonials, base } = props;
  return (
    <div className="desk-client-testimonials">
      {testimonials.length > 0 ? (
        <ul>
          {testimonials.map((t) => (
            <li key={t.id}>
              <q>{t.quote}</q> — {copy.by(t.name, t.place)}{' '}
              <span className="desk-meta">
                · {testimonialWords.section.status[t.status]} · {copy.sentAt(when(t.submittedAt))}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="desk-meta">{copy.none}</p>
      )}
      {testimonials.some((t) => t.status === 'pending') ? (
        <p>
          <a href={PENDING_PATH}>{copy.pendingTitle}</a>
        </p>
      ) : null}
      {engagement.testimonialAskedAt ? (
        <p className="desk-meta">
          {copy.askedAt(when(engagement.testimonialAskedAt), engagement.testimonialAskedBy ?? '')}
        </p>
      ) : null}
      <form method="post" action={`${base}/testimonial-request`}>
        <input type="hidden" name="engagement" value={engagement.id} />
        <button type="submit" className="btn">
          {engagement.testimonialAskedAt ? copy.askedAgain : copy.ask}
        </button>
      </form>
    </div>
  );
}

/**
 * The lead page's testimonials card on its own (until the Client card holds TestimonialCard): each engagement of
 * the lead, newest first, with its testimonials and the request button; nothing for a lead without one.
 */
export async function leadTestimonialCard(env: Env, lead: LeadRecord): Promise<ReactNode> {
  if (lead.kind === 'newsletter') return null;
  const store = getClientStore(env);
  const engagements = await store.engagementsForLead({ kind: lead.kind, id: lead.id });
  if (engagements.length === 0) return null;
  const all = await Promise.all(engagements.map((e) => store.testimonialsFor(e.id)));
  return (
    <section className="desk-card" aria-labelledby="testimonials-heading">
      <h2 id="testimonials-heading">{copy.heading}</h2>
      {engagements.map((e, i) => (
        <div key={e.id}>
          <h3>{copy.engagement(e.programTitle, e.validUntil)}</h3>
          <TestimonialCard engagement={e} testimonials={all[i] ?? []} base={leadPath(lead.kind, lead.id)} />
        </div>
      ))}
    </section>
  );
}
