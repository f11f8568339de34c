import { readConfig, type Env } from '../../env';
import type { WhatsAppConfig } from '../../config/index';
import { TIMED_OUT, type SendOutcome } from '../ledger/channel';
import { logEvent, maskPhone } from '../../log';
import { FREE_TEXT, TEMPLATE_LANGUAGE, type Send } from '../ledger/templates';
import { isUserId } from '../../shared/user-id';

export type { SendOutcome };

/** The WhatsApp port: sends one template message (or a free-form text) and says what happened. Never throws. */
export interface WhatsAppSender {
  /**
   * 'graph' (Meta's Cloud API), 'log' (development without credentials: the message is only logged) or
   * 'none' (WhatsApp not configured where it must be: every send fails with code not_configured).
   */
  readonly channel: 'graph' | 'log' | 'none';
  send(message: Send): Promise<SendOutcome>;
}

export const GRAPH_API_VERSION = 'v22.0';
/** Well under the queue consumer's wall-clock limit, long enough for a slow Graph API. */
const TIMEOUT_MS = 10_000;

/** The JSON body of a send: a free-form text (FREE_TEXT) or a template message. */
export function sendBody(message: Send) {
  return message.template === FREE_TEXT ? textBody(message) : messageBody(message);
}

/**
 * Who a message goes to: `to` for a number (E.164), `recipient` for a WhatsApp user id (a person who shows no
 * number); never both (with both, Meta sends to `to`).
 */
export function addressee(to: string): { to: string } | { recipient: string } {
  return isUserId(to) ? { recipient: to } : { to };
}

/** The JSON body Meta expects for a free-form text: its one body parameter, links not previewed. */
export function textBody(message: Send) {
  const body = message.components.find((c) => c.type === 'body')?.parameters[0]?.text ?? '';
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    ...addressee(message.to),
    type: 'text',
    text: { body, preview_url: false },
  };
}

/** The JSON body Meta expects for a template message. */
export function messageBody(message: Send) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    ...addressee(message.to),
    type: 'template',
    template: { name: message.template, language: { code: TEMPLATE_LANGUAGE }, components: message.components },
  };
}

export interface GraphCredentials {
  apiUrl: string;
  token: string;
  phoneNumberId: string;
}

/**
 * Sends through the Graph API. A sender is made per job from that job's `env`, so
 * `wrangler secret put WHATSAPP_TOKEN` takes effect on the next job without a deploy.
 */
export class GraphSender implements WhatsAppSender {
  readonly channel = 'graph';
  constructor(
    private readonly credentials: GraphCredentials,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  async send(message: Send): Promise<SendOutcome> {
    const { apiUrl, token, phoneNumberId } = this.credentials;
    const url = `${apiUrl}/${GRAPH_API_VERSION}/${encodeURIComponent(phoneNumberId)}/messages`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(sendBody(message)),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      return classifyThrown(err);
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      json = undefined;
    }
    return classifyResponse(response.status, json);
  }
}

/**
 * Used in development when WhatsApp is not configured at all (`npm run dev`
 * offline): the whole pipeline runs and each message is logged instead of sent.
 */
export class LogSender implements WhatsAppSender {
  readonly channel = 'log';
  async send(message: Send): Promise<SendOutcome> {
    // The parameters carry a visitor's name and contact details: only their count is logged.
    logEvent('info', 'delivery.sent', {
      channel: 'log',
      template: message.template,
      to: maskPhone(message.to),
      parameters: message.components.reduce((n, c) => n + c.parameters.length, 0),
    });
    return { kind: 'sent', messageId: null };
  }
}

/**
 * Used where WhatsApp must work but cannot (staging or production without credentials, or half a
 * configuration anywhere): nothing is sent, each message is recorded as failed with code
 * `not_configured` and the reason, so the operator sees it and can resend once it is fixed.
 */
export class NotConfiguredSender implements WhatsAppSender {
  readonly channel = 'none';
  constructor(private readonly reason: string) {}
  async send(): Promise<SendOutcome> {
    return { kind: 'permanent', code: NOT_CONFIGURED, message: this.reason };
  }
}

export const NOT_CONFIGURED = 'not_configured';

/** The Graph sender when WhatsApp is configured; the log sender only in development with nothing set. */
export function createSender(env: Env): WhatsAppSender {
  return senderFor(readConfig(env).environment === 'development', readConfig(env).whatsapp);
}

export function senderFor(development: boolean, whatsapp: WhatsAppConfig): WhatsAppSender {
  const { sending } = whatsapp;
  if (sending.ok)
    return new GraphSender({ apiUrl: whatsapp.apiUrl, token: sending.token, phoneNumberId: sending.phoneNumberId });
  if (development && !sending.misconfigured) return new LogSender();
  return new NotConfiguredSender(sending.reason);
}

/**
 * How a Graph API answer is classified. Branch on `error.code`, not on the
 * HTTP status: Meta's statuses are not consistent across error kinds.
 */

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
    return { kind: 'retryable', code: TIMED_OUT, message: 'No answer from the Graph API in time' };
  }
  return { kind: 'retryable', code: 'network', message: `Network error: ${String((err as Error)?.message ?? err)}` };
}
