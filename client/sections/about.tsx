import { site } from '../../src/words/site';
import { PlainText, useSiteContent } from '../site-content';
import { EnquiryButton } from './enquiry-button';

export function About() {
  const { about } = useSiteContent();
  const { image } = site.about;
  return (
    <section id="about" className="section about" aria-labelledby="about-title">
      <div className="container about-inner">
        <div className="about-art">
          <img src={image} alt={about.imageAlt} width="480" height="560" loading="lazy" decoding="async" />
        </div>
        <div className="about-copy">
          <h2 id="about-title">{about.heading}</h2>
          {about.paragraphs.map((p) => (
            <p key={p}>
              <PlainText text={p} />
            </p>
          ))}
          <ul className="highlights">
            {about.highlights.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
          <EnquiryButton label={about.cta} />
        </div>
      </div>
    </section>
  );
}
