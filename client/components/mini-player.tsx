import { useLayoutEffect } from 'react';
import { siteControls } from '../../src/words/site-controls';

const words = siteControls.podcast;

export interface MiniPlayerProps {
  title: string;
  /** Whether the audio is paused; undefined for the provider's player, which the page cannot pause. */
  paused: boolean | undefined;
  onToggle: () => void;
  /** Opens the pop-up again; focus comes back to the button that opened it. */
  onOpen: (button: HTMLElement) => void;
  onStop: () => void;
}

const icon = (path: string) => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <path d={path} fill="currentColor" />
  </svg>
);

/** On `<body>` while the small player is shown (client/styles/listen.css). */
const SHOWN = 'mini-player-shown';

/**
 * The small player at the foot of the screen while an episode is in the player and its pop-up is closed: the
 * episode's title, play or pause (for the site's own audio), open the pop-up again, and stop (which removes the
 * player).
 */
export function MiniPlayer({ title, paused, onToggle, onOpen, onStop }: MiniPlayerProps) {
  // A class rather than `body:has(.mini-player)` in the stylesheet: Chromium checks a `:has()` on <body> again for
  // elements the parser adds while the page loads, and each check restyled the page (issue 58). Before the frame is
  // drawn, so the page's end and a toast are never under the player.
  useLayoutEffect(() => {
    document.body.classList.add(SHOWN);
    return () => document.body.classList.remove(SHOWN);
  }, []);
  return (
    <section className="mini-player" aria-labelledby="mini-player-label">
      <div className="mini-player-text">
        <p id="mini-player-label" className="mini-player-label">
          {words.miniPlayer}
        </p>
        <p className="mini-player-title">{title}</p>
      </div>
      {paused !== undefined && (
        <button type="button" className="icon-btn" aria-label={paused ? words.play : words.pause} onClick={onToggle}>
          {paused ? icon('M8 5.5v13l10.5-6.5z') : icon('M7 5h3.5v14H7zM13.5 5H17v14h-3.5z')}
        </button>
      )}
      <button type="button" className="icon-btn" aria-label={words.open} onClick={(e) => onOpen(e.currentTarget)}>
        {icon('M5 15l7-7 7 7-1.6 1.6L12 11.2l-5.4 5.4z')}
      </button>
      <button type="button" className="icon-btn" aria-label={words.close} onClick={onStop}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </section>
  );
}
