/**
 * The booking tools' webhooks as they post them: realistic bodies (field names from Cal.com's booking payload and
 * Calendly's invitee resource), their signatures, and posting them to the Worker.
 */
import { SELF, env } from 'cloudflare:test';
import type { Env } from '../../src/env';
import { LOOPBACK_ORIGIN, callWorker } from './api';
import { hmacHex } from './whatsapp-envelope';

export * from './booking-bodies';

/** The secrets vitest.config.ts binds, so both routes exist in the tests. */
export const BOOKING_SECRETS = {
  calcom: (env as unknown as Record<string, string>).CALCOM_WEBHOOK_SECRET!,
  calendly: (env as unknown as Record<string, string>).CALENDLY_WEBHOOK_SIGNING_KEY!,
};

/** The test env with settings replaced (e.g. a secret set to '' to unset it). */
export function envWith(over: Record<string, string>): Env {
  return { ...env, ...over } as Env;
}

/** X-Cal-Signature-256: hex HMAC-SHA256 of the body. */
export function signCalcom(raw: string, secret = BOOKING_SECRETS.calcom): Promise<string> {
  return hmacHex(secret, raw);
}

/** Calendly-Webhook-Signature: `t=<seconds>,v1=<hex HMAC-SHA256 of "t." and the body>`. */
export async function signCalendly(raw: string, key = BOOKING_SECRETS.calendly, at = new Date()): Promise<string> {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${await hmacHex(key, `${t}.${raw}`)}`;
}

export interface PostOptions {
  /** The key to sign with (the bound test secret by default). */
  secret?: string;
  /** The signature header as sent, instead of a good one; null sends none. */
  header?: string | null;
  /** Calendly: when it was signed. */
  at?: Date;
  /** Post through the Worker with this env instead of SELF. */
  env?: Env;
}

/** POSTs a body (an object is sent as JSON, a string as is) to /webhooks/calcom, signed unless told otherwise. */
export async function postCalcom(body: unknown, options: PostOptions = {}): Promise<Response> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const header = options.header !== undefined ? options.header : await signCalcom(raw, options.secret);
  return postHook('/webhooks/calcom', raw, 'x-cal-signature-256', header, options.env);
}

/** POSTs a body to /webhooks/calendly, signed now (or `at`) unless told otherwise. */
export async function postCalendly(body: unknown, options: PostOptions = {}): Promise<Response> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const header = options.header !== undefined ? options.header : await signCalendly(raw, options.secret, options.at);
  return postHook('/webhooks/calendly', raw, 'calendly-webhook-signature', header, options.env);
}

function postHook(path: string, raw: string, name: string, header: string | null, workerEnv?: Env) {
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(header !== null && { [name]: header }) },
    body: raw,
  };
  return workerEnv ? callWorker(workerEnv, path, init) : SELF.fetch(`${LOOPBACK_ORIGIN}${path}`, init);
}
