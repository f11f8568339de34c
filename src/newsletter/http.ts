import { redact } from '../log';
import type { SendOutcome } from '../notify/ledger/channel';

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

/**
 * The error code of a sign-up to an address the tool has as unsubscribed (Kit: cancelled, complained or bounced;
 * Mailchimp: unsubscribed or cleaned): the site never moves such a member back to pending, so nothing was changed.
 */
export const LEFT_IN_TOOL = 'unsubscribed';

/** A refusal of that kind: permanent, and naming neither the address nor the tool's words. */
export const leftInTool = (tool: string): SendOutcome => ({
  kind: 'permanent',
  code: LEFT_IN_TOOL,
  message: `${tool} has this address as unsubscribed: not subscribed again.`,
});

/** Whether a call came to an outcome (it failed) rather than an answer or a value read from one. */
export const isOutcome = <T extends object>(value: T | SendOutcome): value is SendOutcome => 'kind' in value;

/**
 * A refusal's outcome: a rate limit (429) or the service's own fault (5xx) may pass, so they are retried; any
 * other answer (a bad key, a missing form or list, an address refused) will not, so it is recorded as failed.
 * The tool's words are kept for the desk with any address or number in them masked (Mailchimp names the address
 * it refuses), so the ledger holds a subscriber's address only where it names them as the recipient.
 */
export function refusal(answer: Answer, text: string): SendOutcome {
  const code = String(answer.status);
  const message = redact(text);
  return answer.status === 429 || answer.status >= 500
    ? { kind: 'retryable', code, message }
    : { kind: 'permanent', code, message };
}

/**
 * A newsletter tool's JSON API at `settings.apiUrl`. A call answers a 2xx answer, or the outcome of the call that
 * failed (its status as the code, the tool's words as the message); each tool says how a call is signed and where
 * its words are in a refusal.
 */
export abstract class ToolApi<S extends { apiUrl: string }> {
  /** The tool's name in a refusal without words of its own ("HTTP 500 from Kit"). */
  protected abstract readonly tool: string;

  constructor(
    protected readonly settings: S,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  /** The headers of a call: its credentials and the JSON it accepts (and sends, when it has a body). */
  protected abstract headers(hasBody: boolean): Record<string, string>;

  /** The tool's words in a refusal's JSON body; '' when it has none. */
  protected abstract refusalText(json: unknown): string;

  protected async call(method: string, path: string, body: unknown): Promise<Answer | SendOutcome> {
    const answer = await callJson(
      `${this.settings.apiUrl}${path}`,
      {
        method,
        headers: this.headers(body !== undefined),
        ...(body !== undefined && { body: JSON.stringify(body) }),
      },
      this.timeoutMs,
    );
    if (isOutcome(answer) || (answer.status >= 200 && answer.status < 300)) return answer;
    return refusal(answer, this.refusalText(answer.json) || `HTTP ${answer.status} from ${this.tool}`);
  }
}
