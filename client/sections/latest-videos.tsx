import { Section } from '../layout/section';
import { site, youtubeLinks } from '../../src/words/site';
import type { VideosPayload } from '../../src/feeds/types';
import { Island } from '../islands/island';
import LatestVideosIsland from '../islands/latest-videos';

/** Latest videos: the sixth section of the landing page. */
export function LatestVideos({ videos }: { videos: VideosPayload | null }) {
  return (
    <Section
      id="latest"
      heading={`Latest from ${site.brand}`}
      intro={site.latest.intro}
      action={
        <a className="btn btn-outline" href={youtubeLinks.subscribe} target="_blank" rel="noopener noreferrer">
          Subscribe on YouTube
        </a>
      }
    >
      <Island
        name="LatestVideos"
        component={LatestVideosIsland}
        props={{
          latest: videos?.latest ?? null,
          videosUrl: youtubeLinks.videos,
          uploadsPlaylist: youtubeLinks.uploadsPlaylist,
        }}
        load="visible"
      />
    </Section>
  );
}
