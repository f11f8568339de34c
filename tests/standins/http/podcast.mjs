// Podcast stand-in: the show's RSS feed (/podcast/feed.xml, tests/fixtures/podcast/feed.xml with its addresses
// on this stand-in), its episodes' audio and art. The rules are podcast-rules.mjs, shared with the workerd tests'
// stand-in. Until a test says otherwise (POST /__control {service:'podcast', mode:'ok'}) the feed answers 404,
// so the site shows its published episodes as a site without a feed does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { registerFetch } from './index.mjs';
import { createPodcast } from '../feeds/podcast-rules.mjs';

const feed = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/podcast/feed.xml'), 'utf8');
const podcast = createPodcast(feed);

registerFetch('podcast', (request, config) => {
  const url = new URL(request.url);
  return podcast.handle(
    request,
    { mode: config.mode ?? 'absent' },
    url.pathname.replace(/^\/podcast/, ''),
    `${url.origin}/podcast`,
  );
});
