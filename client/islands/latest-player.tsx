import { thumbUrl } from '../lib/videos';

/** Related videos off, modest branding, inline playback, autohide; autoplay because the visitor pressed play. */
const EMBED_PARAMS = 'rel=0&modestbranding=1&playsinline=1&autohide=1&autoplay=1';
export const embedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?${EMBED_PARAMS}`;
export const playlistEmbedUrl = (list: string) =>
  `https://www.youtube-nocookie.com/embed/videoseries?list=${list}&${EMBED_PARAMS}`;

export interface PlayerProps {
  /** What to play: one video, or the channel's uploads playlist (the fallback). */
  source: { kind: 'video'; id: string } | { kind: 'playlist'; list: string };
  title: string;
  playing: boolean;
  onPlay: () => void;
}

/**
 * A light facade (thumbnail and play button) until the visitor presses play; only then is the
 * youtube-nocookie frame inserted, so no YouTube script or frame loads before.
 */
export function Player({ source, title, playing, onPlay }: PlayerProps) {
  if (playing) {
    const src = source.kind === 'video' ? embedUrl(source.id) : playlistEmbedUrl(source.list);
    return (
      <iframe
        className="player-embed"
        src={src}
        title={`YouTube player: ${title}`}
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    <button type="button" className="player-facade" onClick={onPlay} aria-label={`Play video: ${title}`}>
      {source.kind === 'video' ? (
        <img src={thumbUrl(source.id)} width={480} height={360} alt="" decoding="async" />
      ) : (
        <span className="player-poster" aria-hidden="true" />
      )}
      <span className="play-icon" aria-hidden="true">
        <svg viewBox="0 0 68 48" width="68" height="48">
          <rect width="68" height="48" rx="14" fill="currentColor" />
          <path d="M27 14v20l18-10z" fill="#fff" />
        </svg>
      </span>
    </button>
  );
}
