/** The desk's sign-in check: the Cloudflare Access assertion, verified against a stand-in team's keys. */
import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../src/env';
import { onError } from '../../src/http/errors';
import { clearAccessKeyCache, verifyAccessJwt } from '../../src/security/access-jwt';
import { deskAccess, type OwnerVariables } from '../../src/security/desk-access';
import { allowConsoleErrors } from '../setup';
import { loggedEvents } from '../support/logs';
import {
  AUD,
  OWNER,
  TEAM_DOMAIN,
  certsFetch,
  claims,
  makeAccessKey,
  sign,
  unsigned,
  type AccessKey,
} from '../standins/access';

let current: AccessKey;
let other: AccessKey;
let published: AccessKey[];
let certs: ReturnType<typeof certsFetch>;
const settings = { teamDomain: TEAM_DOMAIN, aud: AUD };

beforeAll(async () => {
  [current, other] = await Promise.all([makeAccessKey('kid-current'), makeAccessKey('kid-next')]);
});
beforeEach(() => {
  clearAccessKeyCache();
  published = [current];
  certs = certsFetch(() => published);
  vi.stubGlobal('fetch', certs.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe('verifyAccessJwt', () => {
  it('accepts a valid assertion and returns the owner email', async () => {
    expect(await verifyAccessJwt(await sign(current), settings)).toEqual({ ok: true, email: OWNER });
  });

  it.each([
    ['expired', () => claims({ exp: Math.floor(Date.now() / 1000) - 120 }), 'expired'],
    ['not yet valid', () => claims({ nbf: Math.floor(Date.now() / 1000) + 120 }), 'not yet valid'],
    ['wrong audience', () => claims({ aud: ['another-application'] }), 'wrong audience'],
    ['wrong issuer', () => claims({ iss: 'https://evil.cloudflareaccess.com' }), 'wrong issuer'],
    ['no email', () => claims({ email: undefined }), 'no email'],
    ['no expiry', () => claims({ exp: undefined }), 'expired'],
  ])('refuses an assertion that is %s', async (_label, payload, reason) => {
    expect(await verifyAccessJwt(await sign(current, payload()), settings)).toEqual({ ok: false, reason });
  });

  it('accepts aud given as a single string', async () => {
    expect(await verifyAccessJwt(await sign(current, claims({ aud: AUD })), settings)).toMatchObject({ ok: true });
  });

  it('refuses a wrong signature (signed by a key the team does not publish under that kid)', async () => {
    const forged = await sign(other, claims(), { kid: current.kid });
    expect(await verifyAccessJwt(forged, settings)).toEqual({ ok: false, reason: 'bad signature' });
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const [head, , sig] = (await sign(current)).split('.');
    const [, body] = (await sign(current, claims({ email: 'intruder@example.com' }))).split('.');
    expect(await verifyAccessJwt(`${head}.${body}.${sig}`, settings)).toEqual({ ok: false, reason: 'bad signature' });
  });

  it('refuses an unknown kid', async () => {
    expect(await verifyAccessJwt(await sign(other), settings)).toEqual({ ok: false, reason: 'unknown key id' });
  });

  it.each([
    ['alg none', () => unsigned()],
    ['alg HS256', async () => (await sign(current, claims(), { alg: 'HS256' })).replace(/\.[^.]*$/, '.')],
  ])('refuses %s', async (_label, token) => {
    expect(await verifyAccessJwt(await token(), settings)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^algorithm/),
    });
  });

  it.each([
    ['a missing header', undefined],
    ['an empty header', ''],
    ['garbage', 'not-a-jwt'],
    ['bad base64', '@@@.@@@.@@@'],
  ])('refuses %s', async (_label, token) => {
    expect(await verifyAccessJwt(token, settings)).toMatchObject({ ok: false });
  });

  it('caches the keys: many requests fetch the certs once', async () => {
    for (let i = 0; i < 5; i++) await verifyAccessJwt(await sign(current), settings);
    expect(certs.calls).toEqual([`${TEAM_DOMAIN}/cdn-cgi/access/certs`]);
  });

  it('fetches the keys again when a token names an unknown kid (rotation), at most every 30 s', async () => {
    const start = Date.now();
    await verifyAccessJwt(await sign(current), settings, start);
    published = [current, other];
    // Right after a fetch an unknown kid is not fetched again (forged kids cannot flood the certs URL).
    expect(await verifyAccessJwt(await sign(other), settings, start + 1_000)).toMatchObject({ ok: false });
    expect(certs.calls).toHaveLength(1);
    expect(await verifyAccessJwt(await sign(other), settings, start + 31_000)).toEqual({ ok: true, email: OWNER });
    expect(certs.calls).toHaveLength(2);
  });
});

describe('the keys when the certs URL is slow or failing', () => {
  it('gives up on a fetch that does not answer within the deadline', async () => {
    vi.stubGlobal(
      'fetch',
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true }),
        ),
    );
    await expect(verifyAccessJwt(await sign(current), { ...settings, keysTimeoutMs: 50 })).rejects.toThrow(
      /timed out|abort/i,
    );
  });

  it('shares one fetch among the requests that arrive while it is under way', async () => {
    const tokens = await Promise.all(Array.from({ length: 8 }, () => sign(current)));
    const results = await Promise.all(tokens.map((t) => verifyAccessJwt(t, settings)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(certs.calls).toHaveLength(1);
  });

  it('keeps the last good keys for a day when a refresh fails, then refuses', async () => {
    const start = Date.now();
    const token = await sign(current, claims({ exp: Math.floor(start / 1000) + 3 * 86_400 }));
    expect(await verifyAccessJwt(token, settings, start)).toEqual({ ok: true, email: OWNER });
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => new Response('down', { status: 502 }));
    // Seven hours later the keys are due for a refresh, which fails: the last good ones still serve.
    expect(await verifyAccessJwt(token, settings, start + 7 * 3_600_000)).toEqual({ ok: true, email: OWNER });
    expect(loggedEvents(warnings)).toEqual([
      expect.objectContaining({ event: 'security.access-keys', outcome: 'kept the last good keys' }),
    ]);
    warnings.mockRestore();
    // More than a day after they were fetched, they no longer do.
    await expect(verifyAccessJwt(token, settings, start + 25 * 3_600_000)).rejects.toThrow(/502/);
  });

  it('allows 60 s of clock skew on exp and nbf, and no more', async () => {
    const now = Date.now();
    const s = Math.floor(now / 1000);
    const at = (overrides: Record<string, unknown>) => sign(current, claims(overrides, now));
    expect(await verifyAccessJwt(await at({ exp: s - 30 }), settings, now)).toMatchObject({ ok: true });
    expect(await verifyAccessJwt(await at({ exp: s - 61 }), settings, now)).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyAccessJwt(await at({ nbf: s + 30 }), settings, now)).toMatchObject({ ok: true });
    expect(await verifyAccessJwt(await at({ nbf: s + 61 }), settings, now)).toEqual({
      ok: false,
      reason: 'not yet valid',
    });
  });
});

describe('deskAccess middleware', () => {
  const app = new Hono<{ Bindings: Env; Variables: OwnerVariables }>();
  app.onError(onError);
  app.use('*', deskAccess());
  app.get('/desk', (c) => c.text(`signed in as ${c.var.owner.email}`));
  const accessEnv = (over: Partial<Env> = {}): Env => ({
    ...env,
    ENVIRONMENT: 'production',
    ACCESS_TEAM_DOMAIN: TEAM_DOMAIN,
    ACCESS_AUD: AUD,
    ...over,
  });
  const get = (workerEnv: Env, headers: Record<string, string> = {}) =>
    app.request('https://desk.test/desk', { headers }, workerEnv);

  it('lets a valid assertion through with the owner email', async () => {
    const res = await get(accessEnv(), { 'Cf-Access-Jwt-Assertion': await sign(current) });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(`signed in as ${OWNER}`);
  });

  it('answers 403 in the error shape without the header, with alg none, and with an expired token', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { 'Cf-Access-Jwt-Assertion': unsigned() },
      { 'Cf-Access-Jwt-Assertion': await sign(current, claims({ exp: 1 })) },
      // The cookie Access also sets is not accepted in place of the header.
      { cookie: `CF_Authorization=${await sign(current)}` },
    ];
    for (const headers of cases) {
      const res = await get(accessEnv(), headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ ok: false, error: { code: 'forbidden', message: expect.any(String) } });
    }
  });

  it('signs in a local owner only in development without ACCESS_TEAM_DOMAIN, on a loopback address', async () => {
    const workerEnv = accessEnv({ ENVIRONMENT: 'development', ACCESS_TEAM_DOMAIN: undefined });
    const res = await app.request('http://127.0.0.1:8787/desk', {}, workerEnv);
    expect(await res.text()).toBe('signed in as owner@localhost');
  });

  it.each(['development', undefined])(
    'never signs the local owner in on a public address, even with ENVIRONMENT=%s (unset means development)',
    async (environment) => {
      allowConsoleErrors();
      const res = await get(accessEnv({ ENVIRONMENT: environment, ACCESS_TEAM_DOMAIN: undefined }));
      expect(res.status).toBe(403);
    },
  );

  it.each(['staging', 'production'])(
    'never signs a local owner in with ENVIRONMENT=%s: missing Access settings refuse everyone',
    async (environment) => {
      allowConsoleErrors();
      for (const missing of [
        { ACCESS_TEAM_DOMAIN: undefined },
        { ACCESS_AUD: undefined },
        { ACCESS_TEAM_DOMAIN: 'http://team.example' },
      ]) {
        const res = await get(accessEnv({ ENVIRONMENT: environment, ...missing }), {
          'Cf-Access-Jwt-Assertion': await sign(current),
        });
        expect(res.status).toBe(403);
      }
    },
  );

  it('with Access configured in development, still requires the assertion', async () => {
    const res = await get(accessEnv({ ENVIRONMENT: 'development' }));
    expect(res.status).toBe(403);
  });

  it('answers 503 (not 500) when the certs cannot be fetched', async () => {
    allowConsoleErrors();
    vi.stubGlobal('fetch', async () => new Response('down', { status: 502 }));
    const res = await get(accessEnv(), { 'Cf-Access-Jwt-Assertion': await sign(current) });
    expect(res.status).toBe(503);
  });
});
