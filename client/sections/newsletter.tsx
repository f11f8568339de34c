import { site } from '../../src/content/site';
import { consentCopy } from '../../src/content/privacy';
import { Island } from '../islands/island';
import NewsletterForm from '../islands/newsletter-form';

/** Newsletter block: benefits and the subscribe form. */
export function Newsletter() {
  const { newsletter } = site;
  return (
    <section id="newsletter" className="section newsletter" aria-labelledby="newsletter-title">
      <div className="container">
        <header className="section-head">
          <h2 id="newsletter-title">{newsletter.heading}</h2>
          <p>{newsletter.intro}</p>
        </header>
        <ul className="benefit-grid">
          {newsletter.benefits.map((b, i) => (
            <li key={b.title} className="card benefit-card">
              <span className="benefit-index" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{b.title}</h3>
              <p>{b.text}</p>
            </li>
          ))}
        </ul>
        <Island
          name="NewsletterForm"
          component={NewsletterForm}
          props={{
            copy: {
              label: newsletter.label,
              placeholder: newsletter.placeholder,
              submit: newsletter.submit,
              done: newsletter.done,
              success: newsletter.success,
              ...site.forms,
              consent: consentCopy('newsletter'),
            },
          }}
        />
      </div>
    </section>
  );
}
