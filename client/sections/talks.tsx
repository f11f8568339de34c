import { talksCopy } from '../../src/words/sections';
import { talksByTime } from '../../src/shared/talks';
import type { Talk } from '../../src/shared/site-content';
import { formatDay } from '../lib/format-date';
import { useSiteContent } from '../site-content';
import { Section } from '../layout/section';

/**
 * Talks and events (#talks): the upcoming ones (today included, soonest first), then the past ones (latest first),
 * split by `today`, the owners' calendar day (YYYY-MM-DD). No section at all while there is no talk.
 */
export function Talks({ today }: { today: string }) {
  const { talks } = useSiteContent();
  if (talks.length === 0) return null;
  const { upcoming, past } = talksByTime(talks, today);
  return (
    <Section id="talks" heading={talksCopy.heading}>
      <div className="talk-groups">
        {upcoming.length > 0 && <TalkList heading={talksCopy.upcoming} talks={upcoming} />}
        {past.length > 0 && <TalkList heading={talksCopy.past} talks={past} />}
      </div>
    </Section>
  );
}

function TalkList({ heading, talks }: { heading: string; talks: readonly Talk[] }) {
  return (
    <div className="talk-group">
      <h3 className="talk-group-title">{heading}</h3>
      <ul className="talk-list">
        {talks.map((talk, i) => (
          <li key={i} className="talk">
            <time className="talk-date" dateTime={talk.date}>
              {formatDay(talk.date)}
            </time>
            <span className="talk-title">{talk.link ? <a href={talk.link}>{talk.title}</a> : talk.title}</span>
            <span className="talk-place">{talk.place}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
