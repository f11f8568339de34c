import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../src/index';
import type { Env } from '../../src/env';
import { envelope, signature, type ChangeValue } from './whatsapp-envelope';

export const ORIGIN = 'http://127.0.0.1:8787';
/** The webhook's secrets the tests give the Worker. */
export const WEBHOOK_SECRETS = { WHATSAPP_WEBHOOK_VERIFY_TOKEN: 'verify-me', WHATSAPP_APP_SECRET: 'app-secret' };

/** `sha256=<hex>` of the body, as Meta signs it with the app secret. */
export function sign(body: string, secret = WEBHOOK_SECRETS.WHATSAPP_APP_SECRET): Promise<string> {
  return signature(body, secret);
}

/** One webhook body as Meta posts it: messages and statuses of one change, with the senders' profiles. */
export function webhookBody(value: ChangeValue): string {
  return JSON.stringify(envelope(value));
}

/** A visitor's message as Meta reports it: `from` in digits, the time in seconds, one object named after its type. */
export function inbound(from: string, seconds: number, type: string, content: unknown, id = wamid()) {
  return { from: from.replace(/^\+/, ''), id, timestamp: String(seconds), type, [type]: content };
}

export const wamid = () => `wamid.HBgM${crypto.randomUUID().replace(/-/g, '').toUpperCase()}`;

/**
 * A wamid shaped as Meta's are: `wamid.` and base64 of a small binary record whose first field is the other
 * party's number in clear digits (`HBgM` + base64 of "919876543210" …), then a random message key. Decoding it
 * gives the number back, which is why it must never reach a log or a URL.
 */
export function realWamid(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const key = crypto.randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase();
  const bytes = [0x1c, 0x18, digits.length, ...new TextEncoder().encode(digits), 0x15, 0x02, 0x00, 0x12, 0x18];
  bytes.push(key.length, ...new TextEncoder().encode(key), 0x00);
  return `wamid.${btoa(String.fromCharCode(...bytes))}`;
}

/** Posts a body to the Worker's webhook (signed unless `signature` says otherwise), waiting for its background work. */
export async function postWebhook(workerEnv: Env, body: string, signature?: string): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${ORIGIN}/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? (await sign(body)) },
      body,
    }),
    workerEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}
