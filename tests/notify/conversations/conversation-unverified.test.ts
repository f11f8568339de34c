/**
 * Only a lead a person sent lets its number's words reach the owners' phones. A number whose only leads were refused
 * by Turnstile (verified false, not unchecked) is a stranger to the alerts: its messages are stored with those leads
 * and shown on the desk, and the hour's digest counts them, but their text never reaches an owner. A lead that was
 * verified, that siteverify could not check, or from before Turnstile (verified absent) alerts as before.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import type { Env } from '../../../src/env';
import { deliveryStore } from '../../../src/notify/ledger/ledger-store';
import { windowsAt } from '../../../src/notify/ledger/budget-windows';
import type { Job } from '../../../src/queue/jobs';
import { getConversationStore } from '../../../src/store/conversations/open';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead, type EnquiryLead } from '../../fixtures/leads';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { ORIGIN, WEBHOOK_SECRETS, inbound, postWebhook, webhookBody } from '../../support/whatsapp-webhook';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';

afterEach(() => vi.unstubAllGlobals());

const now = () => Math.floor(Date.now() / 1000);

/** The Worker with WhatsApp at the stand-in, two owners of this test's own, leads in D1 or in the Firestore stand-in. */
async function setup(store: Store) {
  const owners = [uniqueMobile('+9197'), uniqueMobile('+9197')];
  const graph = new GraphStandin();
  const { vars: extra, firestore } = await leadStoreVars(store);
  routeFetch((request) => graph.fetch(request), firestore);
  const workerEnv = graphEnv({
    ...WEBHOOK_SECRETS,
    OWNER_PHONES: owners.join(','),
    OWNER_NAMES: 'Priya,Arjun',
    ...extra,
  } as Partial<Env>);
  const queued = captureQueue(workerEnv);
  /** Runs every queued job of a kind (and takes them off the list). */
  const run = (type: Job['type']) => consume(workerEnv, takeJobs(queued, type));
  const alerts = () =>
    graph.delivered.filter((b: { template?: { name: string } }) => b.template?.name === 'visitor_reply');
  const call = async (path: string) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { redirect: 'manual' }), workerEnv, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  return { workerEnv, owners, graph, queued, run, alerts, call };
}

const bodyParams = (b: { template: { components: { type: string; parameters: { text: string }[] }[] } }) =>
  b.template.components.find((c) => c.type === 'body')!.parameters.map((p) => p.text);

/**
 * A lead as a form makes it: stored, then its notify job run (the job carries Turnstile's verdict, which the owner
 * alerts in the ledger keep: a refused form's are folded into the digest as `unverified`).
 */
async function formLead(workerEnv: Env, phone: string, over: Partial<EnquiryLead>, name = 'Asha Verma') {
  const lead = enquiryLead({ phone, name, ...over });
  await getLeadStore(workerEnv).save(lead);
  const outcome = await consume(workerEnv, [{ type: 'notify', lead }]);
  expect(outcome.explicitAcks).toHaveLength(1);
  return lead;
}

describe.each<Store>(['D1', 'Firestore'])('a reply from a number with unverified leads only (%s)', (store) => {
  it('is stored with its lead and shown on the desk, counted by the digest, and its words reach no phone', async () => {
    const ready = await setup(store);
    const phone = uniqueMobile();
    const lead = await formLead(ready.workerEnv, phone, { verified: false }, 'Refused Form');
    await expectOnlyCounted(ready, phone, async (words) => {
      // Stored, linked to the lead, and on the lead's page.
      expect(await getConversationStore(ready.workerEnv).from(phone)).toMatchObject([
        { text: words, leads: [{ kind: 'enquiry', id: lead.id }] },
      ]);
      const page = await (await ready.call(`/desk/leads/enquiry/${lead.id}`)).text();
      expect(page).toContain('Claim your refund');
    });
  });

  /**
   * A message from `phone` and its alert job: each owner's digest counts it, no phone receives its words.
   * `stored` checks what the webhook kept, before the alert job runs.
   */
  async function expectOnlyCounted(
    setupDone: Awaited<ReturnType<typeof setup>>,
    phone: string,
    stored?: (words: string) => Promise<void>,
  ) {
    const { workerEnv, owners, queued, run, alerts, graph } = setupDone;
    const ledger = deliveryStore(env);
    const hourStart = windowsAt(new Date()).hourStart;
    const foldedBefore = await Promise.all(owners.map((owner) => ledger.foldedInto(hourStart, owner)));
    queued.splice(0);
    const words = 'Claim your refund at https://evil.example/pay';
    const body = webhookBody({ messages: [inbound(phone, now(), 'text', { body: words })] });
    expect((await postWebhook(workerEnv, body)).status).toBe(200);
    await stored?.(words);
    // The alert is a count in each owner's digest, never a message with the text.
    expect(queued.filter((j) => j.type === 'visitor-reply')).toMatchObject([{ leadRef: null }]);
    await run('visitor-reply');
    expect(alerts()).toEqual([]);
    expect(graph.received).toEqual([]);
    const foldedAfter = await Promise.all(owners.map((owner) => ledger.foldedInto(hourStart, owner)));
    expect(foldedAfter).toEqual(foldedBefore.map((n) => n + 1));
    const { results } = await env.DB.prepare(`SELECT components FROM deliveries WHERE recipient IN (?, ?)`)
      .bind(...owners)
      .all<{ components: string }>();
    expect(results.map((r) => r.components).join()).not.toContain('evil.example');
  }

  // The verdict is stored with the lead, so it decides before the lead's owner alerts exist and after they are gone.
  it('keeps the words of a refused lead off the phones before its notify job has run', async () => {
    const ready = await setup(store);
    const phone = uniqueMobile();
    await getLeadStore(ready.workerEnv).save(enquiryLead({ phone, name: 'Refused Form', verified: false }));
    await expectOnlyCounted(ready, phone);
  });

  it('keeps the words of a refused lead off the phones once its ledger rows are deleted', async () => {
    const ready = await setup(store);
    const phone = uniqueMobile();
    const lead = await formLead(ready.workerEnv, phone, { verified: false }, 'Refused Form');
    // As the retention cron deletes them after RETENTION.messageDays.
    await env.DB.prepare('DELETE FROM deliveries WHERE submission_id = ?').bind(lead.id).run();
    await expectOnlyCounted(ready, phone);
  });

  it('decides a lead stored before verdicts were by its owner alerts in the ledger', async () => {
    const ready = await setup(store);
    const phone = uniqueMobile();
    // Stored with no verdict (as before verdicts were stored); its job carried the refusal, as jobs did then.
    const lead = enquiryLead({ phone, name: 'Older Refused Form' });
    await getLeadStore(ready.workerEnv).save(lead);
    expect(await getLeadStore(ready.workerEnv).get('enquiry', lead.id)).not.toHaveProperty('verified');
    const outcome = await consume(ready.workerEnv, [{ type: 'notify', lead: { ...lead, verified: false } }]);
    expect(outcome.explicitAcks).toHaveLength(1);
    await expectOnlyCounted(ready, phone);
  });

  it.each<[string, Partial<EnquiryLead>]>([
    ['verified', { verified: true }],
    ['unchecked (siteverify could not answer)', { verified: false, unchecked: true }],
    ['from before Turnstile (verified absent)', {}],
  ])('alerts the owners with the words of a number whose lead is %s', async (_label, over) => {
    const { workerEnv, owners, run, alerts } = await setup(store);
    const phone = uniqueMobile();
    const lead = await formLead(workerEnv, phone, over);
    await postWebhook(workerEnv, webhookBody({ messages: [inbound(phone, now(), 'text', { body: 'Tuesday works' })] }));
    await run('visitor-reply');
    const sent = alerts();
    expect(sent.map((b: { to: string }) => b.to).sort()).toEqual([...owners].sort());
    expect(bodyParams(sent[0]!)).toEqual([
      expect.any(String),
      'Asha Verma',
      'Tuesday works',
      `${ORIGIN}/desk/leads/enquiry/${lead.id}`,
    ]);
  });

  it('names the verified lead when the number has an unverified newer one too', async () => {
    const { workerEnv, run, alerts } = await setup(store);
    const phone = uniqueMobile();
    const verified = await formLead(workerEnv, phone, { verified: true }, 'Real Person');
    // The refused form is the newer lead (the alert would otherwise name the newest).
    await new Promise((r) => setTimeout(r, 10));
    await formLead(
      workerEnv,
      phone,
      { verified: false, createdAt: new Date(Date.now() + 1000).toISOString() },
      'Refused Form',
    );
    await postWebhook(workerEnv, webhookBody({ messages: [inbound(phone, now(), 'text', { body: 'Hello' })] }));
    await run('visitor-reply');
    const params = alerts().map((b: Parameters<typeof bodyParams>[0]) => bodyParams(b));
    expect(params).toHaveLength(2);
    for (const p of params)
      expect(p.slice(1)).toEqual(['Real Person', 'Hello', `${ORIGIN}/desk/leads/enquiry/${verified.id}`]);
  });
});
