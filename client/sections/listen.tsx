import { Section } from './section';
import { Island } from '../islands/island';
import PodcastPlayer from '../islands/podcast-player';
import { useSiteContent } from '../site-content';

/** Listen (#listen): the podcast block, six episodes with the first featured. */
export function Listen() {
  const { listen, episodes } = useSiteContent();
  return (
    <Section id="listen" heading={listen.heading} intro={listen.intro}>
      <Island name="PodcastPlayer" component={PodcastPlayer} props={{ episodes, featuredMeta: listen.featuredMeta }} />
      <div className="center listen-more">
        <a className="btn btn-outline" href={listen.showUrl} target="_blank" rel="noopener noreferrer">
          {listen.explore}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
    </Section>
  );
}
