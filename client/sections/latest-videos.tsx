import { site, youtubeLinks } from '../../src/content/site';
import type { VideosPayload } from '../../src/feeds/types';
import { Island } from '../islands/island';
import LatestVideosIsland from '../islands/latest-videos';

/** Latest videos: the sixth section of the landing page. */
export function LatestVideos({ videos }: { videos: VideosPayload | null }) {
  return (
    <section id="latest" className="section latest" aria-labelledby="latest-title">
      <div className="container">
        <header className="section-head">
          <h2 id="latest-title">Latest from {site.brand}</h2>
          <p>{site.latest.intro}</p>
          <a className="btn btn-outline" href={youtubeLinks.subscribe} target="_blank" rel="noopener noreferrer">
            Subscribe on YouTube
          </a>
        </header>
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
      </div>
    </section>
  );
}
