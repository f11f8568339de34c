/**
 * No tool writes to an address nobody verified. A newsletter signup, or a quiz response whose newsletter box was
 * ticked, goes on to Kit or Mailchimp only when Turnstile verified it, or when siteverify could not be reached; an
 * unverified one is stored, its call skipped in the ledger as `unverified` (no call made), and the desk shows it
 * with "Send on", which reaches the tool. At most one signup call per address in 24 hours reaches the tool (a
 * repeat is skipped as `cap`). Kit's unsubscribe never creates a subscriber. The same with leads in D1 and in
 * Firestore (the job and the desk read the subscription from the lead store).
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import type { Env } from '../../src/env';
import { consent } from '../../src/words/privacy';
import type { Job, JobOf } from '../../src/queue/jobs';
import { subscriptionState } from '../../src/newsletter/state';
import { signUnsubscribe } from '../../src/newsletter/token';
import { getLeadStore } from '../../src/store/leads/open';
import { visitorAddress } from '../support/api';
import { EMULATOR_HOST, firestoreEnv } from '../support/firestore';
import { captureQueue, deliver, ledgerRows } from '../support/queue';
import { createNewsletterStandin, newsletterEnv } from '../standins/newsletter/newsletter';
import { DUMMY_TOKEN, PASS_SECRET, PASS_SITE_KEY, VERIFY_URL, createTurnstileStandin } from '../standins/turnstile';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DESK = 'http://127.0.0.1:8787';
const UNSUBSCRIBE_SECRET = 'development-only-unsubscribe-secret';

const address = () => `signup-${crypto.randomUUID().slice(0, 8)}@example.com`;
/** A token the Turnstile stand-in verifies once, solved on this site for `form`. */
const solved = (form: string) => `${DUMMY_TOKEN}:${form}:${crypto.randomUUID()}`;

/**
 * The site with Turnstile on (its stand-in), the newsletter tool at its stand-in, and leads in D1 or in the
 * Firestore stand-in; what the Worker queues is captured. `siteverify.down` makes siteverify unreachable.
 */
async function site(store: 'd1' | 'firestore', provider: 'kit' | 'mailchimp' = 'kit') {
  const turnstile = createTurnstileStandin();
  let next: ((request: Request) => Promise<Response>) | undefined;
  let storeVars = {};
  if (store === 'firestore') {
    const firestore = await firestoreEnv('emulator');
    next = (request) => firestore.standin.fetch(request);
    storeVars = { FIRESTORE_PROJECT_ID: firestore.projectId, FIRESTORE_EMULATOR_HOST: EMULATOR_HOST };
  }
  const tools = createNewsletterStandin(next);
  const siteverify = { down: false };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url !== VERIFY_URL) return tools.fetch(request);
    if (siteverify.down) throw new TypeError('Network connection lost.');
    return turnstile.fetch(request);
  });
  const workerEnv = newsletterEnv(provider, {
    TURNSTILE_SITE_KEY: PASS_SITE_KEY,
    TURNSTILE_SECRET_KEY: PASS_SECRET,
    TURNSTILE_VERIFY_URL: VERIFY_URL,
    ...storeVars,
  } as Partial<Env>);
  const queued = captureQueue(workerEnv);
  return { workerEnv, tools, queued, siteverify };
}

async function call(workerEnv: Env, url: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(url, { redirect: 'manual', ...init }), workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** Posts a form as the page does, with a Turnstile token or none; the stored lead's id. */
async function post(workerEnv: Env, form: 'newsletter' | 'quiz', body: object, token?: string): Promise<string> {
  const res = await call(workerEnv, `https://site.test/api/${form}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': visitorAddress() },
    body: JSON.stringify({ submissionId: crypto.randomUUID(), ...body, ...(token && { turnstileToken: token }) }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const quiz = (email: string) => ({
  answers: { '0': 'Leadership', '1': '40-55', '2': 'I attended an event' },
  contact: { first: 'Ravi', last: 'Kumar', email },
  newsletter: consent.quizNewsletter.version,
});

/** The newsletter job the Worker queued for a subscription (taken out of the captured queue). */
function jobFor(queued: Job[], subscriptionId?: string): JobOf<'newsletter'> {
  const job = queued.find(
    (j): j is JobOf<'newsletter'> =>
      j.type === 'newsletter' && (!subscriptionId || j.subscriptionId === subscriptionId),
  );
  expect(job).toBeDefined();
  queued.splice(queued.indexOf(job!), 1);
  return job!;
}

const toolRow = async (id: string) =>
  (
    await ledgerRows<{ template: string; status: string; skip_reason: string | null; attempts: number }>(
      id,
      'template, status, skip_reason, attempts',
    )
  ).filter((r) => r.template.startsWith('newsletter_'));

const deskPage = async (workerEnv: Env, id: string) =>
  (await call(workerEnv, `${DESK}/desk/leads/newsletter/${id}`)).text();

const SEND_ON = /<button type="submit" class="btn btn-gold">Send on<\/button>/;

describe.each(['d1', 'firestore'] as const)('leads in %s', (store) => {
  it('a signup without a token is stored, its Kit call skipped as unverified; the desk sends it on, once', async () => {
    const { workerEnv, tools, queued } = await site(store);
    const email = address();
    const id = await post(workerEnv, 'newsletter', { email });
    expect(await getLeadStore(workerEnv).get('newsletter', id)).toMatchObject({ email });
    const job = jobFor(queued, id);
    expect(job).toMatchObject({ action: 'subscribe', verified: false });

    await deliver(job, { env: workerEnv });
    await deliver(job, { env: workerEnv, attempts: 2 });
    expect(tools.kit.calls).toEqual([]);
    expect(await toolRow(id)).toEqual([
      { template: 'newsletter_subscribe', status: 'skipped', skip_reason: 'unverified', attempts: 0 },
    ]);
    // A copy of the person's records says why it was not sent on.
    const record = (await getLeadStore(workerEnv).get('newsletter', id))!;
    expect((await subscriptionState(workerEnv, record))?.toolCalls).toMatchObject([
      { action: 'subscribe', status: 'skipped', skipReason: 'unverified', attempts: 0 },
    ]);

    // The lead page: unverified, not sent on, and a button to send it on.
    const page = await deskPage(workerEnv, id);
    expect(page).toContain('Turnstile did not verify that a person signed up, so the sign-up was not sent on');
    expect(page).toContain('Not sent on: Turnstile did not verify that a person signed up.');
    expect(page).toMatch(SEND_ON);
    expect(page).toContain('name="recipient" value="subscriber"');

    // An owner who knows them sends it on: it reaches Kit (its double opt-in email goes), once.
    const resend = () =>
      call(workerEnv, `${DESK}/desk/leads/newsletter/${id}/resend`, {
        method: 'POST',
        headers: { origin: DESK, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'template=newsletter_subscribe&recipient=subscriber',
      });
    queued.splice(0);
    expect((await resend()).status).toBe(303);
    expect(queued).toEqual([{ type: 'replay-deliveries' }]);
    await deliver(queued.splice(0)[0], { env: workerEnv });
    expect(tools.kit.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /v4/subscribers',
      'POST /v4/subscribers',
      'POST /v4/forms/1234567/subscribers',
    ]);
    expect(tools.kit.optIns).toEqual([{ formId: 1234567, email }]);
    expect(await toolRow(id)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    expect(await deskPage(workerEnv, id)).not.toMatch(SEND_ON);
    // A second tap queues nothing more.
    expect((await resend()).status).toBe(303);
    expect(queued).toEqual([]);
    // The privacy notice says so.
    const privacy = await (await call(workerEnv, 'https://site.test/privacy')).text();
    expect(privacy).toContain('is kept here but not passed on unless we know it is yours');
    expect(privacy).toContain('an address is passed on at most once a day');
  });

  it('a quiz opt-in without a token is stored and not sent to Mailchimp; with a verified token it is', async () => {
    const { workerEnv, tools, queued } = await site(store, 'mailchimp');
    const unverified = address();
    await post(workerEnv, 'quiz', quiz(unverified));
    const skipped = jobFor(queued);
    expect(skipped).toMatchObject({ email: unverified, verified: false });
    expect(await getLeadStore(workerEnv).get('newsletter', skipped.subscriptionId)).toMatchObject({
      email: unverified,
    });
    await deliver(skipped, { env: workerEnv });
    expect(tools.mailchimp.calls).toEqual([]);
    expect(await toolRow(skipped.subscriptionId)).toMatchObject([{ status: 'skipped', skip_reason: 'unverified' }]);

    const verified = address();
    await post(workerEnv, 'quiz', quiz(verified), solved('quiz'));
    const sent = jobFor(queued);
    expect(sent).toMatchObject({ email: verified, verified: true });
    await deliver(sent, { env: workerEnv });
    expect(tools.mailchimp.confirmations).toEqual([{ listId: 'a1b2c3d4e5', email: verified }]);
    expect(await toolRow(sent.subscriptionId)).toMatchObject([{ status: 'sent' }]);
  });

  it('a job queued before it carried the verdict is judged by the verdict stored with the subscription', async () => {
    const { workerEnv, tools, queued } = await site(store);
    const id = await post(workerEnv, 'newsletter', { email: address() });
    const { verified, unchecked, ...older } = jobFor(queued, id);
    expect([verified, unchecked]).toEqual([false, undefined]);
    await deliver(older, { env: workerEnv });
    expect(tools.kit.calls).toEqual([]);
    expect(await toolRow(id)).toMatchObject([{ status: 'skipped', skip_reason: 'unverified' }]);
  });

  it('a signup whose token could not be checked (siteverify unreachable) goes on, as owner alerts do', async () => {
    const { workerEnv, tools, queued, siteverify } = await site(store);
    siteverify.down = true;
    const email = address();
    const id = await post(workerEnv, 'newsletter', { email }, solved('newsletter'));
    const job = jobFor(queued, id);
    expect(job).toMatchObject({ verified: false, unchecked: true });
    await deliver(job, { env: workerEnv });
    expect(tools.kit.optIns).toEqual([{ formId: 1234567, email }]);
    expect(await toolRow(id)).toMatchObject([{ status: 'sent' }]);
  });

  it('one signup call per address in 24 hours: a repeat is skipped as cap; an unverified flood blocks no one', async () => {
    const { workerEnv, tools, queued } = await site(store);
    const email = address();
    const signUp = async (token?: string) => {
      const id = await post(workerEnv, 'newsletter', { email }, token);
      await deliver(jobFor(queued, id), { env: workerEnv });
      return id;
    };
    // A script signs the address up without tokens: nothing reaches Kit, and nothing counts against the address.
    for (let i = 0; i < 3; i++) await signUp();
    expect(tools.kit.calls).toEqual([]);
    const first = await signUp(solved('newsletter'));
    expect(await toolRow(first)).toMatchObject([{ status: 'sent' }]);
    const callsAfterFirst = tools.kit.calls.length;

    // The same address again, with a verified token each time: recorded as skipped, not called.
    const second = await signUp(solved('newsletter'));
    const third = await signUp(solved('newsletter'));
    for (const id of [second, third]) {
      expect(await toolRow(id)).toEqual([
        { template: 'newsletter_subscribe', status: 'skipped', skip_reason: 'cap', attempts: 0 },
      ]);
    }
    expect(tools.kit.calls).toHaveLength(callsAfterFirst);
    expect(tools.kit.optIns).toHaveLength(1);
    const page = await deskPage(workerEnv, second);
    expect(page).toContain('Not sent on: this address was already sent on in the last 24 hours');
    expect(page).not.toMatch(SEND_ON);

    // A day later the address may be sent on again.
    const dayAgo = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await env.DB.prepare('UPDATE deliveries SET created_at = ? WHERE submission_id = ?').bind(dayAgo, first).run();
    const later = await signUp(solved('newsletter'));
    expect(await toolRow(later)).toMatchObject([{ status: 'sent' }]);
  });

  it('an unsubscribe Kit has no subscriber for (an owner deleted them there) creates none and is done', async () => {
    const { workerEnv, tools, queued } = await site(store);
    const email = address();
    const id = await post(workerEnv, 'newsletter', { email }, solved('newsletter'));
    await deliver(jobFor(queued, id), { env: workerEnv });
    tools.kit.subscribers.delete(email);
    tools.kit.calls.splice(0);

    const token = await signUnsubscribe(UNSUBSCRIBE_SECRET, id);
    expect((await call(workerEnv, `${DESK}/unsubscribe?t=${token}`, { method: 'POST' })).status).toBe(200);
    const job = jobFor(queued, id);
    expect(job.action).toBe('unsubscribe');
    await deliver(job, { env: workerEnv });
    expect(tools.kit.calls).toEqual([{ method: 'GET', path: '/v4/subscribers' }]);
    expect(tools.kit.subscribers.has(email)).toBe(false);
    expect(await toolRow(id)).toMatchObject([
      { template: 'newsletter_subscribe', status: 'sent' },
      { template: 'newsletter_unsubscribe', status: 'sent' },
    ]);
  });
});
