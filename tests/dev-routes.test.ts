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
import { allowConsoleErrors } from './setup';
import { post, row } from './support/api';
import { readConfig } from '../src/env';
import { leadsWithoutCall } from '../src/notify/nudges/no-call';
import { getLeadStore } from '../src/store/leads/open';
import type { BookingRecord } from '../src/store/bookings/bookings';
import { getBookingStore } from '../src/store/bookings/open';

const HOUR = 3_600_000;

async function request(workerEnv: Env, url: string, method = 'GET') {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(url, { method }), workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  const body = await res.text();
  // The page carries a fresh CSP nonce and fresh form submission ids per request, and its forms the attribution of
  // the request (its own path): compare everything else.
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: res.headers.get('content-type')?.startsWith('text/html')
      ? body
          .replace(/nonce-[\w+/=-]+|nonce="[^"]*"/g, '')
          .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'uuid')
          .replace(/name="attribution" value="[^"]*"/g, 'name="attribution"')
      : body,
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
            unsubscribed_at: null,
            quiz_id: null,
            tags: null,
            verdict: 'verified',
            // What the submission id belongs to: a repeat with another body is refused by it.
            body_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          },
        ],
        enquiries: [],
      },
    });
    const byId = await request(env, `http://localhost:8787/__dev/leads?id=${stored.body.id}`);
    expect(JSON.parse(byId.body).leads.news_letter).toHaveLength(1);

    // The delivery ledger: every row, or one submission's, with who was told what and why (not the texts).
    const at = new Date().toISOString();
    await env.DB.prepare(
      `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, skip_reason, attempts, components, created_at, updated_at)
       VALUES (?, 'journey_owner', '+919800000001', 'newsletter', 'owner', 'skipped', 'hourly_cap', 0, '[{"secret":"text"}]', ?, ?)`,
    )
      .bind(stored.body.id, at, at)
      .run();
    const ledger = await request(env, `http://127.0.0.1:8787/__dev/deliveries?submission=${stored.body.id}`);
    expect(ledger.status).toBe(200);
    expect(JSON.parse(ledger.body)).toEqual({
      ok: true,
      deliveries: [
        {
          submission_id: stored.body.id,
          lead_kind: 'newsletter',
          template: 'journey_owner',
          recipient: '+919800000001',
          audience: 'owner',
          status: 'skipped',
          skip_reason: 'hourly_cap',
          digest_hour: null,
          attempts: 0,
          last_error_code: null,
          created_at: at,
          updated_at: at,
          sent_at: null,
          channel: null,
          provider_message_id: null,
          receipt: null,
          receipt_at: null,
          receipt_error_code: null,
        },
      ],
    });
    const all = JSON.parse((await request(env, 'http://localhost:8787/__dev/deliveries')).body);
    expect(all.deliveries.map((d: { submission_id: string }) => d.submission_id)).toContain(stored.body.id);

    await env.FEEDS.put(FEEDS_KEY, '{}');
    expect((await request(env, 'http://127.0.0.1:8787/__dev/feeds/reset', 'POST')).status).toBe(200);
    expect(await env.FEEDS.get(FEEDS_KEY)).toBeNull();
  });

  it('in development on loopback: the Sources report as JSON, for a period the page offers', async () => {
    const report = await request(env, 'http://127.0.0.1:8787/__dev/sources-report?days=90');
    expect(report.status).toBe(200);
    expect(JSON.parse(report.body)).toMatchObject({ ok: true, report: { days: 90, quizSource: null } });
    expect((await request(env, 'http://127.0.0.1:8787/__dev/sources-report?days=5')).status).toBe(400);
  });

  it('in development on loopback: a stored call moved back in time, its outcome kept', async () => {
    const start = Date.now() + 2 * HOUR;
    const iso = (ms: number) => new Date(ms).toISOString();
    const at = iso(Date.now() - 24 * HOUR);
    const id = `uid-${crypto.randomUUID()}`;
    const created = { event: 'created' as const, at, startAt: iso(start + HOUR), endAt: iso(start + 2 * HOUR) };
    const booking: BookingRecord = {
      ...{ provider: 'calcom', id, status: 'booked', name: 'A', email: 'a@example.com', eventAt: at, receivedAt: at },
      startAt: iso(start),
      endAt: iso(start + HOUR),
      history: [created, { event: 'rescheduled', at, startAt: iso(start), endAt: iso(start + HOUR) }],
    };
    const store = getBookingStore(env);
    await store.put(booking);
    await store.setOutcome('calcom', id, { value: 'attended', by: 'owner@localhost', at });
    const pass = `http://127.0.0.1:8787/__dev/bookings/pass?provider=calcom&id=${id}&hours=3`;
    expect((await request(env, pass, 'POST')).status).toBe(200);
    const moved = await store.get('calcom', id);
    expect(moved).toMatchObject({ startAt: iso(start - 3 * HOUR), endAt: iso(start - 2 * HOUR) });
    // Only the history's current step moves: the first one stays as the tool sent it.
    expect(moved!.history).toEqual([
      created,
      { ...booking.history[1], startAt: iso(start - 3 * HOUR), endAt: iso(start - 2 * HOUR) },
    ]);
    expect(moved!.outcome?.value).toBe('attended');
    expect((await request(env, pass.replace('hours=3', 'hours=-1'), 'POST')).status).toBe(400);
    expect((await request(env, pass.replace(id, 'uid-none'), 'POST')).status).toBe(404);
  });

  it('in development on loopback: a stored quiz response aged, its search rows with it, so "No call yet" lists it', async () => {
    const email = `aged-${crypto.randomUUID()}@example.com`;
    const answers = { '0': 'Health', '1': '26-39', '2': 'I know a little' };
    const stored = await post('quiz', { answers, contact: { first: 'Asha', last: 'Verma', email } });
    expect(stored.status).toBe(201);
    const id: string = stored.body.id;
    const arrived = String((await row('quiz_responses', id))!.created_at);
    const now = new Date();
    expect((await leadsWithoutCall(env, now)).map((l) => l.id)).not.toContain(id);

    const hours = readConfig(env).alerts.nudgeNoCallHours + 1;
    const aged = await request(env, `http://127.0.0.1:8787/__dev/leads/age?kind=quiz&id=${id}&hours=${hours}`, 'POST');
    const arrivedAt = new Date(Date.parse(arrived) - hours * HOUR).toISOString();
    expect([aged.status, JSON.parse(aged.body)]).toEqual([200, { ok: true, arrivedAt }]);
    expect((await row('quiz_responses', id))!.created_at).toBe(arrivedAt);
    const { results } = await env.DB.prepare('SELECT created_at FROM lead_search WHERE kind = ? AND id = ?')
      .bind('quiz', id)
      .all<{ created_at: string }>();
    expect(results.length).toBeGreaterThan(0);
    expect(results.map((r) => r.created_at)).toEqual(results.map(() => arrivedAt));
    // Listed and searched by its new arrival time alike, and now a quiz lead that booked no call in time.
    const found = await getLeadStore(env).list({ kind: 'quiz', q: email, limit: 5 });
    expect(found.leads.map((l) => [l.id, l.createdAt])).toEqual([[id, arrivedAt]]);
    expect((await leadsWithoutCall(env, now)).map((l) => l.id)).toContain(id);

    // Bad input is refused by what is wrong, and changes nothing.
    const age = (query: string) => request(env, `http://127.0.0.1:8787/__dev/leads/age?${query}`, 'POST');
    for (const query of [
      `kind=quiz&id=${id}&hours=-1`,
      `kind=quiz&id=${id}&hours=soon`,
      `kind=call&id=${id}&hours=1`,
    ]) {
      const bad = await age(query);
      expect([bad.status, JSON.parse(bad.body).ok]).toEqual([400, false]);
    }
    expect((await age('kind=quiz&hours=1')).status).toBe(400);
    expect((await age('kind=quiz&id=no-such-lead&hours=1')).status).toBe(404);
    expect((await row('quiz_responses', id))!.created_at).toBe(arrivedAt);
  });

  it('runs the owner nudges as if it were the time given, answering counts only; a bad time is refused', async () => {
    const nudges = 'http://127.0.0.1:8787/__dev/nudges?at=';
    const ran = await request(env, `${nudges}2030-01-01T00%3A00%3A00Z`, 'POST');
    expect(ran.status).toBe(200);
    expect(JSON.parse(ran.body)).toEqual({ ok: true, nudges: { nudges: expect.any(Number), retry: 0, failed: 0 } });
    const bad = await request(env, `${nudges}soon`, 'POST');
    expect([bad.status, JSON.parse(bad.body)]).toEqual([400, { ok: false, error: 'at: an ISO date and time' }]);
  });

  it.each([
    ['staging', 'http://127.0.0.1:8787', '1'],
    ['production', 'http://127.0.0.1:8787', '1'],
    ['development', 'https://site.test', '1'],
    [undefined, 'https://priya.example', '1'],
    // `HOST=0.0.0.0 npm run dev`: the server listens beyond loopback (no DEV_LOOPBACK_ONLY), and another machine
    // on the network sends a request that claims a loopback Host.
    ['development', 'http://127.0.0.1:8787', undefined],
    ['development', 'http://localhost:8787', undefined],
    ['development', 'http://[::1]:8787', undefined],
  ])('with ENVIRONMENT %s at %s (DEV_LOOPBACK_ONLY %s) they do not exist', async (environment, origin, loopback) => {
    // Deployed environments need an https SITE_URL; the dev routes must be absent whatever the address.
    const siteUrl = environment === 'staging' || environment === 'production' ? 'https://site.test' : env.SITE_URL;
    const workerEnv = {
      ...env,
      ENVIRONMENT: environment,
      SITE_URL: siteUrl,
      YOUTUBE_SAMPLE_FEEDS: '1',
      DEV_LOOPBACK_ONLY: loopback,
    } as Env;
    await request(workerEnv, `${origin}/`); // fills the feeds cache
    const cached = await env.FEEDS.get(FEEDS_KEY);
    expect(cached).not.toBeNull();
    for (const [path, method, absent] of [
      ['/__dev/leads?email=a%40b.co', 'GET', '/no-such-page?email=a%40b.co'],
      ['/__dev/deliveries', 'GET', '/no-such-page'],
      ['/__dev/deliveries?submission=x', 'GET', '/no-such-page?submission=x'],
      ['/__dev/feeds/reset', 'POST', '/no-such-page'],
      ['/__dev/sources-report?days=90', 'GET', '/no-such-page?days=90'],
      ['/__dev/reminders?at=2030-01-01T00%3A00%3A00Z', 'POST', '/no-such-page?at=2030-01-01T00%3A00%3A00Z'],
      ['/__dev/nudges?at=2030-01-01T00%3A00%3A00Z', 'POST', '/no-such-page?at=2030-01-01T00%3A00%3A00Z'],
      ['/__dev/bookings/pass?provider=calcom&id=x&hours=2', 'POST', '/no-such-page?provider=calcom&id=x&hours=2'],
      ['/__dev/leads/age?kind=quiz&id=x&hours=2', 'POST', '/no-such-page?kind=quiz&id=x&hours=2'],
      ['/__dev/guides/request', 'POST', '/no-such-page'],
    ] as const) {
      const answer = await request(workerEnv, origin + path, method);
      expect(answer).toEqual(await request(workerEnv, origin + absent, method));
      expect(answer.body).not.toContain('"leads"');
      expect(answer.body).not.toContain('"deliveries"');
      expect(answer.body).not.toContain('"report"');
      expect(answer.body).not.toContain('"reminders"');
      expect(answer.body).not.toContain('"nudges"');
      expect(answer.body).not.toContain('"arrivedAt"');
    }
    expect(await env.FEEDS.get(FEEDS_KEY)).toBe(cached);
    // Nor is anyone signed in to the desk as the local owner (the refusal is logged as an error).
    allowConsoleErrors();
    const desk = await request(workerEnv, `${origin}/desk`);
    expect(desk.status).toBe(403);
    expect(desk.body).not.toContain('owner@localhost');
  });
});
