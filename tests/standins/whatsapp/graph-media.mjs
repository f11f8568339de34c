// The Graph API's media download, as every stand-in serves it: GET /{version}/{media-id} answers
// {messaging_product, url, mime_type, sha256, file_size, id} (file_size as text, as in Meta's example); the url
// serves the bytes only with the same bearer token, and an expired url answers an error (Meta's live about 5
// minutes). Facts: WA-REF "Inbound media". Shared by tests/standins/whatsapp/graph-api.ts and tests/standins/http/graph.mjs.
import { GRAPH_VERSION, checkToken, graphError } from './graph-rules.mjs';
import { tinyPng, voiceNoteOgg } from './media-fixtures.mjs';

/** Media ids every stand-in knows: a photo and a voice note (tests add their own to `library.media`). */
export const PHOTO_MEDIA_ID = '700000000000001';
export const VOICE_MEDIA_ID = '700000000000002';

/**
 * A fresh media library: `media` by id ({mime_type, bytes, file_size?: what Graph reports, if not the length}),
 * `expireUrls` (the next that many urls handed out are expired already), `issued` (urls handed out).
 */
export function mediaLibrary() {
  return {
    media: {
      [PHOTO_MEDIA_ID]: { mime_type: 'image/png', bytes: tinyPng() },
      [VOICE_MEDIA_ID]: { mime_type: 'audio/ogg; codecs=opus', bytes: voiceNoteOgg() },
    },
    expireUrls: 0,
    issued: 0,
    expired: [],
  };
}

const hexOf = async (bytes) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');

/** Whether a request is for media (a media id the library has, or a download url). */
export function isMediaRequest(method, path, library) {
  const parts = path.split('/').filter(Boolean);
  if (method !== 'GET') return false;
  return (
    parts[0] === 'media-download' || (parts.length === 2 && parts[0] === GRAPH_VERSION && parts[1] in library.media)
  );
}

/**
 * Answers a media request: `{status, json}` for Graph's answers and errors, `{status, bytes, type}` for a
 * download; null when the request is not for media. `base` is where this stand-in is reached (the url's origin).
 * @param {{ method: string, path: string, authorization: string | undefined }} req path relative to the API base
 * @param {{ tokens: string[], expiredTokens?: string[] }} expect
 */
export async function answerMedia(req, expect, library, base) {
  if (!isMediaRequest(req.method, req.path, library)) return null;
  const parts = req.path.split('/').filter(Boolean);
  const refused = checkToken(req.authorization, expect);
  if (refused) return refused;
  if (parts[0] === 'media-download') {
    const [, id, serial] = parts;
    const entry = library.media[id];
    if (!entry || library.expired.includes(serial)) {
      return { status: 404, json: graphError(100, 'The media URL has expired or does not exist').json };
    }
    return { status: 200, bytes: entry.bytes, type: entry.mime_type.split(';')[0] };
  }
  const id = parts[1];
  const entry = library.media[id];
  const serial = String(++library.issued);
  if (library.expireUrls > 0) {
    library.expireUrls -= 1;
    library.expired.push(serial);
  }
  return {
    status: 200,
    json: {
      messaging_product: 'whatsapp',
      url: `${base}/media-download/${id}/${serial}`,
      mime_type: entry.mime_type,
      sha256: await hexOf(entry.bytes),
      file_size: String(entry.file_size ?? entry.bytes.length),
      id,
    },
  };
}
