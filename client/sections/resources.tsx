import { Section } from '../layout/section';
import { TOPICS, site } from '../../src/words/site';
import type { VideosPayload } from '../../src/feeds/types';
import { Island } from '../islands/island';
import { useSiteContent } from '../site-content';
import ResourceTabs from '../islands/resource-tabs';

/** Resources (#resources): the six topic playlists, rendered with the videos when the cache has them. */
export function Resources({ videos }: { videos: VideosPayload | null }) {
  const { heading, intro } = useSiteContent().resources;
  const { loading, failed, empty } = site.resources;
  return (
    <Section id="resources" heading={heading} intro={intro}>
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
    </Section>
  );
}
