/**
 * An erasure on the desk reaches the newsletter tool that had the person's signup: Mailchimp deletes the member
 * for good, Kit unsubscribes them (its API cannot delete: the desk asks an owner to delete them in Kit). The
 * address travels only in the queued job; the erasure log records what the tool did, or that it could not be told.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callWorker, postForm } from '../support/api';
import { checkHealth } from '../../src/health/run';
import type { Env } from '../../src/env';
import { D1LeadStore } from '../../src/store/leads/leads-d1';
import { getLeadStore } from '../../src/store/leads/open';
import { EMULATOR_HOST, firestoreEnv } from '../support/firestore';
import { newsletterLead } from '../fixtures/leads';
import { captureQueue, deliver } from '../support/queue';
import { allowConsoleErrors } from '../setup';
import { createNewsletterStandin, newsletterEnv } from '../standins/newsletter/newsletter';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Erases `email` on the desk; the erasure's id and the page shown after it. */
async function erase(workerEnv: Env, email: string) {
  const res = await postForm(workerEnv, '/desk/people/erase', { q: email, confirm: email });
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  return { id: Number(location.split('=')[1]), page: async () => (await callWorker(workerEnv, location)).text() };
}

const toolState = async (id: number) => {
  const row = await env.DB.prepare('SELECT newsletter_tool FROM erasures WHERE id = ?').bind(id).first<{
    newsletter_tool: string | null;
  }>();
  return row?.newsletter_tool ? JSON.parse(row.newsletter_tool) : null;
};

/** A subscriber whose signup reached the tool (its subscribe job delivered), stored in the env's lead store. */
async function subscribedIn(workerEnv: Env) {
  const email = `Reader.${crypto.randomUUID().slice(0, 8)}@Example.com`;
  const lead = newsletterLead({ email });
  await getLeadStore(workerEnv).save(lead);
  await deliver({ type: 'newsletter', action: 'subscribe', subscriptionId: lead.id, email }, { env: workerEnv });
  return { lead, email };
}

describe('an erasure reaches the newsletter tool', () => {
  it('Kit: the subscriber is unsubscribed, and the desk asks an owner to delete them in Kit by hand', async () => {
    const standin = createNewsletterStandin().install();
    const kitEnv = newsletterEnv('kit');
    const { email } = await subscribedIn(kitEnv);
    expect(standin.kit.subscribers.get(email.toLowerCase())?.state).toBe('inactive');
    const queued = captureQueue(kitEnv);

    const { id, page } = await erase(kitEnv, email);
    expect(queued).toEqual([{ type: 'newsletter-erase', erasure: id, provider: 'kit', email }]);
    expect(await toolState(id)).toEqual({ provider: 'kit', state: 'pending' });
    expect(await page()).toContain('Kit is unsubscribing them now. Kit’s API cannot delete: delete them in Kit');

    const result = await deliver(queued[0], { env: kitEnv });
    expect(result.explicitAcks).toContain(result.id);
    expect(standin.kit.subscribers.get(email.toLowerCase())?.state).toBe('cancelled');
    expect(await toolState(id)).toEqual({ provider: 'kit', state: 'unsubscribed' });
    const log = await (await callWorker(kitEnv, '/desk/people')).text();
    expect(log).toContain('Kit unsubscribed them. Kit’s API cannot delete: delete them in Kit by hand');
    // The log keeps what happened, never the address.
    const row = await env.DB.prepare('SELECT * FROM erasures WHERE id = ?').bind(id).first();
    expect(JSON.stringify(row).toLowerCase()).not.toContain(email.toLowerCase());
  });

  it('Mailchimp: the member is deleted for good; a redelivered job finds them gone and is done', async () => {
    const standin = createNewsletterStandin().install();
    const mcEnv = newsletterEnv('mailchimp');
    const { email } = await subscribedIn(mcEnv);
    expect(standin.mailchimp.members.size).toBe(1);
    const queued = captureQueue(mcEnv);
    const { id, page } = await erase(mcEnv, email);
    expect(await page()).toContain('Mailchimp is deleting them now.');

    await deliver(queued[0], { env: mcEnv });
    expect(standin.mailchimp.members.size).toBe(0);
    expect(standin.mailchimp.deleted).toEqual([{ listId: 'a1b2c3d4e5', email }]);
    expect(standin.mailchimp.calls.at(-1)).toEqual({
      method: 'POST',
      path: `/3.0/lists/a1b2c3d4e5/members/${await standin.md5(email.toLowerCase())}/actions/delete-permanent`,
    });
    expect(await toolState(id)).toEqual({ provider: 'mailchimp', state: 'deleted' });
    expect(await (await callWorker(mcEnv, '/desk/people')).text()).toContain('Mailchimp deleted them too.');

    await deliver(queued[0], { env: mcEnv, attempts: 2 });
    expect(await toolState(id)).toEqual({ provider: 'mailchimp', state: 'deleted' });
  });

  it('retries while the tool is down; a refusal or running out of retries is logged for an owner to act on', async () => {
    allowConsoleErrors();
    const standin = createNewsletterStandin().install();
    const mcEnv = newsletterEnv('mailchimp');

    const down = await subscribedIn(mcEnv);
    let queued = captureQueue(mcEnv);
    const first = await erase(mcEnv, down.email);
    standin.mailchimp.fail = { status: 503, times: 1 };
    const retried = await deliver(queued[0], { env: mcEnv });
    expect(retried.retryMessages).toHaveLength(1);
    expect(await toolState(first.id)).toEqual({ provider: 'mailchimp', state: 'pending' });
    await deliver(queued[0], { env: mcEnv, attempts: 2, id: retried.id });
    expect(await toolState(first.id)).toEqual({ provider: 'mailchimp', state: 'deleted' });

    vi.restoreAllMocks();
    const refused = await subscribedIn(mcEnv);
    queued = captureQueue(mcEnv);
    const second = await erase(mcEnv, refused.email);
    const wrongKey = { ...mcEnv, MAILCHIMP_API_KEY: 'mc-test-key-ffffff-us21' } as Env;
    await deliver(queued[0], { env: wrongKey });
    expect(await toolState(second.id)).toEqual({ provider: 'mailchimp', state: 'failed', code: '401' });
    expect(await (await callWorker(mcEnv, '/desk/people')).text()).toContain(
      'Mailchimp could not be told (401): remove them there by hand.',
    );

    vi.restoreAllMocks();
    const gaveUp = await subscribedIn(mcEnv);
    queued = captureQueue(mcEnv);
    const third = await erase(mcEnv, gaveUp.email);
    await deliver(queued[0], { env: mcEnv, queue: 'site-jobs-dlq' });
    expect(await toolState(third.id)).toEqual({ provider: 'mailchimp', state: 'failed', code: 'gave_up' });
    // The tool was replaced since an erasure (Mailchimp, then Kit): the one that had them cannot be told.
    vi.restoreAllMocks();
    const replaced = await subscribedIn(mcEnv);
    queued = captureQueue(mcEnv);
    const fourth = await erase(mcEnv, replaced.email);
    await deliver(queued[0], { env: newsletterEnv('kit') });
    expect(await toolState(fourth.id)).toEqual({ provider: 'mailchimp', state: 'failed', code: 'not_configured' });

    // The self-check tells the operator and the owners (its email on a change of state).
    const check = (await checkHealth(mcEnv)).checks.find((c) => c.name === 'newsletter');
    expect(check?.ok).toBe(false);
    expect(check?.detail).toMatch(/\d+ erasures? of the last 24 h could not be passed on to Mailchimp: remove/);
    // The dead letter only records: the member is still there, for an owner to remove by hand.
    expect([...standin.mailchimp.members.values()].map((m) => m.email_address)).toContain(gaveUp.email);
  });

  it('queues nothing when the tool never had the signup, or there is no tool', async () => {
    const standin = createNewsletterStandin().install();
    const kitEnv = newsletterEnv('kit');
    // Kit refused the signup (a missing form): it never had them.
    const email = `never.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const lead = newsletterLead({ email });
    await new D1LeadStore(env.DB).save(lead);
    standin.kit.fail = { status: 401 };
    allowConsoleErrors();
    await deliver({ type: 'newsletter', action: 'subscribe', subscriptionId: lead.id, email }, { env: kitEnv });
    standin.kit.fail = undefined;
    let queued = captureQueue(kitEnv);
    const { id } = await erase(kitEnv, email);
    expect(queued).toEqual([]);
    expect(await toolState(id)).toBeNull();

    vi.restoreAllMocks();
    const plain = { ...env } as Env;
    const other = newsletterLead({ email: `plain.${crypto.randomUUID().slice(0, 8)}@example.com` });
    await new D1LeadStore(env.DB).save(other);
    queued = captureQueue(plain);
    const none = await erase(plain, other.email);
    expect(queued).toEqual([]);
    expect(await toolState(none.id)).toBeNull();
  });
});

/** The Kit stand-in installed, and a Worker env that sends to it with leads in D1 or in the Firestore stand-in. */
async function kitWithLeadsIn(store: 'd1' | 'firestore') {
  let next: ((request: Request) => Promise<Response>) | undefined;
  let storeVars = {};
  if (store === 'firestore') {
    const firestore = await firestoreEnv('emulator');
    next = (request) => firestore.standin.fetch(request);
    storeVars = { FIRESTORE_PROJECT_ID: firestore.projectId, FIRESTORE_EMULATOR_HOST: EMULATOR_HOST };
  }
  return { standin: createNewsletterStandin(next).install(), kitEnv: newsletterEnv('kit', storeVars as Partial<Env>) };
}

describe.each(['d1', 'firestore'] as const)(
  'Kit is never made to create the person it forgets (leads in %s)',
  (store) => {
    it('a subscriber an owner already deleted in Kit: looked up, not found, recorded done; nobody is created', async () => {
      const { standin, kitEnv } = await kitWithLeadsIn(store);
      const { email } = await subscribedIn(kitEnv);
      standin.kit.subscribers.delete(email.toLowerCase());
      standin.kit.calls.splice(0);
      const queued = captureQueue(kitEnv);

      const { id, page } = await erase(kitEnv, email);
      expect(queued).toEqual([{ type: 'newsletter-erase', erasure: id, provider: 'kit', email }]);
      const result = await deliver(queued[0], { env: kitEnv });
      expect(result.explicitAcks).toContain(result.id);
      expect(standin.kit.calls).toEqual([{ method: 'GET', path: '/v4/subscribers' }]);
      expect(standin.kit.subscribers.has(email.toLowerCase())).toBe(false);
      // Nothing of them is left in Kit: recorded as done, not as a failure for an owner to act on.
      expect(await toolState(id)).toEqual({ provider: 'kit', state: 'absent' });
      expect(await page()).toContain('Kit had no one at that address any more: nothing of them is left there.');
    });

    it('a subscriber who already unsubscribed in Kit is left as they are (no second unsubscribe), recorded done', async () => {
      const { standin, kitEnv } = await kitWithLeadsIn(store);
      const { email } = await subscribedIn(kitEnv);
      standin.kit.subscribers.get(email.toLowerCase())!.state = 'cancelled';
      standin.kit.calls.splice(0);
      const queued = captureQueue(kitEnv);
      const { id } = await erase(kitEnv, email);
      await deliver(queued[0], { env: kitEnv });
      expect(standin.kit.calls).toEqual([{ method: 'GET', path: '/v4/subscribers' }]);
      expect(await toolState(id)).toEqual({ provider: 'kit', state: 'unsubscribed' });
    });
  },
);
