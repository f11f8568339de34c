import type { TestimonialRecord } from '../../store/clients/clients';
import { testimonialWords } from '../../words/clients/testimonials';
import { when } from '../format';
import { leadPath } from '../page';
import { PENDING_PATH } from './testimonial-card';

const copy = testimonialWords.desk;

/** The testimonials clients sent that no owner has answered yet, oldest last, each with Approve and Decline. */
export function PendingTestimonials({ pending }: { pending: TestimonialRecord[] }) {
  return (
    <section className="desk-card" aria-labelledby="pending-heading">
      <h1 id="pending-heading">{copy.pendingTitle}</h1>
      <p className="desk-meta">{copy.pendingIntro}</p>
      {pending.length === 0 ? <p>{copy.pendingNone}</p> : null}
      <ul className="desk-pending-testimonials">
        {pending.map((t) => (
          <li key={t.id}>
            <blockquote>{t.quote}</blockquote>
            <p>
              {copy.by(t.name, t.place)} · <span className="desk-meta">{copy.sentAt(when(t.submittedAt))}</span> ·{' '}
              <a href={leadPath(t.lead.kind, t.lead.id)}>{copy.lead}</a>
            </p>
            <div className="desk-actions">
              <form method="post" action={`${PENDING_PATH}/${t.id}/approve`}>
                <button type="submit" className="btn btn-cta" aria-label={`${copy.approve}: ${t.name}`}>
                  {copy.approve}
                </button>
              </form>
              <form method="post" action={`${PENDING_PATH}/${t.id}/decline`}>
                <button type="submit" className="btn btn-outline" aria-label={`${copy.decline}: ${t.name}`}>
                  {copy.decline}
                </button>
              </form>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
