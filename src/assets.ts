import manifest from './generated/assets.json';

/** Fingerprinted client assets written by `npm run build` (scripts/dev/build-client.mjs). */
export const assets: {
  entry: string;
  css: string;
  deskCss: string;
  /** The page's inline script (client/boot.ts), which starts the entry after the first paint. */
  boot: string;
} = manifest;
