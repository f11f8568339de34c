// YouTube's feed host (feeds/videos.xml) and image host (vi/{id}/hqdefault.jpg) as every stand-in answers them:
// the Worker's tests in workerd (tests/standins/feeds/youtube.ts, captured feeds) and the Node stand-in (http/youtube.mjs,
// generated topic feeds) that `wrangler dev`, Playwright and the scripts talk to. The rules live here once; what
// the feeds hold is each side's `content`. Web APIs only (Request, Response), so both runtimes share them.
//
// Rules, by `settings`:
//   mode 'ok'       each feed from the content; an id the content does not know answers 404, as YouTube does
//   mode 'error'    every answer (feeds and thumbnails) is HTTP 500
//   mode 'timeout'  no answer at all: only the caller giving up (its AbortSignal) ends the wait
//   mode 'empty'    valid feeds without entries
//   failPlaylists   those playlists answer 404 (a playlist made private or deleted)
//   delayMs         every feed answer waits that long first (to see loading states)
// A feed request names exactly one of channel_id or playlist_id; any other path answers 404.

const XML = { 'content-type': 'text/xml; charset=UTF-8' };

/** An Atom feed as YouTube sends it, with these <entry> elements. */
export function feed(entries) {
  return `<?xml version="1.0" encoding="UTF-8"?><feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom"><title>Stand-in</title>${entries.join('')}</feed>`;
}

const notFound = () => new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });

/** Waits for the caller to give up, then fails as a dropped request does. */
const hang = (signal) =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));

/**
 * The YouTube stand-in over `content`: channel(id) and playlist(id) give a feed's XML (undefined: no such
 * feed), thumbnail(id) a {type, body} image. `handle(request, settings, path)` answers one request; `path` is
 * the request's path below the host (default: the URL's path).
 */
export function createYoutube(content) {
  return {
    async handle(request, settings = {}, path = new URL(request.url).pathname) {
      const mode = settings.mode ?? 'ok';
      const thumb = /^\/vi\/([^/]+)\/hqdefault\.jpg$/.exec(path);
      if (!thumb && path !== '/feeds/videos.xml') return notFound();
      if (!thumb && Number(settings.delayMs ?? 0) > 0) {
        await new Promise((resolve) => setTimeout(resolve, Number(settings.delayMs)));
      }
      if (mode === 'timeout') return hang(request.signal);
      if (mode === 'error') return new Response('Internal Server Error', { status: 500 });
      if (thumb) {
        const image = content.thumbnail(thumb[1]);
        return new Response(image.body, { headers: { 'content-type': image.type } });
      }
      const search = new URL(request.url).searchParams;
      const channelId = search.get('channel_id');
      const playlistId = search.get('playlist_id');
      if (!channelId === !playlistId) return notFound();
      if (playlistId && (settings.failPlaylists ?? []).includes(playlistId)) return notFound();
      const xml = channelId ? content.channel(channelId) : content.playlist(playlistId);
      if (xml === undefined) return notFound();
      return new Response(mode === 'empty' ? feed([]) : xml, { headers: XML });
    },
  };
}
