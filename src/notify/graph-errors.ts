/**
 * How a Graph API answer is classified. Branch on `error.code`, not on the
 * HTTP status: Meta's statuses are not consistent across error kinds.
 */

export type SendOutcome =
  | { kind: 'sent'; messageId: string | null }
  | { kind: 'retryable'; code: string; message: string; minDelaySeconds?: number }
  | { kind: 'permanent'; code: string; message: string };

/** Transient: throughput and call limits, temporary service errors. */
const RETRYABLE = new Set([130429, 131056, 4, 80007, 1, 2, 131000, 131016]);
/** Retrying cannot help; a person or a code change must act (190: rotate the token). */
const PERMANENT = new Set([131030, 132000, 132001, 132018, 190, 131026]);
/** 131056 is the per-recipient pair limit: about one message per 6 s to the same number. */
const PAIR_RATE_LIMIT = 131056;

interface GraphErrorBody {
  error?: { code?: unknown; message?: unknown };
}

/** Turns an HTTP answer into an outcome. `json` is the parsed body, or undefined if it was not JSON. */
export function classifyResponse(status: number, json: unknown): SendOutcome {
  const error = (json as GraphErrorBody | undefined)?.error;
  if (status >= 200 && status < 300 && !error) {
    const id = (json as { messages?: { id?: unknown }[] } | undefined)?.messages?.[0]?.id;
    // A 2xx means Meta accepted the message; an odd body must not cause a resend.
    return { kind: 'sent', messageId: typeof id === 'string' ? id : null };
  }
  const code = typeof error?.code === 'number' ? error.code : undefined;
  const message = typeof error?.message === 'string' ? error.message : `HTTP ${status} without a Graph error body`;
  if (code !== undefined && RETRYABLE.has(code)) {
    return code === PAIR_RATE_LIMIT
      ? { kind: 'retryable', code: String(code), message, minDelaySeconds: 6 }
      : { kind: 'retryable', code: String(code), message };
  }
  if (code !== undefined && PERMANENT.has(code)) return { kind: 'permanent', code: String(code), message };
  const label = code !== undefined ? String(code) : `http_${status}`;
  // Unknown codes: the server's fault (5xx) or an HTTP rate limit may pass; any other 4xx will not.
  if (status >= 500 || status === 429) return { kind: 'retryable', code: label, message };
  return { kind: 'permanent', code: label, message };
}

/** A fetch that threw: the request may or may not have reached Meta. */
export function classifyThrown(err: unknown): SendOutcome {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return { kind: 'retryable', code: 'timeout', message: 'No answer from the Graph API in time' };
  }
  return { kind: 'retryable', code: 'network', message: `Network error: ${String((err as Error)?.message ?? err)}` };
}
