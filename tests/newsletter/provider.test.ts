/**
 * The newsletter tool's port: each signup becomes a `newsletter` job that reaches Kit or Mailchimp through the
 * delivery ledger (at most once, retried while the tool is down or limits the rate, recorded as failed when it
 * refuses), an unsubscribe on the site is sent on, and a refusing tool shows on the desk and in the health check.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../src/env';
import { checkHealth } from '../../src/health/run';
import { D1LeadStore } from '../../src/store/leads/leads-d1';
import { signUnsubscribe } from '../../src/newsletter/token';
import { parseConfig } from '../../src/config/index';
import { newsletterLead } from '../fixtures/leads';
import { captureQueue, deliver, ledgerRows } from '../support/queue';
import { allowConsoleErrors } from '../setup';
import {
  createNewsletterStandin,
  MAILCHIMP_KEY,
  MAILCHIMP_LIST_ID,
  newsletterEnv,
} from '../standins/newsletter/newsletter';
import { visitorAddress } from '../support/api';
import worker from '../../src/index';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const address = () => `reader-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A subscriber stored in D1 (the test Worker's store), with its subscribe job. */
async function subscriber(email = address()) {
  const lead = newsletterLead({ email });
  await new D1LeadStore(env.DB).save(lead);
  return { lead, job: { type: 'newsletter', action: 'subscribe', subscriptionId: lead.id, email } as const };
}

const rows = (id: string) =>
  ledgerRows<{
    template: string;
    recipient: string;
    status: string;
    channel: string;
    attempts: number;
    audience: string;
  }>(id, 'template, recipient, status, channel, attempts, audience, last_error_code AS code');

/** Moves a subscription's ledger rows a day and an hour back, past the one sign-up a day per address. */
async function dayLater(submissionId: string) {
  const before = new Date(Date.now() - 25 * 3_600_000).toISOString();
  await env.DB.prepare('UPDATE deliveries SET created_at = ?, updated_at = ? WHERE submission_id = ?')
    .bind(before, before, submissionId)
    .run();
}

/** What the self-check says of the newsletter tool now. */
const toolHealth = async (workerEnv: Env) => (await checkHealth(workerEnv)).checks.find((c) => c.name === 'newsletter');

/**
 * A sign-up to an address the tool has as unsubscribed: the desk says so and offers no Resend, and the self-check
 * does not count it as the tool refusing (it says what it said before the sign-up).
 */
async function expectLeftInTool(workerEnv: Env, submissionId: string, tool: string, healthBefore: unknown) {
  const page = await (await fetchWorker(workerEnv, `/desk/leads/newsletter/${submissionId}`)).text();
  expect(page).toContain(`Not subscribed again: ${tool} has this address as unsubscribed`);
  expect(page).not.toContain('name="recipient" value="subscriber"');
  expect(await toolHealth(workerEnv)).toEqual(healthBefore);
}

async function fetchWorker(workerEnv: Env, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://127.0.0.1:8787${path}`, init), workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe('a signup becomes a newsletter job', () => {
  it('queues one newsletter job beside the notify job when a provider is set, and none without', async () => {
    const withKit = newsletterEnv('kit');
    const queued = captureQueue(withKit);
    const email = address();
    const res = await fetchWorker(withKit, '/api/newsletter', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': visitorAddress() },
      body: JSON.stringify({ email, consent: 'newsletter-2026-11-22' }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(queued.map((j) => j.type)).toEqual(['notify', 'newsletter']);
    expect(queued[1]).toEqual({ type: 'newsletter', action: 'subscribe', subscriptionId: id, email, verified: true });

    vi.restoreAllMocks();
    const plain = { ...env } as Env;
    const none = captureQueue(plain);
    const again = await fetchWorker(plain, '/api/newsletter', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': visitorAddress() },
      body: JSON.stringify({ email: address(), consent: 'newsletter-2026-11-22' }),
    });
    expect(again.status).toBe(201);
    expect(none.map((j) => j.type)).toEqual(['notify']);
  });
});

describe('Kit', () => {
  it('creates the subscriber inactive, adds them to the form (its double opt-in goes out) and records it sent', async () => {
    const standin = createNewsletterStandin().install();
    const { lead, job } = await subscriber();
    const result = await deliver(job, { env: newsletterEnv('kit') });
    expect(result.explicitAcks).toContain(result.id);
    expect(standin.kit.calls).toEqual([
      { method: 'GET', path: '/v4/subscribers' },
      { method: 'POST', path: '/v4/subscribers' },
      { method: 'POST', path: '/v4/forms/1234567/subscribers' },
    ]);
    expect(standin.kit.subscribers.get(lead.email)).toMatchObject({ state: 'inactive' });
    expect(standin.kit.optIns).toEqual([{ formId: 1234567, email: lead.email }]);
    expect(await rows(lead.id)).toEqual([
      {
        template: 'newsletter_subscribe',
        recipient: lead.email,
        status: 'sent',
        channel: 'kit',
        attempts: 1,
        audience: 'newsletter',
        code: null,
      },
    ]);
  });

  it('never calls Kit twice for one signup: a redelivered job finds it sent', async () => {
    const standin = createNewsletterStandin().install();
    const { job } = await subscriber();
    await deliver(job, { env: newsletterEnv('kit') });
    await deliver(job, { env: newsletterEnv('kit'), attempts: 2 });
    expect(standin.kit.calls).toHaveLength(3);
    expect(standin.kit.optIns).toHaveLength(1);
  });

  it('records a refusal (a wrong key: 401) as failed, with Kit’s answer, and does not retry it', async () => {
    allowConsoleErrors();
    const standin = createNewsletterStandin().install();
    standin.kit.apiKey = 'another-key';
    const { lead, job } = await subscriber();
    const result = await deliver(job, { env: newsletterEnv('kit') });
    expect(result.explicitAcks).toContain(result.id);
    const [row] = await ledgerRows<Record<string, unknown>>(lead.id, 'status, last_error_code, last_error_message');
    expect(row).toEqual({
      status: 'failed',
      last_error_code: '401',
      last_error_message: 'The access token is invalid',
    });
    // The refused lookup is the only call: the redelivered job finds the row failed and sends nothing.
    await deliver(job, { env: newsletterEnv('kit'), attempts: 2 });
    expect(standin.kit.calls).toEqual([{ method: 'GET', path: '/v4/subscribers' }]);
  });

  it('records a missing form (404) as failed after the subscriber was created', async () => {
    allowConsoleErrors();
    const standin = createNewsletterStandin().install();
    const { lead, job } = await subscriber();
    await deliver(job, { env: newsletterEnv('kit', { KIT_FORM_ID: '999' }) });
    expect(standin.kit.optIns).toEqual([]);
    expect(await rows(lead.id)).toMatchObject([{ status: 'failed', code: '404' }]);
  });

  it.each([
    ['a rate limit (429)', { status: 429, times: 1 }],
    ['a server error (503)', { status: 503, times: 1 }],
  ])('retries %s with the backoff, then sends once', async (_name, fail) => {
    allowConsoleErrors();
    const standin = createNewsletterStandin().install();
    standin.kit.fail = fail;
    const { lead, job } = await subscriber();
    const first = await deliver(job, { env: newsletterEnv('kit') });
    expect(first.retryMessages).toEqual([{ msgId: first.id }]);
    expect(first.delays).toEqual([10]);
    expect(await rows(lead.id)).toMatchObject([{ status: 'pending', attempts: 1, code: String(fail.status) }]);
    const second = await deliver(job, { env: newsletterEnv('kit'), attempts: 2, id: first.id });
    expect(second.explicitAcks).toContain(first.id);
    expect(await rows(lead.id)).toMatchObject([{ status: 'sent', attempts: 2 }]);
    expect(standin.kit.optIns).toEqual([{ formId: 1234567, email: lead.email }]);
  });

  it('retries a dropped connection', async () => {
    allowConsoleErrors();
    const standin = createNewsletterStandin().install();
    standin.dropNext();
    const { lead, job } = await subscriber();
    const first = await deliver(job, { env: newsletterEnv('kit') });
    expect(first.retryMessages).toHaveLength(1);
    expect(await rows(lead.id)).toMatchObject([{ status: 'pending', code: 'network' }]);
    await deliver(job, { env: newsletterEnv('kit'), attempts: 2 });
    expect(await rows(lead.id)).toMatchObject([{ status: 'sent' }]);
  });

  it('sends nothing for a subscription that was unsubscribed or erased before its job ran', async () => {
    const standin = createNewsletterStandin().install();
    const { lead, job } = await subscriber();
    await new D1LeadStore(env.DB).markUnsubscribed(lead.id, new Date().toISOString());
    await deliver(job, { env: newsletterEnv('kit') });
    const erased = { ...job, subscriptionId: crypto.randomUUID() };
    await deliver(erased, { env: newsletterEnv('kit') });
    expect(standin.kit.calls).toEqual([]);
    expect(await rows(lead.id)).toEqual([]);
  });

  it('never adds a subscriber who left Kit (cancelled, complained, bounced) to the form again', async () => {
    allowConsoleErrors();
    const standin = createNewsletterStandin().install();
    const kitEnv = newsletterEnv('kit');
    for (const state of ['cancelled', 'complained', 'bounced'] as const) {
      const email = address();
      const first = await subscriber(email);
      await deliver(first.job, { env: kitEnv });
      // They left in Kit itself (its own unsubscribe link, a spam complaint, a bounce), then a day later sign up
      // on the site again.
      standin.kit.subscribers.get(email)!.state = state;
      await dayLater(first.lead.id);
      const second = await subscriber(email);
      standin.kit.calls.splice(0);
      const before = await toolHealth(kitEnv);
      await deliver(second.job, { env: kitEnv });
      expect(standin.kit.calls).toEqual([{ method: 'GET', path: '/v4/subscribers' }]);
      expect(standin.kit.subscribers.get(email)?.state).toBe(state);
      expect(standin.kit.optIns.filter((o) => o.email === email)).toHaveLength(1);
      expect(await rows(second.lead.id)).toMatchObject([{ status: 'failed', code: 'unsubscribed' }]);
      await expectLeftInTool(kitEnv, second.lead.id, 'Kit', before);
    }
  });

  it('adds a subscriber Kit already has (active) to the form without creating them again', async () => {
    const standin = createNewsletterStandin().install();
    const kitEnv = newsletterEnv('kit');
    const email = address();
    const first = await subscriber(email);
    await deliver(first.job, { env: kitEnv });
    standin.kit.subscribers.get(email)!.state = 'active';
    await dayLater(first.lead.id);
    const second = await subscriber(email);
    standin.kit.calls.splice(0);
    await deliver(second.job, { env: kitEnv });
    expect(standin.kit.calls).toEqual([
      { method: 'GET', path: '/v4/subscribers' },
      { method: 'POST', path: '/v4/forms/1234567/subscribers' },
    ]);
    expect(standin.kit.subscribers.get(email)?.state).toBe('active');
    expect(await rows(second.lead.id)).toMatchObject([{ status: 'sent' }]);
  });

  it('sends an unsubscribe made on the site on to Kit, which cancels the subscriber', async () => {
    const standin = createNewsletterStandin().install();
    const kitEnv = newsletterEnv('kit');
    const { lead, job } = await subscriber();
    await deliver(job, { env: kitEnv });
    const queued = captureQueue(kitEnv);
    const token = await signUnsubscribe('development-only-unsubscribe-secret', lead.id);
    const res = await fetchWorker(kitEnv, `/unsubscribe?t=${token}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(queued).toEqual([{ type: 'newsletter', action: 'unsubscribe', subscriptionId: lead.id, email: lead.email }]);
    await deliver(queued[0], { env: kitEnv });
    expect(standin.kit.subscribers.get(lead.email)?.state).toBe('cancelled');
    expect((await rows(lead.id)).map((r) => [r.template, r.status])).toEqual([
      ['newsletter_subscribe', 'sent'],
      ['newsletter_unsubscribe', 'sent'],
    ]);
    // Replaying the link queues nothing more: the tool is told once.
    queued.splice(0);
    await fetchWorker(kitEnv, `/unsubscribe?t=${token}`, { method: 'POST' });
    expect(queued).toEqual([]);
  });
});

describe('Mailchimp', () => {
  it('upserts the member by the MD5 of the lower-cased address, pending, at the data centre of the key', async () => {
    const standin = createNewsletterStandin().install();
    const { lead, job } = await subscriber(`Mixed.Case-${crypto.randomUUID().slice(0, 6)}@Example.com`);
    await deliver(job, { env: newsletterEnv('mailchimp') });
    const hash = await standin.md5(lead.email.toLowerCase());
    expect(standin.mailchimp.calls).toEqual([
      { method: 'PUT', path: `/3.0/lists/${MAILCHIMP_LIST_ID}/members/${hash}` },
    ]);
    expect(standin.mailchimp.members.get(`${MAILCHIMP_LIST_ID}/${hash}`)).toMatchObject({ status: 'pending' });
    expect(standin.mailchimp.confirmations).toHaveLength(1);
    expect(await rows(lead.id)).toMatchObject([{ status: 'sent', channel: 'mailchimp' }]);
  });

  it('refuses a key of another data centre (401, failed), and a missing list (404, failed)', async () => {
    allowConsoleErrors();
    createNewsletterStandin().install();
    const wrongDc = await subscriber();
    await deliver(wrongDc.job, {
      env: newsletterEnv('mailchimp', { MAILCHIMP_API_URL: 'https://us9.mailchimp.standin.test' } as Partial<Env>),
    });
    expect(await rows(wrongDc.lead.id)).toMatchObject([{ status: 'failed', code: '401' }]);
    const noList = await subscriber();
    await deliver(noList.job, { env: newsletterEnv('mailchimp', { MAILCHIMP_LIST_ID: 'nolist' } as Partial<Env>) });
    expect(await rows(noList.lead.id)).toMatchObject([{ status: 'failed', code: '404' }]);
  });

  it('sets the member unsubscribed when they unsubscribe on the site, and never pending again: a later signup changes nothing', async () => {
    allowConsoleErrors();
    const standin = createNewsletterStandin().install();
    const mcEnv = newsletterEnv('mailchimp');
    const email = address();
    const first = await subscriber(email);
    await deliver(first.job, { env: mcEnv });
    await deliver({ ...first.job, action: 'unsubscribe' }, { env: mcEnv });
    const member = `${MAILCHIMP_LIST_ID}/${await standin.md5(email)}`;
    expect(standin.mailchimp.members.get(member)?.status).toBe('unsubscribed');
    // A day later (the ledger's one sign-up a day per address has passed), they sign up on the site again.
    await dayLater(first.lead.id);
    const second = await subscriber(email);
    standin.mailchimp.calls.splice(0);
    const before = await toolHealth(mcEnv);
    await deliver(second.job, { env: mcEnv });
    expect(standin.mailchimp.calls.map((c) => c.method)).toEqual(['PUT']);
    expect(standin.mailchimp.members.get(member)?.status).toBe('unsubscribed');
    expect(standin.mailchimp.confirmations).toHaveLength(1);
    expect(await rows(second.lead.id)).toMatchObject([{ status: 'failed', code: 'unsubscribed' }]);
    await expectLeftInTool(mcEnv, second.lead.id, 'Mailchimp', before);
  });

  it('needs nothing more when the list never had the address it unsubscribes', async () => {
    createNewsletterStandin().install();
    const { lead, job } = await subscriber();
    await deliver({ ...job, action: 'unsubscribe' }, { env: newsletterEnv('mailchimp') });
    expect(await rows(lead.id)).toMatchObject([{ template: 'newsletter_unsubscribe', status: 'sent' }]);
  });
});

describe('a refusing tool is seen', () => {
  it('on the subscriber’s desk page, with the tool’s answer and Resend, and in the health check', async () => {
    allowConsoleErrors();
    const standin = createNewsletterStandin().install();
    standin.kit.apiKey = 'rotated-elsewhere';
    const kitEnv = newsletterEnv('kit');
    const { lead, job } = await subscriber();
    await deliver(job, { env: kitEnv });
    const page = await (await fetchWorker(kitEnv, `/desk/leads/newsletter/${lead.id}`)).text();
    expect(page).toContain('Sign-up sent on (double opt-in)');
    expect(page).toContain('Kit answered 401: The access token is invalid');
    expect(page).toContain('name="recipient" value="subscriber"');
    const health = await checkHealth(kitEnv);
    expect(health.checks.find((c) => c.name === 'newsletter')).toMatchObject({ ok: false });
    expect(health.checks.find((c) => c.name === 'newsletter')?.detail).toContain('Kit refused');

    // The owners fix the key and resend from the page: the same row is sent, once.
    standin.kit.apiKey = 'kit-test-key-1';
    const queued = captureQueue(kitEnv);
    const resend = await fetchWorker(kitEnv, `/desk/leads/newsletter/${lead.id}/resend`, {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:8787', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'template=newsletter_subscribe&recipient=subscriber',
    });
    expect(resend.status).toBe(303);
    expect(queued).toEqual([{ type: 'replay-deliveries' }]);
    await deliver(queued[0], { env: kitEnv });
    expect(await rows(lead.id)).toMatchObject([{ status: 'sent', channel: 'kit' }]);
    expect(standin.kit.optIns).toEqual([{ formId: 1234567, email: lead.email }]);
  });

  it('in the health check when a provider is named without its settings outside development', () => {
    const config = parseConfig({ ENVIRONMENT: 'production', NEWSLETTER_PROVIDER: 'mailchimp' });
    expect(config.newsletter.provider).toMatchObject({ name: 'mailchimp', ok: false });
    expect(config.problems.map((p) => p.setting)).toEqual(
      expect.arrayContaining(['MAILCHIMP_API_KEY', 'MAILCHIMP_LIST_ID', 'UNSUBSCRIBE_SECRET']),
    );
    expect(parseConfig({ NEWSLETTER_PROVIDER: 'kit' }).newsletter.provider).toMatchObject({ ok: false });
    expect(
      parseConfig({ NEWSLETTER_PROVIDER: 'mailchimp', MAILCHIMP_API_KEY: MAILCHIMP_KEY, MAILCHIMP_LIST_ID: 'x' })
        .newsletter.provider,
    ).toMatchObject({ ok: true, apiUrl: 'https://us21.api.mailchimp.com' });
  });
});
