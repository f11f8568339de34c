import manifest from './generated/assets.json';

/** Fingerprinted client assets written by `npm run build` (scripts/build-client.mjs). */
export const assets: { entry: string; css: string; deskCss: string; preload: string[] } = manifest;
