// A podcast host as every stand-in answers it: the show's RSS feed (tests/fixtures/podcast/feed.xml), its episodes'
// audio (a real one-second Ogg Opus) and cover art (a real PNG). The workerd tests (tests/standins/feeds/podcast.ts) and the
// Node stand-in (http/podcast.mjs) share these rules; Web APIs only (Request, Response).
//
// Rules, by `settings.mode`:
//   'ok'       the feed, with its addresses on `base` (the host the caller reaches this stand-in at)
//   'absent'   the feed answers 404 (a show not published yet, a wrong address)
//   'error'    the feed answers 500
//   'timeout'  no answer to the feed: only the caller giving up (its AbortSignal) ends the wait
// Audio (/audio/*.ogg) and art (/art/*.png) are always served; any other path answers 404.
import { tinyPng, voiceNoteOgg } from '../whatsapp/media-fixtures.mjs';

/** The host the fixture's addresses name; `handle` rewrites it to where the stand-in is reached. */
export const FIXTURE_HOST = 'https://podcast.example';

/** The titles of the fixture's newest six audio episodes, newest first (what the Listen section shows). */
export const FIXTURE_NEWEST = [
  'Saying No Without Guilt',
  'Rest & Rhythm: A Week That Breathes',
  'Listener Questions: Starting Over at Forty',
  'Money, Meaning and Enough',
  'The Quiet Yes: Choosing Work That Feels Alive',
  'Leading When You Are Tired',
];

const notFound = () => new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
const hang = (signal) =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));

/** The stand-in over `feedXml` (the fixture's text). `path` is the request's path below the stand-in's base. */
export function createPodcast(feedXml) {
  return {
    async handle(request, settings, path, base) {
      const mode = settings.mode ?? 'ok';
      if (/^\/audio\/[\w-]+\.ogg$/.test(path)) {
        return new Response(voiceNoteOgg(), { headers: { 'content-type': 'audio/ogg', 'accept-ranges': 'none' } });
      }
      if (path === '/art/huge.png')
        return new Response(tinyPng(640, 640), { headers: { 'content-type': 'image/png' } });
      if (/^\/art\/[\w-]+\.png$/.test(path))
        return new Response(tinyPng(), { headers: { 'content-type': 'image/png' } });
      if (path !== '/feed.xml') return notFound();
      if (mode === 'timeout') return hang(request.signal);
      if (mode === 'absent') return notFound();
      if (mode === 'error') return new Response('Internal Server Error', { status: 500 });
      const xml = feedXml.replaceAll(FIXTURE_HOST, base);
      return new Response(xml, { headers: { 'content-type': 'application/rss+xml; charset=UTF-8' } });
    },
  };
}
