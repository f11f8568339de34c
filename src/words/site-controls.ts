/**
 * The words of the landing page's controls that the islands render themselves: the resource topics' arrows and the
 * podcast's small player that keeps playing once its pop-up is closed. Imported by the islands (client/islands/), so
 * they travel in the island's code rather than in every page's HTML.
 */
export const siteControls = {
  resources: {
    topics: 'Video topics',
    previous: 'Previous videos',
    next: 'Next videos',
  },
  podcast: {
    /** Above the episode's title in the small player; it also names the player for screen readers. */
    miniPlayer: 'Podcast player',
    play: 'Play',
    pause: 'Pause',
    open: 'Open player',
    close: 'Stop and close player',
  },
} as const;
