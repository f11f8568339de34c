import { useRef, useState, type KeyboardEvent } from 'react';
import type { PublicFeed } from '../../src/feeds/types';
import { scrollRow } from '../lib/row-scroll';
import { useFeeds } from '../lib/use-feed';
import { thumbUrl, watchUrl, type ClientVideos } from '../lib/videos';
import { siteControls } from '../../src/words/site-controls';

const words = siteControls.resources;

export interface ResourceTabsProps {
  topics: readonly string[];
  /** The playlists from the server cache, or null when it was cold (then fetched after hydration). */
  playlists: ClientVideos['playlists'] | null;
  copy: { loading?: string; failed: string; empty: string };
  /** The topic selected before the island arrived (the page's inline script writes it: client/resource-tabs-early.ts). */
  selected?: number;
}

const FAILED: PublicFeed = { status: 'failed' };
const pickPlaylists = (videos: ClientVideos) => videos.playlists;
const slug = (topic: string) => topic.toLowerCase();

/** Resources: topic tabs (WAI-ARIA tabs pattern) over rows of video cards. */
export default function ResourceTabs({ topics, playlists: initial, copy, selected = 0 }: ResourceTabsProps) {
  const playlists = useFeeds(initial, pickPlaylists);
  const [active, setActive] = useState(selected);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const rows = useRef<(HTMLUListElement | null)[]>([]);

  const select = (index: number) => {
    const next = (index + topics.length) % topics.length;
    setActive(next);
    tabs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: -1 };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    select(to);
  };

  const panel = (topic: string, index: number) => {
    if (!playlists) {
      return (
        <p className="resource-status" role="status">
          {copy.loading}
        </p>
      );
    }
    const feed = playlists[topic as keyof typeof playlists] ?? FAILED;
    if (feed.status === 'failed') return <p className="resource-status">{copy.failed}</p>;
    if (feed.items.length === 0) return <p className="resource-status">{copy.empty}</p>;
    return (
      <ul className="video-row" ref={(el) => void (rows.current[index] = el)}>
        {feed.items.map((video) => (
          <li key={video.id}>
            <a className="video-card" href={watchUrl(video.id)} target="_blank" rel="noopener noreferrer">
              <img src={thumbUrl(video.id)} width={480} height={360} loading="lazy" decoding="async" alt="" />
              <span className="video-card-title">{video.title || 'Untitled video'}</span>
              <span className="visually-hidden"> (opens YouTube in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    );
  };

  const arrow = (step: -1 | 1, label: string, path: string) => (
    <button
      type="button"
      className="icon-btn row-btn"
      aria-label={label}
      data-step={step}
      onClick={() => scrollRow(rows.current[active], step)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
    </button>
  );

  // Every topic shows at every width (the tabs wrap onto more lines on a phone); the arrows sit under the row of
  // videos they scroll, not beside the topics.
  return (
    <div className="resource-tabs">
      <div role="tablist" aria-label={words.topics} className="tablist" onKeyDown={onKeyDown}>
        {topics.map((topic, i) => (
          <button
            key={topic}
            ref={(el) => void (tabs.current[i] = el)}
            type="button"
            role="tab"
            id={`tab-${slug(topic)}`}
            aria-controls={`panel-${slug(topic)}`}
            aria-selected={i === active}
            tabIndex={i === active ? 0 : -1}
            className="tab"
            onClick={() => setActive(i)}
          >
            {topic}
          </button>
        ))}
      </div>
      {topics.map((topic, i) => (
        <div
          key={topic}
          role="tabpanel"
          id={`panel-${slug(topic)}`}
          aria-labelledby={`tab-${slug(topic)}`}
          hidden={i !== active}
          tabIndex={0}
          className="tab-panel"
        >
          {panel(topic, i)}
        </div>
      ))}
      <div className="row-buttons">
        {arrow(-1, words.previous, 'M15 5l-7 7 7 7')}
        {arrow(1, words.next, 'M9 5l7 7-7 7')}
      </div>
    </div>
  );
}
