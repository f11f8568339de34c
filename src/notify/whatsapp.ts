import { readConfig, type Env } from '../env';
import { classifyResponse, classifyThrown, type SendOutcome } from './graph-errors';
import { maskPhone } from './params';
import { TEMPLATE_LANGUAGE, type Send } from './templates';

export type { SendOutcome };

/** The WhatsApp port: sends one template message and says what happened. Never throws. */
export interface WhatsAppSender {
  /** 'graph' (Meta's Cloud API) or 'log' (no credentials: the message is only logged). */
  readonly channel: 'graph' | 'log';
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

/**
 * Sends through the Graph API. The token is read from `env` on every call, so
 * `wrangler secret put WHATSAPP_TOKEN` takes effect on the next send without a deploy.
 */
export class GraphSender implements WhatsAppSender {
  readonly channel = 'graph';
  constructor(
    private readonly env: Env,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  async send(message: Send): Promise<SendOutcome> {
    const base = readConfig(this.env).WHATSAPP_API_URL;
    const phoneNumberId = this.env.WHATSAPP_PHONE_NUMBER_ID?.trim() ?? '';
    const url = `${base}/${GRAPH_API_VERSION}/${encodeURIComponent(phoneNumberId)}/messages`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.env.WHATSAPP_TOKEN?.trim() ?? ''}`,
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
 * Used when WHATSAPP_TOKEN or WHATSAPP_PHONE_NUMBER_ID is missing (`npm run dev`
 * offline): the whole pipeline runs and each message is logged instead of sent.
 */
export class LogSender implements WhatsAppSender {
  readonly channel = 'log';
  async send(message: Send): Promise<SendOutcome> {
    const params = message.components.map((c) => `${c.type}=${JSON.stringify(c.parameters.map((p) => p.text))}`);
    console.log(
      `whatsapp (log only, no credentials): ${message.template} to ${maskPhone(message.to)} ${params.join(' ')}`,
    );
    return { kind: 'sent', messageId: null };
  }
}

/** The Graph sender when credentials are configured, else the log sender. */
export function createSender(env: Env): WhatsAppSender {
  const configured = Boolean(env.WHATSAPP_TOKEN?.trim() && env.WHATSAPP_PHONE_NUMBER_ID?.trim());
  return configured ? new GraphSender(env) : new LogSender();
}
