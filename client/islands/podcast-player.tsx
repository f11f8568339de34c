import { useEffect, useRef, useState, type RefObject } from 'react';
import { Modal, ModalClose } from '../components/modal';
import { formatDay, formatDuration } from '../lib/format-date';
import type { ListenEpisode } from '../../src/feeds/types';
import { MiniPlayer } from '../components/mini-player';

export type Episode = ListenEpisode;

export interface PodcastPlayerProps {
  episodes: readonly Episode[];
  featuredMeta: string;
}

/** Podcast embed height. */
export const PLAYER_HEIGHT = 232;

function Tags({ tags }: { tags: readonly string[] }) {
  if (!tags.length) return null;
  return (
    <ul className="episode-tags" aria-label="Topics">
      {tags.map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </ul>
  );
}

/** The episode's day, and its running time when the feed gives one. */
function When({ episode }: { episode: Episode }) {
  return (
    <p className="episode-date">
      <time dateTime={episode.date}>{formatDay(episode.date)}</time>
      {episode.durationS ? (
        <>
          {' · '}
          <time dateTime={`PT${episode.durationS}S`}>{formatDuration(episode.durationS)}</time>
        </>
      ) : null}
    </p>
  );
}

/**
 * The site's own player for a feed episode. It exists only once the visitor pressed play, so the podcast
 * host is asked for nothing before; it starts at once (the press allows it). Closing the pop-up leaves it playing
 * (the small player below the page then controls it); stopping there removes it.
 */
function AudioPlayer({ episode, audio, player, onPaused }: AudioPlayerProps) {
  useEffect(() => {
    player.current?.play().catch(() => {
      // Refused autoplay or an unplayable file: the controls stay for the visitor to press.
    });
  }, [audio.src, player]);
  return (
    <audio
      ref={player}
      src={audio.src}
      className="podcast-audio"
      controls
      preload="none"
      aria-label={episode.title}
      onPlay={() => onPaused(false)}
      onPause={() => onPaused(true)}
    />
  );
}

interface AudioPlayerProps {
  episode: Episode;
  audio: NonNullable<Episode['audio']>;
  player: RefObject<HTMLAudioElement | null>;
  onPaused: (paused: boolean) => void;
}

type OnPlay = (episode: Episode, opener: HTMLElement) => void;

function PlayButton({ episode, onPlay, big }: { episode: Episode; onPlay: OnPlay; big?: boolean }) {
  return (
    <button
      type="button"
      className={big ? 'btn btn-cta play-button' : 'play-button play-round'}
      aria-label={`Play episode: ${episode.title}`}
      aria-haspopup="dialog"
      onClick={(e) => onPlay(episode, e.currentTarget)}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
      </svg>
      {big && <span aria-hidden="true">Play episode</span>}
    </button>
  );
}

/**
 * The six episodes (the first featured) and the player modal. The player (the site's own <audio> for a feed
 * episode, the provider's iframe for a published one) exists once the visitor pressed play: nothing loads from the
 * podcast host before. Closing the pop-up keeps it playing, hidden, with a small player at the foot of the screen
 * to pause it, open the pop-up again or stop it.
 */
export default function PodcastPlayer({ episodes, featuredMeta }: PodcastPlayerProps) {
  /** The episode in the player, and the play button that chose it (focus goes back there when it stops). */
  const [playing, setPlaying] = useState<{ episode: Episode; opener: HTMLElement } | null>(null);
  /** The pop-up, while shown, and the element focus returns to when it closes. */
  const [shown, setShown] = useState<{ by: HTMLElement } | null>(null);
  const [paused, setPaused] = useState(true);
  const player = useRef<HTMLAudioElement>(null);
  // The dialog's heading names the last chosen episode (the featured one before any), so it is never empty.
  const [chosen, setChosen] = useState<Episode | undefined>(episodes[0]);
  const play: OnPlay = (episode, opener) => {
    setChosen(episode);
    setPlaying({ episode, opener });
    setShown({ by: opener });
  };
  const stop = () => {
    playing?.opener.focus();
    setShown(null);
    setPlaying(null);
    setPaused(true);
  };
  const toggle = () => {
    const audio = player.current;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => setPaused(true));
    else audio.pause();
  };
  const [featured, ...rest] = episodes;
  if (!featured) return null;
  return (
    <div className="listen-grid">
      <article className="episode-featured card">
        <img src={featured.image} alt="" width="400" height="400" loading="lazy" decoding="async" />
        <div className="episode-featured-body">
          <p className="episode-meta">{featuredMeta}</p>
          <h3>{featured.title}</h3>
          <Tags tags={featured.tags} />
          <When episode={featured} />
          <PlayButton episode={featured} onPlay={play} big />
        </div>
      </article>
      <ul className="episode-list" aria-label="More episodes">
        {rest.map((episode) => (
          <li key={episode.audio?.src ?? episode.link} className="episode-row">
            <img src={episode.image} alt="" width="72" height="72" loading="lazy" decoding="async" />
            <div className="episode-row-body">
              <h3>{episode.title}</h3>
              <When episode={episode} />
              <Tags tags={episode.tags} />
            </div>
            <PlayButton episode={episode} onPlay={play} />
          </li>
        ))}
      </ul>
      <Modal
        open={shown !== null}
        opener={shown?.by}
        onClose={() => setShown(null)}
        labelledBy="podcast-title"
        className="podcast"
      >
        <ModalClose label="Close player" />
        <h2 id="podcast-title" className="podcast-title">
          {(chosen ?? featured).title}
        </h2>
        {playing?.episode.audio && (
          <AudioPlayer episode={playing.episode} audio={playing.episode.audio} player={player} onPaused={setPaused} />
        )}
        {playing?.episode.link && !playing.episode.audio && (
          <iframe
            className="podcast-frame"
            src={playing.episode.link}
            title={`Podcast player: ${playing.episode.title}`}
            width="100%"
            height={PLAYER_HEIGHT}
            allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
            loading="lazy"
          />
        )}
      </Modal>
      {playing && (
        <MiniPlayer
          title={playing.episode.title}
          paused={playing.episode.audio ? paused : undefined}
          onToggle={toggle}
          onOpen={(button) => setShown({ by: button })}
          onStop={stop}
        />
      )}
    </div>
  );
}
