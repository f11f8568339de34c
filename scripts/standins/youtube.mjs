// YouTube stand-in: the feeds host (feeds/videos.xml) and the image host (vi/{id}/hqdefault.jpg).
// Default: the channel feed is a real capture (tests/fixtures/youtube, Shorts included) and every
// playlist a generated feed of 8 entries titled "{Topic} talk N", so tests know what to expect; the
// third is "{Topic} talk 3: a short pause" (a playlist keeps it: the Shorts rule is the channel feed's).
// Modes, set with POST /__control {service:'youtube', ...}:
//   mode: 'ok' | 'error' (HTTP 500) | 'timeout' (answers after 10 s) | 'empty' (valid feeds, no entries)
//   failPlaylists: [playlistId, ...]  those playlists answer 404 (as YouTube does for a missing one)
//   delayMs: n                        every feed answer waits n ms (to see loading states)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { site } from '../../src/content/site.ts';
import { register } from './index.mjs';

const FIXTURES = path.resolve(import.meta.dirname, '../../tests/fixtures/youtube');
const channelCapture = readFileSync(path.join(FIXTURES, 'channel-nasa-shorts-links.xml'), 'utf8');
// Topic names by playlist id, from the site's content (Node strips its types).
const TOPIC_BY_PLAYLIST = Object.fromEntries(Object.entries(site.youtube.playlists).map(([topic, id]) => [id, topic]));

const xml = (status, body) => ({ status, headers: { 'content-type': 'text/xml; charset=UTF-8' }, body });

function feed(entries) {
  return `<?xml version="1.0" encoding="UTF-8"?><feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom"><title>Stand-in</title>${entries.join('')}</feed>`;
}

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
  return { status: 200, headers: { 'content-type': 'image/svg+xml' }, body };
}

register('youtube', ({ url, config }) => {
  const mode = config.mode ?? 'ok';
  if (url.pathname.startsWith('/youtube/vi/')) {
    const id = url.pathname.split('/')[3] ?? '';
    return mode === 'error' ? { status: 500, body: 'down' } : thumbnail(id);
  }
  if (url.pathname !== '/youtube/feeds/videos.xml') return { status: 404, body: 'Not Found' };
  const delayMs = mode === 'timeout' ? 10_000 : Number(config.delayMs ?? 0);
  const channelId = url.searchParams.get('channel_id');
  const playlistId = url.searchParams.get('playlist_id');
  const topic = playlistId ? TOPIC_BY_PLAYLIST[playlistId] : undefined;
  let out;
  if (mode === 'error') out = { status: 500, body: 'Internal Server Error' };
  else if (!channelId && !topic) out = { status: 404, body: 'Not Found' };
  else if ((config.failPlaylists ?? []).includes(playlistId)) out = { status: 404, body: 'Not Found' };
  else if (mode === 'empty') out = xml(200, feed([]));
  else out = xml(200, channelId ? channelCapture : playlistFeed(topic));
  return { ...out, delayMs };
});
