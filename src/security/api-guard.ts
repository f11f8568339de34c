import type { MiddlewareHandler } from 'hono';
import { ApiException } from '../http/errors';

/** Largest JSON body an /api endpoint accepts (a lead is well under 4 KiB). */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * Guards the lead endpoints: POST only, a JSON body within MAX_BODY_BYTES, and
 * no cross-site requests (Sec-Fetch-Site, or an Origin that is not this site).
 * Read-only endpoints listed in `reads` accept GET/HEAD instead.
 *
 * @example api.use('*', apiGuard({ reads: ['/api/videos'] }))
 */
export function apiGuard({ reads = [] as string[] } = {}): MiddlewareHandler {
  return async function apiGuardMiddleware(c, next) {
    const path = new URL(c.req.url).pathname;
    const method = c.req.method;
    if (reads.includes(path)) {
      if (method !== 'GET' && method !== 'HEAD') {
        throw new ApiException(405, 'method_not_allowed', 'Use GET for this endpoint.', undefined, {
          Allow: 'GET, HEAD',
        });
      }
      return next();
    }
    if (method !== 'POST') {
      throw new ApiException(405, 'method_not_allowed', 'Use POST for this endpoint.', undefined, { Allow: 'POST' });
    }
    refuseCrossSite(c.req.raw);
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      throw new ApiException(415, 'unsupported_media_type', 'Send the form as JSON (Content-Type: application/json).');
    }
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > MAX_BODY_BYTES) throw tooLarge();
    return next();
  };
}

function tooLarge(): ApiException {
  return new ApiException(413, 'payload_too_large', `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.`);
}

/** Same-origin and same-site requests pass; a browser's cross-site request does not. */
function refuseCrossSite(request: Request): void {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site') throw forbidden();
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null') {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw forbidden();
    }
    if (host !== new URL(request.url).host) throw forbidden();
  } else if (origin === 'null') {
    throw forbidden();
  }
}

function forbidden(): ApiException {
  return new ApiException(403, 'forbidden', 'Cross-site requests are not accepted.');
}

/**
 * Reads the body as JSON, enforcing MAX_BODY_BYTES on the bytes actually received
 * (Content-Length may be absent or wrong). Malformed JSON is a 400, never a 500.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const reader = request.body?.getReader();
  if (!reader) throw new ApiException(400, 'invalid_json', 'The request body must be a JSON object.');
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiException(400, 'invalid_json', 'The request body is not valid UTF-8.');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiException(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}
