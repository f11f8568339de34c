import { Section } from '../layout/section';
import { site } from '../../src/words/site';
import { consentCopy } from '../../src/words/privacy';
import { Island } from '../islands/island';
import { PlainText, useSiteContent } from '../site-content';
import NewsletterForm from '../islands/newsletter-form';
import type { FormState } from '../../src/shared/lead-rules';

/** Newsletter block: benefits and the subscribe form. */
export function Newsletter({ form }: { form: FormState }) {
  const { heading, intro, benefits } = useSiteContent().newsletter;
  const { newsletter } = site;
  return (
    <Section id="newsletter" heading={heading} intro={intro}>
      <ul className="benefit-grid">
        {benefits.map((b, i) => (
          <li key={b.title} className="card benefit-card">
            <span className="benefit-index" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{b.title}</h3>
            <p>
              <PlainText text={b.text} />
            </p>
          </li>
        ))}
      </ul>
      <Island
        name="NewsletterForm"
        component={NewsletterForm}
        load="visible"
        later="near"
        props={{
          copy: {
            label: newsletter.label,
            placeholder: newsletter.placeholder,
            submit: newsletter.submit,
            done: newsletter.done,
            success: newsletter.success,
            submitting: site.forms.submitting,
            invalidEmail: site.forms.invalidEmail,
            failed: site.forms.failed,
            rateLimited: site.forms.rateLimited,
            consent: consentCopy('newsletter'),
          },
          form,
        }}
      />
    </Section>
  );
}
