import type { SendOutcome } from '../notify/deliveries';

/** Well under the queue consumer's wall-clock limit, long enough for a slow API. */
export const TIMEOUT_MS = 10_000;

/** An answer from a newsletter tool's API: its status and parsed JSON body (undefined when not JSON). */
export interface Answer {
  status: number;
  json: unknown;
}

/** One JSON call; a call that threw (network, timeout) comes back as its retryable outcome. */
export async function callJson(url: string, init: RequestInit, timeoutMs: number): Promise<Answer | SendOutcome> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return timeout
      ? { kind: 'retryable', code: 'timeout', message: `No answer within ${timeoutMs} ms.` }
      : { kind: 'retryable', code: 'network', message: err instanceof Error ? err.message : String(err) };
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json };
}

export const isOutcome = (value: Answer | SendOutcome): value is SendOutcome => 'kind' in value;

/**
 * A refusal's outcome: a rate limit (429) or the service's own fault (5xx) may pass, so they are retried; any
 * other answer (a bad key, a missing form or list, an address refused) will not, so it is recorded as failed.
 */
export function refusal(answer: Answer, message: string): SendOutcome {
  const code = String(answer.status);
  return answer.status === 429 || answer.status >= 500
    ? { kind: 'retryable', code, message }
    : { kind: 'permanent', code, message };
}
