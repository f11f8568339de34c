/**
 * Asking for a free guide (issue 59), on D1: POST /api/guide stores the request and queues its confirmation email,
 * sent once through the ledger from the result email's sender; the answer is the same 202 whatever happened. A
 * repeat within a day, a submission Turnstile refused and an address that bounced get nothing; a guide not offered
 * is a field error; a plain form post is sent on to the block.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import type { Env } from '../../src/env';
import { consent } from '../../src/words/privacy';
import { seedSampleGuide, SAMPLE_GUIDE_SLUG } from '../../src/dev-guides';
import { CONTENT_KEY, forgetPublished } from '../../src/store/site-content/published-content';
import { offeredGuide, requestGuide } from '../../src/guides/request';
import { getGuideStore } from '../../src/store/guides/open';
import { getToolEventStore } from '../../src/store/newsletter/open';
import { postForm, visitorAddress } from '../support/api';
import { captureQueue, consume, ledgerRows, takeJobs } from '../support/queue';
import { EmailStandin } from '../standins/email';
import { DUMMY_TOKEN, PASS_SECRET, PASS_SITE_KEY, VERIFY_URL, createTurnstileStandin } from '../standins/turnstile';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

beforeAll(async () => {
  await seedSampleGuide(env);
});
// The sample guide is published for this file alone: the files after it (one runtime, one database) start from the
// content a fresh site has.
afterAll(async () => {
  await env.DB.exec('DELETE FROM content_draft; DELETE FROM content_versions;');
  await env.FEEDS.delete(CONTENT_KEY);
  forgetPublished(env.FEEDS);
});

const FROM = 'priya@site.test';
const address = () => `guide-${crypto.randomUUID().slice(0, 8)}@example.com`;
/** A token the Turnstile stand-in verifies once, solved on this site for the guide form. */
const solved = () => `${DUMMY_TOKEN}:guide:${crypto.randomUUID()}`;

/** The site with Turnstile on (its stand-in), result emails from FROM to the email stand-in, the queue captured. */
function site() {
  const turnstile = createTurnstileStandin();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => turnstile.fetch(input, init));
  const email = new EmailStandin([FROM]);
  const workerEnv = {
    ...env,
    TURNSTILE_SITE_KEY: PASS_SITE_KEY,
    TURNSTILE_SECRET_KEY: PASS_SECRET,
    TURNSTILE_VERIFY_URL: VERIFY_URL,
    RESULT_EMAIL_FROM: FROM,
    EMAIL: email.binding,
  } as Env;
  const queued = captureQueue(workerEnv);
  return { workerEnv, email, queued };
}

/** Asks for a guide as the block's script does; the answer's status and body. */
async function ask(workerEnv: Env, to: string, { guide = SAMPLE_GUIDE_SLUG, token = solved() as string | null } = {}) {
  const ctx = createExecutionContext();
  const body = {
    submissionId: crypto.randomUUID(),
    consent: consent.notices.newsletter.version,
    guide,
    email: to,
    ...(token && { turnstileToken: token }),
  };
  const res = await worker.fetch(
    new Request('https://site.test/api/guide', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': visitorAddress() },
      body: JSON.stringify(body),
    }),
    workerEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The answer to every accepted request, whether an email went or not: it names the guide's block only. */
const ACCEPTED = { ok: true, next: `/?guide=${SAMPLE_GUIDE_SLUG}#guides` };
describe('POST /api/guide', () => {
  it('stores the request and emails the confirmation link once, from the result email’s sender', async () => {
    const { workerEnv, email, queued } = site();
    const to = address();
    expect(await ask(workerEnv, to)).toEqual({ status: 202, body: ACCEPTED });

    const [request, ...others] = await getGuideStore(workerEnv).forEmail(to);
    expect(others).toEqual([]);
    expect(request).toMatchObject({
      guide: SAMPLE_GUIDE_SLUG,
      guideTitle: 'The Five-Minute Reset',
      email: to,
      consent: { version: consent.notices.newsletter.version },
      source: 'direct',
      verified: true,
      downloads: 0,
    });
    expect(request!.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(request!.confirmedAt).toBeUndefined();

    const jobs = takeJobs(queued, 'guide-email');
    expect(jobs).toEqual([{ type: 'guide-email', requestId: request!.id, email: 'confirm' }]);
    // A redelivered job sends nothing twice: the ledger holds one email per request.
    await consume(workerEnv, [...jobs, ...jobs]);
    const [sent, ...more] = email.to(to);
    expect(more).toEqual([]);
    expect(sent!.from).toEqual({ email: FROM, name: 'Priya Raman' });
    expect(sent!.subject).toBe('Confirm your address for “The Five-Minute Reset”');
    expect(sent!.text).toMatch(/\/guides\/confirm\?t=[A-Za-z0-9_-]{22}\.[0-9a-z]+\.[A-Za-z0-9_-]{43}\n/);
    // The ledger keeps the email with the token cut short: the whole link is only in the email sent.
    const rows = await ledgerRows<{ template: string; status: string; audience: string; components: string }>(
      `guide:${request!.id}`,
      'template, status, audience, components',
    );
    expect(rows.map(({ template, status, audience }) => ({ template, status, audience }))).toEqual([
      { template: 'guide_confirm_email', status: 'sent', audience: 'visitor' },
    ]);
    const token = /t=([^\s]+)/.exec(sent!.text!)![1]!;
    expect(rows[0]!.components).not.toContain(token);
    expect(rows[0]!.components).toContain(`t=${token.slice(0, 4)}…`);
  });

  it('sends nothing new for a repeat within a day: the same answer, nothing stored, nothing queued', async () => {
    const { workerEnv, queued } = site();
    const to = address();
    expect(await ask(workerEnv, to)).toEqual({ status: 202, body: ACCEPTED });
    expect(takeJobs(queued, 'guide-email')).toHaveLength(1);
    expect(await ask(workerEnv, to.toUpperCase())).toEqual({ status: 202, body: ACCEPTED });
    expect(takeJobs(queued, 'guide-email')).toEqual([]);
    expect(await getGuideStore(workerEnv).forEmail(to)).toHaveLength(1);
  });

  it('a day after a request, the same address may ask again (a fixed clock)', async () => {
    const to = address();
    const { workerEnv } = site();
    const guide = (await offeredGuide(workerEnv, SAMPLE_GUIDE_SLUG))!;
    const queued = captureQueue(workerEnv);
    const input = { email: to, consent: consent.notices.newsletter.version, verified: true };
    const t0 = new Date('2026-03-02T08:00:00.000Z');
    expect(await requestGuide(workerEnv, guide, input, t0)).toBe('queued');
    expect(await requestGuide(workerEnv, guide, input, new Date(t0.getTime() + 23 * 3_600_000))).toBe('repeat');
    expect(await requestGuide(workerEnv, guide, input, new Date(t0.getTime() + 25 * 3_600_000))).toBe('queued');
    expect(takeJobs(queued, 'guide-email')).toHaveLength(2);
    expect(await getGuideStore(workerEnv).forEmail(to)).toHaveLength(2);
  });

  it('stores but sends nothing when Turnstile refused the submission, with the same answer', async () => {
    const { workerEnv, queued, email } = site();
    const to = address();
    expect(await ask(workerEnv, to, { token: null })).toEqual({ status: 202, body: ACCEPTED });
    const [request] = await getGuideStore(workerEnv).forEmail(to);
    expect(request!.verified).toBe(false);
    expect(takeJobs(queued, 'guide-email')).toEqual([]);
    // Even a job for it (queued by hand) sends nothing.
    await consume(workerEnv, [{ type: 'guide-email', requestId: request!.id, email: 'confirm' }]);
    expect(email.to(to)).toEqual([]);
  });

  it('sends nothing to an address that bounced or complained; an unsubscribed one may ask again', async () => {
    const { workerEnv, queued } = site();
    const events = getToolEventStore(workerEnv);
    const mark = async (to: string, kind: 'bounced' | 'complained' | 'unsubscribed') =>
      events.record({
        tool: 'kit',
        eventId: crypto.randomUUID(),
        email: to,
        kind,
        occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
        receivedAt: new Date().toISOString(),
      });
    const [bounced, complained, unsubscribed] = [address(), address(), address()];
    await mark(bounced, 'bounced');
    await mark(complained, 'complained');
    await mark(unsubscribed, 'unsubscribed');
    for (const to of [bounced, complained]) {
      expect(await ask(workerEnv, to)).toEqual({ status: 202, body: ACCEPTED });
      expect(takeJobs(queued, 'guide-email')).toEqual([]);
    }
    expect(await ask(workerEnv, unsubscribed)).toEqual({ status: 202, body: ACCEPTED });
    expect(takeJobs(queued, 'guide-email')).toHaveLength(1);
  });

  it('refuses a guide not offered by its field, storing and sending nothing', async () => {
    const { workerEnv, queued } = site();
    const to = address();
    const res = await ask(workerEnv, to, { guide: 'no-such-guide' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: { fields: { guide: 'This guide is no longer offered.' } } });
    // A site that sends no email (no RESULT_EMAIL_FROM) offers no guide: nobody would receive it.
    const silent = await ask({ ...workerEnv, RESULT_EMAIL_FROM: '' } as Env, to);
    expect(silent.status).toBe(400);
    expect(silent.body).toMatchObject({ ok: false, error: { fields: { guide: 'This guide is no longer offered.' } } });
    expect(await getGuideStore(workerEnv).forEmail(to)).toEqual([]);
    expect(queued).toEqual([]);
  });

  it('answers a plain form post (no JavaScript) with a 303 to the block, and a refused one with the page', async () => {
    const { workerEnv } = site();
    const to = address();
    const fields = { submissionId: crypto.randomUUID(), consent: consent.notices.newsletter.version, email: to };
    // A visitor's own address: the rate limit counts per client, and the files before this one posted too.
    const visitor = { 'cf-connecting-ip': visitorAddress() };
    const sent = await postForm(workerEnv, '/api/guide', { ...fields, guide: SAMPLE_GUIDE_SLUG }, visitor);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`/?guide=${SAMPLE_GUIDE_SLUG}#guides`);
    expect(await getGuideStore(workerEnv).forEmail(to)).toHaveLength(1);
    const refused = await postForm(workerEnv, '/api/guide', { ...fields, guide: 'no-such-guide' }, visitor);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('text/html');
  });
});
