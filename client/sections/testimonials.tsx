import { testimonialsCopy } from '../../src/words/sections';
import { PlainText, useSiteContent } from '../site-content';
import { Section } from '../layout/section';

/**
 * What people say (#testimonials): the shown testimonials, in the order the owners listed them, each a quote with
 * the person's name and their role or town. No section at all while none is shown.
 */
export function Testimonials() {
  const shown = useSiteContent().testimonials.filter((t) => t.shown);
  if (shown.length === 0) return null;
  return (
    <Section id="testimonials" heading={testimonialsCopy.heading}>
      <div className="testimonial-grid">
        {shown.map((t, i) => (
          <figure key={i} className="testimonial">
            <blockquote className="testimonial-quote">
              <PlainText text={t.quote} />
            </blockquote>
            <figcaption className="testimonial-by">
              <span className="testimonial-name">{t.name}</span>
              {t.role && <span className="testimonial-role">{t.role}</span>}
            </figcaption>
          </figure>
        ))}
      </div>
    </Section>
  );
}
