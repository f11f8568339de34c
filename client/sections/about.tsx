import { PortraitArt } from '../components/art';
import { PlainText, useSiteContent } from '../site-content';
import { EnquiryButton } from './enquiry-button';

export function About() {
  const { about } = useSiteContent();
  return (
    <section id="about" className="section about" aria-labelledby="about-title">
      <div className="container about-inner">
        <PortraitArt label={about.imageAlt} />
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
