import type { Env } from '../../env';
import type { EngagementRecord, TestimonialRecord } from '../../store/clients/clients';
import { getClientStore } from '../../store/clients/open';
import type { LeadRecord } from '../../store/leads/listing';
import { testimonialWords } from '../../words/clients/testimonials';
import { when } from '../format';

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
 * Each engagement's testimonials for the lead page's Client card, by engagement id (the card's engagement blocks
 * show them with the request button); none for a subscriber.
 */
export async function testimonialsOfLead(env: Env, lead: LeadRecord): Promise<Map<string, TestimonialRecord[]>> {
  if (lead.kind === 'newsletter') return new Map();
  const store = getClientStore(env);
  const engagements = await store.engagementsForLead({ kind: lead.kind, id: lead.id });
  const all = await Promise.all(engagements.map(async (e) => [e.id, await store.testimonialsFor(e.id)] as const));
  return new Map(all);
}
