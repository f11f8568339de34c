import { privacy, privacySections } from '../../src/words/privacy';
import { formatDay } from '../lib/format-date';
import { TextPage } from './text-page';

/** The privacy notice: what is collected, why, where, for how long, and how to ask for a copy or deletion. */
export function PrivacyPage({ year, paymentRecordYears }: { year: number; paymentRecordYears: number }) {
  return (
    <TextPage name="privacy" year={year} backHome={privacy.backHome}>
      <h1>{privacy.title}</h1>
      <p className="privacy-updated">
        {privacy.updatedLabel}: <time dateTime={privacy.updated}>{formatDay(privacy.updated)}</time>
      </p>
      <p className="privacy-intro">{privacy.intro}</p>
      {privacySections(paymentRecordYears).map((section) => (
        <section key={section.heading} aria-labelledby={`privacy-${slug(section.heading)}`}>
          <h2 id={`privacy-${slug(section.heading)}`}>{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </TextPage>
  );
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
