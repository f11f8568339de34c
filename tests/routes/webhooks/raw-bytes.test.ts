/**
 * The three signed webhooks (WhatsApp, Cal.com, Calendly) check their signature over the body's bytes as they
 * arrived, never over text decoded and encoded again: a correctly signed body that starts with a UTF-8 byte-order
 * mark, or holds a byte that is not UTF-8 (0xFF), is accepted, its JSON read from the bytes (the mark dropped); a
 * signed body that is not JSON gets the usual answer to a body that is not the sender's shape, never a signature
 * refusal.
 */
import { SELF, createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import type { Env } from '../../../src/env';
import type { BookingProvider } from '../../../src/store/bookings/bookings';
import { getBookingStore } from '../../../src/store/bookings/open';
import { getConversationStore } from '../../../src/store/conversations/open';
import { LOOPBACK_ORIGIN } from '../../support/api';
import { BOOKING_SECRETS, calcomBody, calendlyBody } from '../../support/bookings';
import { loggedEvents } from '../../support/logs';
import { captureQueue } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { hmacHex } from '../../support/whatsapp-envelope';
import { ORIGIN, WEBHOOK_SECRETS, inbound, webhookBody } from '../../support/whatsapp-webhook';

afterEach(() => vi.restoreAllMocks());

const encoder = new TextEncoder();
const BOM = [0xef, 0xbb, 0xbf];
/** The text's UTF-8 bytes after a byte-order mark. */
const withBom = (text: string) => new Uint8Array([...BOM, ...encoder.encode(text)]);
/** The text's UTF-8 bytes with each `@@` in it replaced by the byte 0xFF, which is never UTF-8. */
const withFF = (text: string) =>
  new Uint8Array(text.split('@@').flatMap((part, i) => [...(i > 0 ? [0xff] : []), ...encoder.encode(part)]));
const NOT_JSON = new Uint8Array([0xff, 0xfe, ...encoder.encode('{"entry": nope')]);

/** Posts bytes as they are, signed by `header` (made over the same bytes). */
async function postBytes(path: string, raw: Uint8Array, headers: Record<string, string>, workerEnv?: Env) {
  const init = { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw };
  if (!workerEnv) return SELF.fetch(`${LOOPBACK_ORIGIN}${path}`, init);
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, init), workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe('POST /webhooks/whatsapp over the bytes as they arrived', () => {
  const workerEnv = { ...env, ...WEBHOOK_SECRETS } as Env;
  const post = async (raw: Uint8Array, secret = WEBHOOK_SECRETS.WHATSAPP_APP_SECRET) =>
    postBytes('/webhooks/whatsapp', raw, { 'x-hub-signature-256': `sha256=${await hmacHex(secret, raw)}` }, workerEnv);
  const message = (phone: string, body: string) =>
    webhookBody({ messages: [inbound(phone, Math.floor(Date.now() / 1000), 'text', { body })] });

  it('accepts a signed body that starts with a byte-order mark, and reads its JSON', async () => {
    captureQueue(workerEnv);
    const phone = uniqueMobile();
    const res = await post(withBom(message(phone, 'Hello from a BOM')));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await getConversationStore(workerEnv).from(phone)).map((m) => m.text)).toEqual(['Hello from a BOM']);
  });

  it('accepts a signed body with a byte that is not UTF-8, read as U+FFFD', async () => {
    captureQueue(workerEnv);
    const phone = uniqueMobile();
    const res = await post(withFF(message(phone, 'caf@@ menu')));
    expect(res.status).toBe(200);
    expect((await getConversationStore(workerEnv).from(phone)).map((m) => m.text)).toEqual(['caf\uFFFD menu']);
  });

  it('answers a signed body that is not JSON as any body not of Meta’s shape (200, nothing stored), not 401', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await post(NOT_JSON);
    expect(res.status).toBe(200);
    expect(loggedEvents(warn)).not.toContainEqual(expect.objectContaining({ event: 'webhook.refused' }));
  });

  it('still refuses those bytes signed with another secret', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const phone = uniqueMobile();
    expect((await post(withBom(message(phone, 'Hello')), 'another-secret')).status).toBe(401);
    expect(await getConversationStore(workerEnv).from(phone)).toEqual([]);
  });
});

const sign: Record<BookingProvider, (raw: Uint8Array, secret?: string) => Promise<Record<string, string>>> = {
  calcom: async (raw, secret = BOOKING_SECRETS.calcom) => ({ 'x-cal-signature-256': await hmacHex(secret, raw) }),
  calendly: async (raw, secret = BOOKING_SECRETS.calendly) => {
    const t = Math.floor(Date.now() / 1000);
    const signed = new Uint8Array([...encoder.encode(`${t}.`), ...raw]);
    return { 'calendly-webhook-signature': `t=${t},v1=${await hmacHex(secret, signed)}` };
  },
};

/** A booking of the tool's, as JSON with `@@` in its attendee's name (for the 0xFF byte), and its booking id. */
function booking(provider: BookingProvider): { text: string; id: string } {
  if (provider === 'calcom') {
    const body = calcomBody({ name: 'Zoë @@ Quarantotto', email: 'zoe.q@example.net' });
    return { text: JSON.stringify(body), id: body.payload.uid };
  }
  const body = calendlyBody({ name: 'Zoë @@ Quarantotto', email: 'zoe.q@example.net' });
  return { text: JSON.stringify(body), id: body.payload.uri };
}

describe.each<BookingProvider>(['calcom', 'calendly'])(
  'POST /webhooks/%s over the bytes as they arrived',
  (provider) => {
    const post = async (raw: Uint8Array, secret?: string) =>
      postBytes(`/webhooks/${provider}`, raw, await sign[provider](raw, secret));
    const received = (spy: Parameters<typeof loggedEvents>[0]) =>
      loggedEvents(spy).filter((line) => line.event === 'webhook.received');

    it('accepts a signed body that starts with a byte-order mark, reads its booking, and a repeat changes nothing', async () => {
      vi.spyOn(console, 'log').mockImplementation(() => {});
      const { text, id } = booking(provider);
      const raw = withBom(text.replaceAll('@@', 'and'));
      expect((await post(raw)).status).toBe(200);
      const stored = await getBookingStore(env).get(provider, id);
      expect(stored).toMatchObject({ status: 'booked', name: 'Zoë and Quarantotto' });
      expect((await post(raw)).status).toBe(200);
      expect(await getBookingStore(env).get(provider, id)).toEqual(stored);
    });

    it('accepts a signed body with a byte that is not UTF-8, read as U+FFFD', async () => {
      vi.spyOn(console, 'log').mockImplementation(() => {});
      const { text, id } = booking(provider);
      expect((await post(withFF(text))).status).toBe(200);
      expect(await getBookingStore(env).get(provider, id)).toMatchObject({ name: 'Zoë \uFFFD Quarantotto' });
    });

    it('answers a signed body that is not JSON 200, counted as skipped, not 401', async () => {
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect((await post(NOT_JSON)).status).toBe(200);
      expect(received(log)).toEqual([expect.objectContaining({ provider, events: 0, skipped: 1 })]);
      expect(loggedEvents(warn)).not.toContainEqual(expect.objectContaining({ event: 'webhook.refused' }));
    });

    it('still refuses those bytes signed with another secret', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { text, id } = booking(provider);
      expect((await post(withFF(text), 'not-the-secret-at-all')).status).toBe(401);
      expect(await getBookingStore(env).get(provider, id)).toBeNull();
    });
  },
);
