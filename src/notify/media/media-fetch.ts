import { readConfig, type Env } from '../../env';
import { cappedBytes } from '../../http/body';
import { MAX_MEDIA_BYTES, allowedType, type MediaKind } from '../../store/media/media';
import { GRAPH_API_VERSION, classifyResponse } from '../whatsapp/whatsapp';

/** How one fetch of an attachment ended: its bytes, a reason to try again later, or a refusal (never retried). */
export type MediaFetch =
  | { kind: 'fetched'; body: ArrayBuffer; mimeType: string }
  | { kind: 'retry'; code: string; after?: number }
  | { kind: 'refused'; code: 'too_large' | 'wrong_type' | 'bad_url' | 'not_configured' | string };

/** The media port: fetches one attachment by Meta's media id. Never throws. */
export interface MediaFetcher {
  fetch(mediaId: string, kind: MediaKind): Promise<MediaFetch>;
}

/** Well under the queue consumer's wall-clock limit. */
const TIMEOUT_MS = 15_000;
/** Graph's code for an expired or revoked token. */
const TOKEN_REFUSED = '190';
/** A media URL lives about 5 minutes: one that no longer answers is asked of Graph again, once. */
const ROUNDS = 2;

const MediaAnswer = (json: unknown) => {
  const j = json as { url?: unknown; mime_type?: unknown; file_size?: unknown } | undefined;
  const size = Number(j?.file_size);
  return typeof j?.url === 'string' && typeof j.mime_type === 'string'
    ? { url: j.url, mimeType: j.mime_type, size: Number.isFinite(size) ? size : undefined }
    : null;
};

/**
 * Fetches through the Graph API: `GET /{media-id}` answers a short-lived URL, its type and size; the URL is then
 * read with the same token. The size (Meta's, then the bytes counted while reading) and the type are checked
 * before anything is kept; the token goes only to an https URL or to the Graph base itself (the stand-ins).
 */
export class GraphMediaFetcher implements MediaFetcher {
  constructor(
    private readonly credentials: { apiUrl: string; token: string },
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  async fetch(mediaId: string, kind: MediaKind): Promise<MediaFetch> {
    let last: MediaFetch = { kind: 'retry', code: 'url_expired' };
    for (let round = 0; round < ROUNDS; round++) {
      const info = await this.describe(mediaId);
      if ('kind' in info) return info;
      if (info.size !== undefined && info.size > MAX_MEDIA_BYTES) return { kind: 'refused', code: 'too_large' };
      if (!allowedType(kind, info.mimeType)) return { kind: 'refused', code: 'wrong_type' };
      if (!this.mayReceiveToken(info.url)) return { kind: 'refused', code: 'bad_url' };
      last = await this.download(info.url, info.mimeType);
      if (last.kind !== 'retry' || last.code !== 'url_expired') return last;
    }
    return last;
  }

  private async describe(mediaId: string): Promise<MediaFetch | NonNullable<ReturnType<typeof MediaAnswer>>> {
    const url = `${this.credentials.apiUrl}/${GRAPH_API_VERSION}/${encodeURIComponent(mediaId)}`;
    try {
      const response = await fetch(url, { headers: this.headers(), signal: AbortSignal.timeout(this.timeoutMs) });
      const json: unknown = await response.json().catch(() => undefined);
      const info = response.ok ? MediaAnswer(json) : null;
      if (info) return info;
      const outcome = classifyResponse(response.status, json);
      if (outcome.kind === 'retryable') return { kind: 'retry', code: outcome.code, after: outcome.minDelaySeconds };
      if (outcome.kind !== 'permanent') return { kind: 'refused', code: 'bad_answer' };
      // A refused token (190) is an operator's to fix (the self-check names it): the queue tries again meanwhile.
      return outcome.code === TOKEN_REFUSED
        ? { kind: 'retry', code: outcome.code }
        : { kind: 'refused', code: outcome.code };
    } catch {
      return { kind: 'retry', code: 'network' };
    }
  }

  private async download(url: string, mimeType: string): Promise<MediaFetch> {
    let response: Response;
    try {
      response = await fetch(url, { headers: this.headers(), signal: AbortSignal.timeout(this.timeoutMs) });
    } catch {
      return { kind: 'retry', code: 'network' };
    }
    // An expired or refused URL: Graph is asked for a fresh one.
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return { kind: 'retry', code: response.status >= 500 ? `http_${response.status}` : 'url_expired' };
    }
    // The one capped reader of every body (src/http/body.ts): a declared length over the cap is not read at all.
    let body: Uint8Array | null;
    try {
      body = await cappedBytes(response, MAX_MEDIA_BYTES);
    } catch {
      return { kind: 'retry', code: 'network' };
    }
    if (body === null) return { kind: 'refused', code: 'too_large' };
    return { kind: 'fetched', body: body.buffer as ArrayBuffer, mimeType };
  }

  private headers() {
    return { authorization: `Bearer ${this.credentials.token}` };
  }

  private mayReceiveToken(url: string): boolean {
    try {
      const target = new URL(url);
      return target.protocol === 'https:' || target.origin === new URL(this.credentials.apiUrl).origin;
    } catch {
      return false;
    }
  }
}

/** Without WhatsApp credentials nothing can be fetched: every attachment fails as not_configured. */
class NotConfiguredFetcher implements MediaFetcher {
  async fetch(): Promise<MediaFetch> {
    return { kind: 'refused', code: 'not_configured' };
  }
}

/** The fetcher of this environment, made per job (a rotated token takes effect on the next job). */
export function createMediaFetcher(env: Env): MediaFetcher {
  const whatsapp = readConfig(env).whatsapp;
  return whatsapp.sending.ok
    ? new GraphMediaFetcher({ apiUrl: whatsapp.apiUrl, token: whatsapp.sending.token })
    : new NotConfiguredFetcher();
}
