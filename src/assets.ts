import manifest from './generated/assets.json';

/** Fingerprinted client assets written by `npm run build` (scripts/build-client.mjs). */
export const assets: {
  entry: string;
  css: string;
  deskCss: string;
  preload: string[];
  /** Per island: the chunks its code needs beyond the entry's. */
  islands: Record<string, string[]>;
  /** The page's inline script (client/boot.ts), which starts the entry after the first paint. */
  boot: string;
} = manifest;
