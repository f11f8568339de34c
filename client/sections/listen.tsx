import { Section } from '../layout/section';
import { Island } from '../islands/island';
import PodcastPlayer from '../islands/podcast-player';
import { useSiteContent } from '../site-content';
import type { ListenEpisode } from '../../src/feeds/types';

/**
 * Listen (#listen): the podcast block, six episodes with the first featured: the feed's newest when it has
 * loaded (played in the site's own player), else the published ones (played in the provider's embed).
 */
export function Listen({ episodes: fromFeed }: { episodes?: readonly ListenEpisode[] | undefined }) {
  const { listen, episodes: published } = useSiteContent();
  const episodes = fromFeed ?? published;
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
