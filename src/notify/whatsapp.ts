import { readConfig, type Env } from '../env';
import type { WhatsAppConfig } from '../config/groups';
import { classifyResponse, classifyThrown, type SendOutcome } from './graph-errors';
import { logEvent } from '../log';
import { maskPhone } from './params';
import { TEMPLATE_LANGUAGE, type Send } from './templates';

export type { SendOutcome };

/** The WhatsApp port: sends one template message and says what happened. Never throws. */
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

/** The JSON body Meta expects for a template message. */
export function messageBody(message: Send) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
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
        body: JSON.stringify(messageBody(message)),
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
