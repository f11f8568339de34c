// YouTube stand-in: the feeds host (feeds/videos.xml) and the image host (vi/{id}/hqdefault.jpg).
// Default: the channel feed is a real capture (tests/fixtures/youtube, Shorts included) and every
// playlist a generated feed of 8 entries titled "{Topic} talk N", so tests know what to expect; the
// third is "{Topic} talk 3: a short pause" (a playlist keeps it: the Shorts rule is the channel feed's).
// The rules (modes, 404s, timeouts) are youtube-rules.mjs, shared with the workerd tests' stand-in; set them
// with POST /__control {service:'youtube', mode, failPlaylists, delayMs}.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { site } from '../../../src/words/site.ts';
import { registerFetch } from './index.mjs';
import { createYoutube, feed } from '../feeds/youtube-rules.mjs';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/youtube');
const channelCapture = readFileSync(path.join(FIXTURES, 'channel-nasa-shorts-links.xml'), 'utf8');
// Topic names by playlist id, from the site's content (Node strips its types).
const TOPIC_BY_PLAYLIST = Object.fromEntries(Object.entries(site.youtube.playlists).map(([topic, id]) => [id, topic]));

/** An 11-character id unique to the topic and position. */
const videoId = (topic, i) => `${topic.slice(0, 6)}${'_'.repeat(9 - topic.slice(0, 6).length)}${i}`.padEnd(11, 'x');

function playlistFeed(topic) {
  const entries = Array.from({ length: 8 }, (_, i) => {
    const id = videoId(topic, i + 1);
    const day = String(20 - i).padStart(2, '0');
    return `<entry><id>yt:video:${id}</id><yt:videoId>${id}</yt:videoId><title>${topic} talk ${i + 1}${i === 2 ? ': a short pause' : ''}</title><link rel="alternate" href="https://www.youtube.com/watch?v=${id}"/><published>2026-10-${day}T09:00:00+00:00</published><media:group><media:description>About ${topic}</media:description></media:group></entry>`;
  });
  return feed(entries);
}

/** A thumbnail: a small SVG tinted from the id, so rows are told apart in screenshots. */
function thumbnail(id) {
  const hue = [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 0);
  const body = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360"><rect width="480" height="360" fill="hsl(${hue} 45% 42%)"/><circle cx="240" cy="180" r="60" fill="hsl(${hue} 60% 70%)"/></svg>`;
  return { type: 'image/svg+xml', body };
}

const youtube = createYoutube({
  channel: (id) => (id === site.youtube.channelId ? channelCapture : undefined),
  playlist: (id) => (Object.hasOwn(TOPIC_BY_PLAYLIST, id) ? playlistFeed(TOPIC_BY_PLAYLIST[id]) : undefined),
  thumbnail,
});

registerFetch('youtube', (request, config) =>
  youtube.handle(request, config, new URL(request.url).pathname.replace(/^\/youtube/, '')),
);
