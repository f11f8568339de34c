import { TOPICS, site } from '../../src/content/site';
import type { VideosPayload } from '../../src/feeds/types';
import { Island } from '../islands/island';
import ResourceTabs from '../islands/resource-tabs';

/** Resources (#resources): the six topic playlists, rendered with the videos when the cache has them. */
export function Resources({ videos }: { videos: VideosPayload | null }) {
  const { heading, intro, loading, failed, empty } = site.resources;
  return (
    <section id="resources" className="section resources" aria-labelledby="resources-title">
      <div className="container">
        <header className="section-head">
          <h2 id="resources-title">{heading}</h2>
          <p>{intro}</p>
        </header>
        <Island
          name="ResourceTabs"
          component={ResourceTabs}
          // The loading copy travels only when it can show: a warm page carries no "Loading videos…".
          props={{
            topics: TOPICS,
            playlists: videos?.playlists ?? null,
            copy: videos ? { failed, empty } : { loading, failed, empty },
          }}
          load="visible"
        />
      </div>
    </section>
  );
}
