import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { PublicFeed } from '../../src/feeds/types';
import { useFeeds } from '../lib/use-feed';
import { formatDate, thumbUrl, type ClientVideos } from '../lib/videos';
import { Player } from './latest-player';
import { useEntrance } from './use-entrance';

/** Phone strip length and loading placeholder rows. */
export const STRIP_COUNT = 12;
export const PLACEHOLDER_ROWS = 6;

export interface LatestVideosProps {
  /** The channel feed from the server cache, or null when it was cold (then fetched after hydration). */
  latest: PublicFeed | null;
  videosUrl: string;
  uploadsPlaylist: string;
}

const pickLatest = (videos: ClientVideos) => videos.latest;
const FAILED_TEXT = 'Could not load YouTube feed. Showing a fallback playlist.';
const EMPTY_TEXT = 'No videos found. Try again later.';

/** Latest videos: a player with a "Now Playing" badge, the Recent Videos panel and the phone strip. */
export default function LatestVideos({ latest: initial, videosUrl, uploadsPlaylist }: LatestVideosProps) {
  const feed = useFeeds(initial, pickLatest);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [switched, setSwitched] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const entrance = useEntrance(root);
  const items = feed?.status === 'ok' ? feed.items : [];
  const current = items[selected];

  // `count` is the length of the list the visitor is in: the phone strip wraps at its 12th video.
  const choose = (index: number, count = items.length) => {
    if (count === 0) return;
    const next = (index + count) % count;
    if (next !== selected) setSwitched((n) => n + 1);
    setSelected(next);
  };

  const onKeyDown = (event: KeyboardEvent, count: number) => {
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    choose(Math.min(selected, count - 1) + step, count);
  };

  // Keep the selected row in view inside its own scroller, without scrolling the page.
  useEffect(() => {
    if (!current || switched === 0) return;
    for (const prefix of ['recent', 'strip']) {
      const option = document.getElementById(`${prefix}-${current.id}`);
      const list = option?.parentElement;
      if (!option || !list) continue;
      if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
      else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight)
        list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
      if (option.offsetLeft < list.scrollLeft) list.scrollLeft = option.offsetLeft;
      else if (option.offsetLeft + option.offsetWidth > list.scrollLeft + list.clientWidth)
        list.scrollLeft = option.offsetLeft + option.offsetWidth - list.clientWidth;
    }
  }, [current, switched]);

  const listbox = (prefix: 'recent' | 'strip', videos: typeof items, label: string) => (
    <ul
      className={prefix === 'recent' ? 'recent-list' : 'video-strip'}
      role="listbox"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={current ? `${prefix}-${current.id}` : undefined}
      onKeyDown={(event) => onKeyDown(event, videos.length)}
    >
      {videos.map((video, i) => (
        <li
          key={video.id}
          id={`${prefix}-${video.id}`}
          role="option"
          aria-selected={i === selected}
          className="recent-row"
          onClick={() => choose(i)}
        >
          <img src={thumbUrl(video.id)} width={480} height={360} loading="lazy" decoding="async" alt="" />
          <span className="recent-text">
            <span className="recent-title">{video.title || 'Untitled video'}</span>
            {prefix === 'recent' && <time dateTime={video.published}>{formatDate(video.published)}</time>}
          </span>
        </li>
      ))}
    </ul>
  );

  const failed = feed?.status === 'failed';
  // Loading, failure and empty look the same in the panel (large screens) and the strip (small ones).
  const status =
    feed === null ? (
      <>
        <p className="visually-hidden" role="status">
          Loading videos…
        </p>
        <ul className="recent-list is-loading" aria-hidden="true">
          {Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
            <li key={i} className="recent-row placeholder-row" />
          ))}
        </ul>
      </>
    ) : failed ? (
      <p className="recent-status" role="alert">
        {FAILED_TEXT}
      </p>
    ) : items.length === 0 ? (
      <p className="recent-status">{EMPTY_TEXT}</p>
    ) : null;
  const playerTitle = current ? current.title || 'Untitled video' : failed ? `Latest uploads` : '';

  return (
    <div className={`latest-grid ${entrance}`} ref={root}>
      <div className="player-col">
        <div className="player">
          <span className="now-playing">Now Playing</span>
          <div key={switched} className={switched ? 'player-frame is-switching' : 'player-frame'}>
            {current ? (
              <Player
                source={{ kind: 'video', id: current.id }}
                title={playerTitle}
                playing={playing}
                onPlay={() => setPlaying(true)}
              />
            ) : failed ? (
              <Player
                source={{ kind: 'playlist', list: uploadsPlaylist }}
                title={playerTitle}
                playing={playing}
                onPlay={() => setPlaying(true)}
              />
            ) : (
              <span className="player-poster" aria-hidden="true" />
            )}
          </div>
          <div className="player-meta" aria-live="polite">
            <h3 className="player-title">{playerTitle}</h3>
            {current && <time dateTime={current.published}>{formatDate(current.published)}</time>}
          </div>
        </div>
      </div>
      <aside className="recent-panel" aria-labelledby="recent-title">
        <div className="recent-head">
          <h3 id="recent-title">Recent Videos</h3>
          <a href={videosUrl} target="_blank" rel="noopener noreferrer">
            View all<span className="visually-hidden"> videos on YouTube (opens in a new tab)</span>
          </a>
        </div>
        {status ?? listbox('recent', items, 'Recent videos')}
      </aside>
      {/* Small screens: the panel is hidden and this strip shows the videos, or the same states itself. */}
      <div className="strip-area">{status ?? listbox('strip', items.slice(0, STRIP_COUNT), 'Recent videos strip')}</div>
    </div>
  );
}
