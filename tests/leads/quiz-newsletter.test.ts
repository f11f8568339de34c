/**
 * "Also send me the newsletter" on the quiz: a ticked box makes a newsletter subscription of its own (the box's
 * consent, the response's address, the tags of the recommended programs), which reaches Kit or Mailchimp once
 * through the ledger, tagged `quiz-<program id>`, with the tool's double opt-in; an unticked box sends nothing
 * about the person to the tool. The subscription is listed, unsubscribed and erased like one from the form.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import type { Env } from '../../src/env';
import { consent } from '../../src/words/privacy';
import { erasePerson } from '../../src/desk/people/people';
import { quizSubscription } from '../../src/leads/newsletter-tags';
import { unsubscribe } from '../../src/newsletter/unsubscribe';
import { signUnsubscribe } from '../../src/newsletter/token';
import type { JobOf } from '../../src/queue/jobs';
import { getLeadStore } from '../../src/store/leads/open';
import { defaultContent } from '../../src/shared/default-content';
import { CONTENT_KEY, forgetPublished, putPublished } from '../../src/store/site-content/published-content';
import { quizLead } from '../fixtures/leads';
import { postWithEnv } from '../support/api';
import { firestoreEnv } from '../support/firestore';
import { captureQueue, deliver, ledgerRows } from '../support/queue';
import { createNewsletterStandin, newsletterEnv } from '../standins/newsletter/newsletter';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const OPT_IN = consent.quizNewsletter.version;
/** Answers the quiz recommends Retreats & Workshops, then Talks & Keynotes for. */
const ANSWERS = { '0': 'Leadership', '1': '40-55', '2': 'I attended an event' };
const TAGS = ['quiz-retreats-workshops', 'quiz-talks-keynotes'];
const SECRET = 'unsubscribe-secret-for-the-quiz-tests-0123456789';

const address = () => `quiz-reader-${crypto.randomUUID().slice(0, 8)}@example.com`;

const postQuiz = async (workerEnv: Env, body: Record<string, unknown>) =>
  (await postWithEnv(workerEnv, 'quiz', body)).status;

const quizBody = (id: string, email: string, newsletter: boolean) => ({
  submissionId: id,
  answers: ANSWERS,
  contact: { first: 'Ravi', last: 'Kumar', email },
  ...(newsletter && { newsletter: OPT_IN }),
});

const subscriptionsOf = async (email: string) =>
  (
    await env.DB.prepare('SELECT id, email, quiz_id, tags, consent FROM news_letter WHERE email = ?')
      .bind(email)
      .all<{ id: string; email: string; quiz_id: string | null; tags: string | null; consent: string }>()
  ).results;

/** An opted-in quiz response posted with Kit set, and the one subscribe job it queued. */
async function optedIn(provider: 'kit' | 'mailchimp' = 'kit') {
  const workerEnv = newsletterEnv(provider);
  const queued = captureQueue(workerEnv);
  const id = crypto.randomUUID();
  const email = address();
  expect(await postQuiz(workerEnv, quizBody(id, email, true))).toBe(201);
  const job = queued.find((j): j is JobOf<'newsletter'> => j.type === 'newsletter');
  return { workerEnv, queued, id, email, job: job! };
}

describe('a ticked box makes a subscription of its own', () => {
  it('stored with the box’s consent, the response’s id and the programs’ tags; one job for the tool; no second alert', async () => {
    const { queued, id, email, job } = await optedIn();
    const [sub] = await subscriptionsOf(email);
    expect(sub).toMatchObject({ email, quiz_id: id });
    expect(JSON.parse(sub!.tags!)).toEqual(TAGS);
    expect(JSON.parse(sub!.consent)).toMatchObject({ version: OPT_IN });
    // The quiz's own alert, then the subscription's call to the tool: the owners are not told twice.
    expect(queued.map((j) => (j.type === 'notify' ? `notify ${j.lead.kind}` : j.type))).toEqual([
      'notify quiz',
      'newsletter',
    ]);
    // With the response's Turnstile verdict (no Turnstile here: verified), which decides whether it goes on.
    expect(job).toEqual({ type: 'newsletter', action: 'subscribe', subscriptionId: sub!.id, email, verified: true });
  });

  it('tagged with a program the owners added and published', async () => {
    const content = defaultContent();
    content.programs.push({
      ...content.programs[0]!,
      slug: 'team-coaching',
      title: 'Team Coaching',
      recommendedBy: { stage: [], area: ['Business'], age: [] },
    });
    await putPublished(env.FEEDS, { versionId: 41, content });
    try {
      const workerEnv = newsletterEnv('kit');
      const email = address();
      const body = { ...quizBody(crypto.randomUUID(), email, true), answers: { '0': 'Business' } };
      expect(await postQuiz(workerEnv, body)).toBe(201);
      const [sub] = await subscriptionsOf(email);
      // A title only the published programs have.
      expect(JSON.parse(sub!.tags!)).toContain('quiz-team-coaching');
    } finally {
      await env.FEEDS.delete(CONTENT_KEY);
      forgetPublished(env.FEEDS);
    }
  });

  it('is found again, not made twice, when the response is sent again', async () => {
    const { workerEnv, id, email } = await optedIn();
    expect(await postQuiz(workerEnv, quizBody(id, email, true))).toBe(201);
    expect(await subscriptionsOf(email)).toHaveLength(1);
  });

  it('an unticked box makes none, and nothing about the person goes to the tool', async () => {
    const workerEnv = newsletterEnv('kit');
    const queued = captureQueue(workerEnv);
    const email = address();
    expect(await postQuiz(workerEnv, quizBody(crypto.randomUUID(), email, false))).toBe(201);
    expect(await subscriptionsOf(email)).toEqual([]);
    expect(queued.map((j) => j.type)).toEqual(['notify']);
  });

  it('is stored the same way in Firestore', async () => {
    const { env: fsEnv, standin } = await firestoreEnv('emulator');
    const lead = quizLead({
      contact: { first: 'Ravi', last: 'Kumar', email: address(), phone: '' },
      recommended: ['Retreats & Workshops', 'Talks & Keynotes'],
      newsletterConsent: { version: OPT_IN, at: new Date().toISOString() },
    });
    const sub = (await quizSubscription(lead))!;
    const store = getLeadStore({ ...fsEnv, ENVIRONMENT: 'development' } as Env);
    expect((await store.save(sub)).created).toBe(true);
    expect(await store.get('newsletter', sub.id)).toMatchObject({ quizId: lead.id, tags: TAGS, email: sub.email });
    expect(standin.document('news_letter', sub.id)).toBeDefined();
  });
});

describe('the newsletter tool gets the subscriber with one tag per program', () => {
  it('Kit: created inactive, added to the form (one opt-in email), tagged by name; once', async () => {
    const standin = createNewsletterStandin().install();
    const { workerEnv, email, job } = await optedIn();
    const result = await deliver(job, { env: workerEnv });
    expect(result.explicitAcks).toContain(result.id);
    // The form (whose double opt-in email goes out) comes last, so a retry after a failed tag never sends it twice.
    // Looked up first (Kit has no one at the address), then created.
    expect(standin.kit.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /v4/subscribers',
      'POST /v4/subscribers',
      'POST /v4/tags',
      expect.stringMatching(/^POST \/v4\/tags\/\d+\/subscribers\/\d+$/),
      'POST /v4/tags',
      expect.stringMatching(/^POST \/v4\/tags\/\d+\/subscribers\/\d+$/),
      'POST /v4/forms/1234567/subscribers',
    ]);
    const subscriber = standin.kit.subscribers.get(email)!;
    expect(subscriber.state).toBe('inactive');
    expect([...subscriber.tags]).toEqual(TAGS);
    expect(standin.kit.optIns).toEqual([{ formId: 1234567, email }]);
    // The ledger keeps the tags with the call, so a resend from the desk tags them again.
    const [row] = await ledgerRows<{ status: string; components: string }>(job.subscriptionId, 'status, components');
    expect(row!.status).toBe('sent');
    expect(JSON.parse(row!.components)).toEqual([
      { type: 'body', parameters: TAGS.map((text) => ({ type: 'text', text })) },
    ]);

    await deliver(job, { env: workerEnv, attempts: 2 });
    expect(standin.kit.calls).toHaveLength(7);
  });

  it('Kit: a tag call that fails is retried; the retry completes the tags without a second opt-in email', async () => {
    const standin = createNewsletterStandin();
    let failed = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (!failed && new URL(request.url).pathname.includes('/subscribers') && request.url.includes('/v4/tags/')) {
        failed = true;
        return Response.json({ errors: ['Internal server error'] }, { status: 503 });
      }
      return standin.fetch(request);
    });
    const { workerEnv, email, job } = await optedIn();
    const first = await deliver(job, { env: workerEnv });
    expect(first.retryMessages).toHaveLength(1);
    expect(standin.kit.subscribers.get(email)!.tags.size).toBe(0);
    expect(standin.kit.optIns).toEqual([]);

    const second = await deliver(job, { env: workerEnv, attempts: 2, id: first.id });
    expect(second.explicitAcks).toEqual([first.id]);
    expect([...standin.kit.subscribers.get(email)!.tags]).toEqual(TAGS);
    expect(standin.kit.optIns).toHaveLength(1);
  });

  it('Mailchimp: upserted pending (its confirmation email), then the tags set active on the member', async () => {
    const standin = createNewsletterStandin().install();
    const { workerEnv, email, job } = await optedIn('mailchimp');
    const result = await deliver(job, { env: workerEnv });
    expect(result.explicitAcks).toContain(result.id);
    const hash = await standin.md5(email);
    expect(standin.mailchimp.calls).toEqual([
      { method: 'PUT', path: `/3.0/lists/a1b2c3d4e5/members/${hash}` },
      { method: 'POST', path: `/3.0/lists/a1b2c3d4e5/members/${hash}/tags` },
    ]);
    const member = standin.mailchimp.members.get(`a1b2c3d4e5/${hash}`)!;
    expect(member).toMatchObject({ status: 'pending', tags: TAGS });
    expect(standin.mailchimp.confirmations).toEqual([{ listId: 'a1b2c3d4e5', email }]);
  });

  it('a signup on the form carries no tags', async () => {
    const standin = createNewsletterStandin().install();
    const workerEnv = newsletterEnv('kit');
    const queued = captureQueue(workerEnv);
    const email = address();
    expect((await postWithEnv(workerEnv, 'newsletter', { email })).status).toBe(201);
    await deliver(
      queued.find((j) => j.type === 'newsletter'),
      { env: workerEnv },
    );
    expect(standin.kit.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /v4/subscribers',
      'POST /v4/subscribers',
      'POST /v4/forms/1234567/subscribers',
    ]);
    expect(standin.kit.subscribers.get(email)!.tags.size).toBe(0);
  });
});

describe('unsubscribing and erasure reach it like any subscription', () => {
  it('its unsubscribe link works, and a job still queued for it then sends nothing', async () => {
    const standin = createNewsletterStandin().install();
    const { workerEnv, email, job } = await optedIn();
    const withSecret = { ...workerEnv, UNSUBSCRIBE_SECRET: SECRET } as Env;
    const state = await unsubscribe(withSecret, await signUnsubscribe(SECRET, job.subscriptionId));
    expect(state.state).toBe('unsubscribed');
    await deliver(job, { env: withSecret });
    expect(standin.kit.calls.filter((c) => c.path.startsWith('/v4/forms'))).toEqual([]);
    expect(standin.kit.subscribers.get(email)?.tags.size ?? 0).toBe(0);
  });

  it('erasing the person deletes the response and the subscription it made', async () => {
    const { workerEnv, id, email } = await optedIn();
    await erasePerson(workerEnv, { email }, [], 'owner@example.com');
    expect(await subscriptionsOf(email)).toEqual([]);
    expect(await env.DB.prepare('SELECT id FROM quiz_responses WHERE id = ?').bind(id).first()).toBeNull();
  });
});

describe('the desk', () => {
  it('links the response and its subscription both ways, and shows the tags', async () => {
    const { workerEnv, id, job } = await optedIn();
    const page = async (path: string) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`http://127.0.0.1:8787${path}`), workerEnv, ctx);
      await waitOnExecutionContext(ctx);
      return res.text();
    };
    const quiz = await page(`/desk/leads/quiz/${id}`);
    expect(quiz).toContain(`<a href="/desk/leads/newsletter/${job.subscriptionId}">Open the subscription</a>`);
    const subscription = await page(`/desk/leads/newsletter/${job.subscriptionId}`);
    expect(subscription).toContain(`<a href="/desk/leads/quiz/${id}">Open their quiz response</a>`);
    expect(subscription).toContain(`Tags in the newsletter tool: ${TAGS.join(', ')}`);
  });
});
