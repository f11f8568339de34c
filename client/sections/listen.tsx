import { site } from '../../src/content/site';
import { Island } from '../islands/island';
import PodcastPlayer from '../islands/podcast-player';

/** Listen (#listen): the podcast block, six episodes with the first featured. */
export function Listen() {
  const { listen } = site;
  return (
    <section id="listen" className="section listen" aria-labelledby="listen-title">
      <div className="container">
        <header className="section-head">
          <h2 id="listen-title">{listen.heading}</h2>
          <p>{listen.intro}</p>
        </header>
        <Island
          name="PodcastPlayer"
          component={PodcastPlayer}
          props={{ episodes: site.episodes, featuredMeta: listen.featuredMeta }}
        />
        <div className="center listen-more">
          <a className="btn btn-outline" href={listen.showUrl} target="_blank" rel="noopener noreferrer">
            {listen.explore}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
      </div>
    </section>
  );
}
