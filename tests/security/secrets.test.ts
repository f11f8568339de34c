/** Secrets: with every secret set to a sentinel, no rendered page or API answer contains one. */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import { publicEnv, type Env } from '../../src/env';
import { SENTINELS, sentinelNeedles } from '../standins/sentinels.mjs';
import { firestoreEnv } from '../support/firestore';
import { allowConsoleErrors } from '../setup';

const sentinelEnv: Env = {
  ...env,
  ...SENTINELS,
  FIRESTORE_PROJECT_ID: 'sentinel-project',
  WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
  TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
};

async function fetchText(path: string, init?: RequestInit): Promise<string> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://site.test${path}`, init), sentinelEnv, ctx);
  await waitOnExecutionContext(ctx);
  return (await res.text()) + JSON.stringify([...res.headers]);
}

describe('secrets stay on the server', () => {
  it('the browser whitelist passes only the Turnstile site key', () => {
    expect(publicEnv(sentinelEnv)).toEqual({ turnstileSiteKey: '1x00000000000000000000AA' });
  });

  it.each(['/', '/quiz', '/anything/else', '/api/nope'])('%s contains no secret', async (path) => {
    const text = await fetchText(path);
    expect(text.length).toBeGreaterThan(50);
    for (const needle of sentinelNeedles()) expect(text, needle).not.toContain(needle);
  });

  it('a rejected submission echoes no secret', async () => {
    const text = await fetchText('/api/enquiry', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.18.0.1' },
      body: JSON.stringify({ name: '', phone: SENTINELS.OWNER_PHONES, email: 'x' }),
    });
    expect(text).toContain('"ok":false');
    for (const needle of [SENTINELS.WHATSAPP_TOKEN, SENTINELS.FIRESTORE_PRIVATE_KEY, SENTINELS.TURNSTILE_SECRET_KEY]) {
      expect(text).not.toContain(needle);
    }
  });
});

describe("the booking webhooks' keys stay on the server", () => {
  it('every secret the site reads, the booking and payment keys included, is a needle', () => {
    const names = [
      'CALCOM_WEBHOOK_SECRET',
      'CALENDLY_WEBHOOK_SIGNING_KEY',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
    ] as const;
    for (const name of names) {
      expect(SENTINELS[name].length).toBeGreaterThanOrEqual(16);
      expect(sentinelNeedles()).toContain(SENTINELS[name]);
    }
  });

  it('a booking or a payment refused for its signature echoes no secret', async () => {
    const body = JSON.stringify({ triggerEvent: 'BOOKING_CREATED', payload: { uid: 'b1' } });
    const signed = [
      ['/webhooks/calcom', { 'x-cal-signature-256': '0'.repeat(64) }],
      [
        '/webhooks/calendly',
        { 'calendly-webhook-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      ],
      ['/webhooks/razorpay', { 'x-razorpay-signature': '0'.repeat(64), 'x-razorpay-event-id': 'evt_sentinel01' }],
    ] as const;
    for (const [path, headers] of signed) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request(`https://site.test${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        }),
        sentinelEnv,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      const text = (await res.text()) + JSON.stringify([...res.headers]);
      for (const needle of sentinelNeedles()) expect(text, needle).not.toContain(needle);
    }
  });
});

describe('secrets stay on the server while Firestore signs in with them', () => {
  afterEach(() => vi.unstubAllGlobals());

  // The e2e secret-leak Worker reaches its Firestore stand-in as an emulator; here the service account's key
  // and email are in use: each stored lead is written with a token the stand-in issued for a JWT they signed.
  it('no answer carries the key or the account: stored, refused, parked, desk pages', async () => {
    allowConsoleErrors();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { standin, env: fsEnv, keys } = await firestoreEnv('credentials');
    standin.trust(SENTINELS.FIRESTORE_CLIENT_EMAIL, keys[0].keyId, keys[0].publicKey);
    const workerEnv: Env = {
      ...fsEnv,
      FIRESTORE_CLIENT_EMAIL: SENTINELS.FIRESTORE_CLIENT_EMAIL,
      WHATSAPP_TOKEN: SENTINELS.WHATSAPP_TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
      OWNER_PHONES: SENTINELS.OWNER_PHONES,
    };
    vi.spyOn(workerEnv.JOBS, 'send').mockResolvedValue({ metadata: { metrics: { backlogCount: 1, backlogBytes: 0 } } });
    const answers: string[] = [];
    const call = async (path: string, init?: RequestInit) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`http://127.0.0.1:8787${path}`, init), workerEnv, ctx);
      await waitOnExecutionContext(ctx);
      answers.push(`${path} ${res.status} ${await res.text()} ${JSON.stringify([...res.headers])}`);
      return res.status;
    };
    const subscribe = (email: string) =>
      call('/api/newsletter', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': `198.18.7.${answers.length + 1}` },
        body: JSON.stringify({ submissionId: crypto.randomUUID(), email }),
      });

    expect(await subscribe('stored@example.com')).toBe(201);
    expect(standin.exchanges.map((e) => e.clientEmail)).toContain(SENTINELS.FIRESTORE_CLIENT_EMAIL);
    expect(await call('/desk')).toBe(200);
    const [id] = [...standin.documents.keys()].filter((k) => k.startsWith('news_letter/'));
    expect(await call(`/desk/leads/newsletter/${id!.split('/')[1]}`)).toBe(200);
    // Firestore refuses the token (401): the client is dropped, and the next write signs in afresh, refused too.
    standin.failFirestore = 401;
    expect(await subscribe('refused-token@example.com')).toBe(202);
    standin.failFirestore = null;
    standin.failToken = 'refuse';
    expect(await subscribe('refused-exchange@example.com')).toBe(202);
    standin.failToken = null;
    standin.failFirestore = 503;
    expect(await subscribe('parked@example.com')).toBe(202);
    expect(await call('/desk')).toBeGreaterThanOrEqual(500);

    const keyLines = keys[0].privateKeyPem.split('\n').filter((line) => line.length === 64);
    expect(keyLines.length).toBeGreaterThan(10);
    const text = answers.join('\n');
    expect(text).toContain('stored@example.com');
    for (const needle of [...sentinelNeedles(), ...keyLines]) expect(text).not.toContain(needle);
  });
});
