/** Issue 6: optional Turnstile, verified on the server, tokens single-use, off by default. */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../src/index';
import type { Env } from '../src/env';
import {
  DUMMY_TOKEN,
  FAIL_SECRET,
  PASS_SECRET,
  PASS_SITE_KEY,
  VERIFY_URL,
  createTurnstileStandin,
} from './standins/turnstile';

afterEach(() => vi.unstubAllGlobals());

function envWith(secret: string): Env {
  return { ...env, TURNSTILE_SITE_KEY: PASS_SITE_KEY, TURNSTILE_SECRET_KEY: secret, TURNSTILE_VERIFY_URL: VERIFY_URL };
}

async function submit(workerEnv: Env, body: object) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request('https://site.test/api/newsletter', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '203.0.113.7' },
      body: JSON.stringify(body),
    }),
    workerEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: (await res.json()) as { ok: boolean; error?: { code: string } } };
}

const count = async (id: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM news_letter WHERE id = ?').bind(id).first<{ n: number }>())?.n;

describe('Turnstile', () => {
  it('is off by default: no token needed, siteverify never called', async () => {
    const standin = createTurnstileStandin();
    vi.stubGlobal('fetch', standin.fetch);
    const res = await submit(env, { email: 'plain@example.com' });
    expect(res.status).toBe(201);
    expect(standin.calls).toHaveLength(0);
  });

  it('when configured, accepts a valid token once and refuses its reuse', async () => {
    const standin = createTurnstileStandin();
    vi.stubGlobal('fetch', standin.fetch);
    const first = crypto.randomUUID();
    expect(
      (await submit(envWith(PASS_SECRET), { submissionId: first, email: 'a@example.com', turnstileToken: DUMMY_TOKEN }))
        .status,
    ).toBe(201);
    expect(standin.calls[0]).toEqual({ secret: PASS_SECRET, response: DUMMY_TOKEN, remoteip: '203.0.113.7' });
    const second = crypto.randomUUID();
    const reused = await submit(envWith(PASS_SECRET), {
      submissionId: second,
      email: 'b@example.com',
      turnstileToken: DUMMY_TOKEN,
    });
    expect(reused).toEqual({
      status: 403,
      body: { ok: false, error: { code: 'verification_failed', message: expect.any(String) } },
    });
    expect([await count(first), await count(second)]).toEqual([1, 0]);
  });

  it('refuses a missing token and a token the always-fail secret rejects', async () => {
    const standin = createTurnstileStandin();
    vi.stubGlobal('fetch', standin.fetch);
    expect((await submit(envWith(PASS_SECRET), { email: 'c@example.com' })).status).toBe(403);
    expect(
      (await submit(envWith(FAIL_SECRET), { email: 'c@example.com', turnstileToken: 'XXXX.DUMMY.TOKEN.2' })).status,
    ).toBe(403);
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
