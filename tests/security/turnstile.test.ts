/** Optional Turnstile, verified on the server, tokens single-use, off by default. */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import { checkHealth } from '../../src/health/run';
import { visitorAddress } from '../support/api';
import { allowConsoleErrors } from '../setup';
import type { Env } from '../../src/env';
import {
  DUMMY_TOKEN,
  FAIL_SECRET,
  PASS_SECRET,
  PASS_SITE_KEY,
  VERIFY_URL,
  createTurnstileStandin,
} from '../standins/turnstile';

afterEach(() => vi.unstubAllGlobals());

function envWith(secret: string): Env {
  return { ...env, TURNSTILE_SITE_KEY: PASS_SITE_KEY, TURNSTILE_SECRET_KEY: secret, TURNSTILE_VERIFY_URL: VERIFY_URL };
}

async function submit(workerEnv: Env, body: object, ip = visitorAddress()) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request('https://site.test/api/newsletter', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
      body: JSON.stringify(body),
    }),
    workerEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: (await res.json()) as { ok: boolean; error?: { code: string } } };
}

const metric = async (name: string) =>
  (await env.DB.prepare('SELECT COALESCE(SUM(count), 0) AS n FROM daily_counts WHERE metric = ?')
    .bind(name)
    .first<{ n: number }>())!.n;

const count = async (id: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM news_letter WHERE id = ?').bind(id).first<{ n: number }>())?.n;

/** What the queued notify job says about the submission: may a message go to a number it typed? */
const verdicts = (send: { mock: { calls: unknown[][] } }) =>
  send.mock.calls.map(([job]) => (job as { lead: { verified?: boolean } }).lead.verified);

describe('Turnstile', () => {
  it('is off by default: no token needed, siteverify never called', async () => {
    const standin = createTurnstileStandin();
    vi.stubGlobal('fetch', standin.fetch);
    const res = await submit(env, { email: 'plain@example.com' });
    expect(res.status).toBe(201);
    expect(standin.calls).toHaveLength(0);
  });

  it('when configured, a valid token verifies once; a replayed token is stored but unverified', async () => {
    const standin = createTurnstileStandin();
    vi.stubGlobal('fetch', standin.fetch);
    const send = vi.spyOn(env.JOBS, 'send');
    const first = crypto.randomUUID();
    expect(
      (
        await submit(
          envWith(PASS_SECRET),
          { submissionId: first, email: 'a@example.com', turnstileToken: DUMMY_TOKEN },
          '203.0.113.7',
        )
      ).status,
    ).toBe(201);
    expect(standin.calls[0]).toEqual({ secret: PASS_SECRET, response: DUMMY_TOKEN, remoteip: '203.0.113.7' });
    const second = crypto.randomUUID();
    const reused = await submit(envWith(PASS_SECRET), {
      submissionId: second,
      email: 'b@example.com',
      turnstileToken: DUMMY_TOKEN,
    });
    expect(reused).toEqual({ status: 201, body: { ok: true, id: second } });
    expect([await count(first), await count(second)]).toEqual([1, 1]);
    expect(verdicts(send)).toEqual([true, false]);
  });

  it.each([
    ['no token (a bot, or a form posted without JavaScript)', PASS_SECRET, undefined, {}],
    ['a token the always-fail secret rejects', FAIL_SECRET, 'XXXX.DUMMY.TOKEN.2', {}],
    ['a token solved on another hostname', PASS_SECRET, DUMMY_TOKEN, { hostname: 'evil.example' }],
    ['a token solved for another form', PASS_SECRET, DUMMY_TOKEN, { action: 'enquiry' }],
  ])('stores a submission with %s, marked unverified', async (_what, secret, token, answer) => {
    vi.stubGlobal('fetch', createTurnstileStandin(answer).fetch);
    const send = vi.spyOn(env.JOBS, 'send');
    const id = crypto.randomUUID();
    const res = await submit(envWith(secret), { submissionId: id, email: 'd@example.com', turnstileToken: token });
    expect(res).toEqual({ status: 201, body: { ok: true, id } });
    expect(await count(id)).toBe(1);
    expect(verdicts(send)).toEqual([false]);
  });

  it('stores the submission, unverified, when siteverify cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new Error('connect ECONNREFUSED');
    });
    const send = vi.spyOn(env.JOBS, 'send');
    const id = crypto.randomUUID();
    const unreachableToday = await metric('turnstile_unreachable');
    const res = await submit(envWith(PASS_SECRET), { submissionId: id, email: 'e@example.com', turnstileToken: 'x' });
    expect(res.status).toBe(201);
    expect(verdicts(send)).toEqual([false]);
    // Unchecked, not refused: the owners are told one by one (never the visitor), and the self-check knows.
    expect(send.mock.calls.map(([job]) => (job as { lead: { unchecked?: boolean } }).lead.unchecked)).toEqual([true]);
    expect(await metric('turnstile_unreachable')).toBe(unreachableToday + 1);
    vi.unstubAllGlobals();
    const visitors = (await checkHealth(env)).checks.find((c) => c.name === 'visitors');
    expect(visitors).toMatchObject({ ok: false, detail: expect.stringContaining('Turnstile could not be reached') });
  });

  it('a refused token is unverified, not unchecked', async () => {
    vi.stubGlobal('fetch', createTurnstileStandin().fetch);
    const send = vi.spyOn(env.JOBS, 'send');
    await submit(envWith(FAIL_SECRET), { email: 'f@example.com', turnstileToken: DUMMY_TOKEN });
    expect(verdicts(send)).toEqual([false]);
    expect(send.mock.calls.map(([job]) => (job as { lead: { unchecked?: boolean } }).lead.unchecked)).toEqual([
      undefined,
    ]);
  });
});

describe('Turnstile required in production', () => {
  const production = (extra: Partial<Env> = {}): Env => ({
    ...env,
    ENVIRONMENT: 'production',
    SITE_URL: 'https://site.test',
    LEAD_STORE: 'd1',
    WHATSAPP_TOKEN: 'token',
    WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
    ...extra,
  });

  it('with WhatsApp but without Turnstile: says so, stores the lead, writes to no stranger', async () => {
    allowConsoleErrors();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const send = vi.spyOn(env.JOBS, 'send');
    const res = await submit(production(), { email: 'prod@example.com' });
    expect(res.status).toBe(201);
    expect(verdicts(send)).toEqual([false]);
    expect(logged.mock.calls.flat().join(' ')).toContain('TURNSTILE_DISABLED=1');
  });

  it('stores a verified submission even when SITE_URL is misconfigured (the pages fail loud instead)', async () => {
    allowConsoleErrors();
    vi.stubGlobal('fetch', createTurnstileStandin().fetch);
    const send = vi.spyOn(env.JOBS, 'send');
    const broken = production({
      ...envWith(PASS_SECRET),
      ENVIRONMENT: 'production',
      SITE_URL: 'http://not-https.example',
      LEAD_STORE: 'd1',
    });
    const res = await submit(broken, { email: 'prod3@example.com', turnstileToken: DUMMY_TOKEN });
    expect(res.status).toBe(201);
    expect(verdicts(send)).toEqual([true]);
  });

  it('TURNSTILE_DISABLED=1 runs without it deliberately', async () => {
    const send = vi.spyOn(env.JOBS, 'send');
    expect((await submit(production({ TURNSTILE_DISABLED: '1' }), { email: 'prod2@example.com' })).status).toBe(201);
    expect(verdicts(send)).toEqual([true]);
  });
});

describe('Turnstile in the page', () => {
  it('exposes only the site key, and only when Turnstile is configured', async () => {
    const render = async (workerEnv: Env) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request('https://site.test/quiz'), workerEnv, ctx);
      await waitOnExecutionContext(ctx);
      return res.text();
    };
    expect(await render(env)).not.toContain('turnstile-site-key');
    const on = await render(envWith(PASS_SECRET));
    expect(on).toContain(`<meta name="turnstile-site-key" content="${PASS_SITE_KEY}"/>`);
    expect(on).not.toContain(PASS_SECRET);
  });
});

describe('a plain form post (no JavaScript, so no token) while Turnstile is on', () => {
  it('stores the enquiry and tells the owners, but sends nothing to the number it carries', async () => {
    const standin = createTurnstileStandin();
    vi.stubGlobal('fetch', standin.fetch);
    const send = vi.spyOn(env.JOBS, 'send');
    const id = crypto.randomUUID();
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request('https://site.test/api/enquiry', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://site.test',
          'cf-connecting-ip': visitorAddress(),
        },
        body: new URLSearchParams({
          submissionId: id,
          name: 'Ravi Kumar',
          phone: '+91 98123 45678',
          email: 'ravi@example.com',
        }).toString(),
        redirect: 'manual',
      }),
      envWith(PASS_SECRET),
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?enquiry=sent#sent');
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM enquiries WHERE id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(1);
    // No token, so siteverify is not asked; the notify job says the number is not verified.
    expect(standin.calls).toHaveLength(0);
    expect(verdicts(send)).toEqual([false]);
  });
});
