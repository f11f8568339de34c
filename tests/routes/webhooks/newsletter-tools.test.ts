/**
 * The newsletter tool's webhooks (issue 59): Kit's signed deliveries and Mailchimp's unsigned posts, each event kept
 * once; a forged, stale, oversized or unconfigured request refused and nothing kept; the newest event of an address
 * standing whatever order they arrive in.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { NEWSLETTER_WEBHOOK_MAX_BYTES } from '../../../src/routes/webhooks/newsletter';
import { getToolEventStore } from '../../../src/store/newsletter/open';
import { readConfig } from '../../../src/env';
import { rememberErased } from '../../../src/store/people/erasures';
import { callWorker } from '../../support/api';
import { loggedEvents } from '../../support/logs';
import {
  KIT_WEBHOOK_TEST_SECRET,
  MAILCHIMP_WEBHOOK_TEST_SECRET,
  forgeKit,
  kitDelivery,
  kitEvent,
  kitRequest,
  mailchimpForm,
  mailchimpRequest,
  signKit,
} from '../../standins/newsletter/tool-webhooks.mjs';

const hooksEnv = (over: Record<string, string> = {}) =>
  ({
    ...env,
    KIT_WEBHOOK_SECRET: KIT_WEBHOOK_TEST_SECRET,
    MAILCHIMP_WEBHOOK_SECRET: MAILCHIMP_WEBHOOK_TEST_SECRET,
    ...over,
  }) as Env;
const address = () => `asha-${crypto.randomUUID()}@example.com`;
const events = (email: string) => getToolEventStore(env).forEmail(email);
const postKit = async (raw: string, options: { signature?: string | null; at?: Date; env?: Env } = {}) =>
  callWorker(options.env ?? hooksEnv(), '/webhooks/kit', await kitRequest(raw, options));
const MAILCHIMP_PATH = `/webhooks/mailchimp/${MAILCHIMP_WEBHOOK_TEST_SECRET}`;
const postMailchimp = (body: string, path = MAILCHIMP_PATH, workerEnv = hooksEnv()) =>
  callWorker(workerEnv, path, mailchimpRequest(body));

afterEach(() => vi.restoreAllMocks());

describe('POST /webhooks/kit', () => {
  it('keeps each event of a signed delivery once: a redelivery changes nothing', async () => {
    const [a, b] = [address(), address()];
    const unsubscribed = kitEvent({ email: a.toUpperCase(), created: '2026-11-29T04:34:00Z' });
    const bounced = kitEvent({ type: 'subscriber.bounced', email: b });
    const raw = kitDelivery([unsubscribed, bounced]);

    const first = await postKit(raw);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true });
    expect(await events(a)).toEqual([
      expect.objectContaining({
        tool: 'kit',
        eventId: unsubscribed.id,
        email: a,
        kind: 'unsubscribed',
        occurredAt: '2026-11-29T04:34:00.000Z',
      }),
    ]);
    expect(await events(b)).toEqual([expect.objectContaining({ kind: 'bounced', eventId: bounced.id })]);

    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect((await postKit(raw)).status).toBe(200);
    expect(await events(a)).toHaveLength(1);
    expect(await events(b)).toHaveLength(1);
    const received = loggedEvents(log).find((l) => l.event === 'webhook.received');
    expect(received).toMatchObject({ provider: 'kit', events: 2, applied: 0, repeat: 2 });
    // Counts only: no address in any log line.
    expect(JSON.stringify(loggedEvents(log))).not.toContain('@example.com');
  });

  it('a complaint is kept; other event types are acknowledged and ignored', async () => {
    const email = address();
    const raw = kitDelivery([
      kitEvent({ type: 'subscriber.complained', email }),
      kitEvent({ type: 'subscriber.activated', email }),
      kitEvent({ type: 'subscriber.tag_add', email }),
    ]);
    expect((await postKit(raw)).status).toBe(200);
    expect((await events(email)).map((e) => e.kind)).toEqual(['complained']);
  });

  it('any one of several v1 signatures (Kit rotating its secret) admits the delivery', async () => {
    const email = address();
    const raw = kitDelivery([kitEvent({ email })]);
    const signature = await signKit(raw, { secrets: ['an-older-kit-webhook-secret', KIT_WEBHOOK_TEST_SECRET] });
    expect((await postKit(raw, { signature })).status).toBe(200);
    expect(await events(email)).toHaveLength(1);
  });

  it('refuses a forged, a missing and a malformed signature with 401, and keeps nothing', async () => {
    const email = address();
    const raw = kitDelivery([kitEvent({ email })]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const signature of [await forgeKit(raw), null, 'v1=abc', `t=1,t=2,v1=${'0'.repeat(64)}`]) {
      const res = await postKit(raw, { signature });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
    // A body changed after signing is a forgery too.
    const signature = await signKit(raw);
    const tampered = raw.replace(email, address());
    expect((await postKit(tampered, { signature })).status).toBe(401);
    expect(await events(email)).toEqual([]);
    expect(loggedEvents(warn).filter((l) => l.event === 'webhook.refused')).toHaveLength(5);
  });

  it('refuses a signature older than five minutes, or more than five minutes ahead (401)', async () => {
    const email = address();
    const raw = kitDelivery([kitEvent({ email })]);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const old = await postKit(raw, { at: new Date(Date.now() - 6 * 60_000) });
    expect(old.status).toBe(401);
    expect(await old.json()).toMatchObject({ error: { message: 'The signature is more than five minutes from now.' } });
    expect((await postKit(raw, { at: new Date(Date.now() + 6 * 60_000) })).status).toBe(401);
    expect(await events(email)).toEqual([]);
    // Within the window it is taken.
    expect((await postKit(raw, { at: new Date(Date.now() - 4 * 60_000) })).status).toBe(200);
    expect(await events(email)).toHaveLength(1);
  });

  it('a body over the cap is refused (413) before its signature is checked; malformed JSON is 400', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const huge = kitDelivery([kitEvent({ email: address() })]).padEnd(NEWSLETTER_WEBHOOK_MAX_BYTES + 1, ' ');
    expect((await postKit(huge)).status).toBe(413);
    const notJson = '{"delivery_id": 1, "events": [';
    const bad = await postKit(notJson);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_json' } });
    const tooMany = kitDelivery(Array.from({ length: 101 }, () => kitEvent({ email: address() })));
    expect((await postKit(tooMany)).status).toBe(400);
  });

  it('does not exist without KIT_WEBHOOK_SECRET (404)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const email = address();
    const raw = kitDelivery([kitEvent({ email })]);
    const res = await postKit(raw, { env: hooksEnv({ KIT_WEBHOOK_SECRET: '' }) });
    expect(res.status).toBe(404);
    expect(await events(email)).toEqual([]);
  });

  it('applies in order: an older event arriving after a newer one does not become the newest', async () => {
    const email = address();
    const newer = kitEvent({ type: 'subscriber.bounced', email, created: '2026-11-29T05:00:00Z' });
    const older = kitEvent({ type: 'subscriber.unsubscribed', email, created: '2026-11-29T04:00:00Z' });
    expect((await postKit(kitDelivery([newer]))).status).toBe(200);
    expect((await postKit(kitDelivery([older]))).status).toBe(200);
    expect(await getToolEventStore(env).latestFor(email)).toMatchObject({ kind: 'bounced', eventId: newer.id });
    expect(await events(email)).toHaveLength(2);
  });
});

describe('an erased address', () => {
  it("is not written down again by the tool's echo of the erasure (within a day after it); later events are kept", async () => {
    const email = address();
    const config = readConfig(hooksEnv());
    const erasedAt = new Date(Date.now() - 60 * 60_000);
    await rememberErased(
      env.DB,
      config.privacy.erasureKey,
      { contacts: [{ email }] },
      config.leads.defaultPhoneRegion,
      erasedAt.toISOString(),
    );
    const echo = kitEvent({ email, created: new Date(erasedAt.getTime() + 5 * 60_000).toISOString() });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect((await postKit(kitDelivery([echo]))).status).toBe(200);
    expect(await events(email)).toEqual([]);
    expect(loggedEvents(log).find((l) => l.event === 'webhook.received')).toMatchObject({ erased: 1, applied: 0 });
    const later = kitEvent({ email, created: new Date(erasedAt.getTime() + 25 * 60 * 60_000).toISOString() });
    expect((await postKit(kitDelivery([later]))).status).toBe(200);
    expect(await events(email)).toHaveLength(1);
  });
});

describe('/webhooks/mailchimp/:secret', () => {
  it('answers the GET Mailchimp validates the address with (200), only at the right secret', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await callWorker(hooksEnv(), MAILCHIMP_PATH)).status).toBe(200);
    expect((await callWorker(hooksEnv(), '/webhooks/mailchimp/not-the-secret')).status).toBe(404);
  });

  it('keeps an unsubscribe, a hard bounce, a spam report and an address change (about the old address)', async () => {
    const [a, b, c, d] = [address(), address(), address(), address()];
    const firedAt = new Date('2026-11-29T04:34:00Z');
    for (const body of [
      mailchimpForm({ type: 'unsubscribe', email: a, firedAt }),
      mailchimpForm({ type: 'cleaned', email: b, reason: 'hard', firedAt }),
      mailchimpForm({ type: 'cleaned', email: c, reason: 'abuse', firedAt }),
      mailchimpForm({ type: 'upemail', email: d, newEmail: address(), firedAt }),
    ]) {
      expect((await postMailchimp(body)).status).toBe(200);
    }
    expect(await events(a)).toEqual([
      expect.objectContaining({ tool: 'mailchimp', kind: 'unsubscribed', occurredAt: '2026-11-29T04:34:00.000Z' }),
    ]);
    expect((await events(b)).map((e) => e.kind)).toEqual(['bounced']);
    expect((await events(c)).map((e) => e.kind)).toEqual(['complained']);
    expect((await events(d)).map((e) => e.kind)).toEqual(['address_changed']);
  });

  it('a redelivered post is a repeat (its id is the SHA-256 of its bytes); profile and subscribe are ignored', async () => {
    const email = address();
    const body = mailchimpForm({ type: 'unsubscribe', email });
    expect((await postMailchimp(body)).status).toBe(200);
    expect((await postMailchimp(body)).status).toBe(200);
    const [kept, ...more] = await events(email);
    expect(more).toEqual([]);
    expect(kept!.eventId).toMatch(/^[0-9a-f]{64}$/);
    for (const type of ['profile', 'subscribe'] as const) {
      expect((await postMailchimp(mailchimpForm({ type, email: address() }))).status).toBe(200);
    }
  });

  it('a wrong secret, or none configured, is the same 404, and nothing is kept', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const email = address();
    const body = mailchimpForm({ email });
    expect((await postMailchimp(body, '/webhooks/mailchimp/wrong-secret')).status).toBe(404);
    expect((await postMailchimp(body, `${MAILCHIMP_PATH}x`)).status).toBe(404);
    const unset = hooksEnv({ MAILCHIMP_WEBHOOK_SECRET: '' });
    expect((await postMailchimp(body, MAILCHIMP_PATH, unset)).status).toBe(404);
    expect((await callWorker(unset, MAILCHIMP_PATH)).status).toBe(404);
    expect(await events(email)).toEqual([]);
  });
});
