/**
 * The development aids (/__dev/…) answer only in development on a loopback address; in staging
 * and production, or on any other host, a request to them gets exactly what a path that does not
 * exist gets.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../src/env';
import { FEEDS_KEY } from '../src/feeds/cache';
import worker from '../src/index';
import { post } from './support/api';

async function request(workerEnv: Env, url: string, method = 'GET') {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(url, { method }), workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  const body = await res.text();
  // The page carries a fresh CSP nonce per request: compare everything else.
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: body.replace(/nonce-[\w+/=-]+|nonce="[^"]*"/g, ''),
  };
}

describe('development aids', () => {
  it('in development on loopback: read the stored leads by email or id, and empty the feeds cache', async () => {
    const email = `dev-${crypto.randomUUID()}@example.com`;
    const stored = await post('newsletter', { email });
    expect(stored.status).toBe(201);
    const byEmail = await request(env, `http://127.0.0.1:8787/__dev/leads?email=${encodeURIComponent(email)}`);
    expect(byEmail.status).toBe(200);
    expect(JSON.parse(byEmail.body)).toEqual({
      ok: true,
      leads: {
        quiz_responses: [],
        news_letter: [
          {
            id: stored.body.id,
            email,
            subscribed_at: expect.any(String),
            consent: expect.stringContaining('"version":"newsletter-'),
            attribution: null,
          },
        ],
        enquiries: [],
      },
    });
    const byId = await request(env, `http://localhost:8787/__dev/leads?id=${stored.body.id}`);
    expect(JSON.parse(byId.body).leads.news_letter).toHaveLength(1);

    await env.FEEDS.put(FEEDS_KEY, '{}');
    expect((await request(env, 'http://127.0.0.1:8787/__dev/feeds/reset', 'POST')).status).toBe(200);
    expect(await env.FEEDS.get(FEEDS_KEY)).toBeNull();
  });

  it.each([
    ['staging', 'http://127.0.0.1:8787'],
    ['production', 'http://127.0.0.1:8787'],
    ['development', 'https://site.test'],
    [undefined, 'https://priya.example'],
  ])('with ENVIRONMENT %s at %s they do not exist', async (environment, origin) => {
    // Deployed environments need an https SITE_URL; the dev routes must be absent whatever the address.
    const siteUrl = environment === 'staging' || environment === 'production' ? 'https://site.test' : env.SITE_URL;
    const workerEnv = { ...env, ENVIRONMENT: environment, SITE_URL: siteUrl, YOUTUBE_SAMPLE_FEEDS: '1' } as Env;
    await request(workerEnv, `${origin}/`); // fills the feeds cache
    const cached = await env.FEEDS.get(FEEDS_KEY);
    expect(cached).not.toBeNull();
    for (const [path, method, absent] of [
      ['/__dev/leads?email=a%40b.co', 'GET', '/no-such-page?email=a%40b.co'],
      ['/__dev/feeds/reset', 'POST', '/no-such-page'],
    ] as const) {
      const answer = await request(workerEnv, origin + path, method);
      expect(answer).toEqual(await request(workerEnv, origin + absent, method));
      expect(answer.body).not.toContain('"leads"');
    }
    expect(await env.FEEDS.get(FEEDS_KEY)).toBe(cached);
  });
});
