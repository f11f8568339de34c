import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loggedEvents } from '../../support/logs';
import worker from '../../../src/index';
import { enquiryLead, job, newsletterLead } from '../../fixtures/leads';
import { readConfig } from '../../../src/env';
import { deliveryStore } from '../../../src/notify/ledger/ledger-store';
import { readBudgets } from '../../../src/notify/ledger/budgets';
import { backoffSeconds, deliver as deliverOne } from '../../../src/notify/ledger/deliver';
import { sendsFor } from '../../../src/notify/ledger/templates';
import { createSender } from '../../../src/notify/whatsapp/whatsapp';
import { allowConsoleErrors } from '../../setup';
import { deliver, ledgerRows } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { GRAPH_VARS, GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';

const deliveries = (submissionId: string) =>
  ledgerRows(
    submissionId,
    'template, recipient, status, attempts, last_error_code, last_error_message, channel, provider_message_id',
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Owner 1's newsletter alert claimed by a consumer at `at` ('sending', one attempt), its answer never recorded. */
async function claimOwner1(submissionId: string, at: string) {
  await env.DB.prepare(
    `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, status, attempts, components, created_at, updated_at)
     VALUES (?, 'subscription_notfication', '+919800000001', 'newsletter', 'sending', 1, '[]', ?, ?)`,
  )
    .bind(submissionId, at, at)
    .run();
}

describe('queue consumer', () => {
  it('sends every message of a job, records them as sent and acks', async () => {
    const graph = new GraphStandin().install();
    const lead = enquiryLead();
    const result = await deliver(job(lead));
    expect(result.explicitAcks).toEqual([result.id]);
    expect(result.retryMessages).toEqual([]);
    expect(graph.delivered.map((b) => [b.template.name, b.to])).toEqual([
      ['journey_users', '+919812345678'],
      ['journey_owner', '+919800000001'],
      ['journey_owner', '+919800000002'],
    ]);
    const rows = await deliveries(lead.id);
    expect(rows.map((r) => [r.template, r.status, r.attempts, r.channel])).toEqual([
      ['journey_owner', 'sent', 1, 'graph'],
      ['journey_owner', 'sent', 1, 'graph'],
      ['journey_users', 'sent', 1, 'graph'],
    ]);
    expect(rows.every((r) => String(r.provider_message_id).startsWith('wamid.'))).toBe(true);
  });

  it('retries a transient failure with backoff, then sends only what is still missing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const graph = new GraphStandin().failNext(131000).install();
    const lead = newsletterLead();

    const first = await deliver(job(lead), { attempts: 1 });
    expect(first.explicitAcks).toEqual([]);
    expect(first.retryMessages).toEqual([{ msgId: first.id }]);
    expect(first.delays).toEqual([10]);

    const second = await deliver(job(lead), { attempts: 2 });
    expect(second.explicitAcks).toEqual([second.id]);
    // Owner 1 failed then succeeded; owner 2 succeeded the first time and is not sent again.
    expect(graph.received.map((r) => [r.body.to, r.answered])).toEqual([
      ['+919800000001', 500],
      ['+919800000002', 200],
      ['+919800000001', 200],
    ]);
    const rows = await deliveries(lead.id);
    expect(rows.map((r) => [r.recipient, r.status, r.attempts, r.last_error_code])).toEqual([
      ['+919800000001', 'sent', 2, '131000'],
      ['+919800000002', 'sent', 1, null],
    ]);
    const attempts = await env.DB.prepare(
      'SELECT recipient, outcome, code FROM delivery_attempts WHERE submission_id = ? ORDER BY id',
    )
      .bind(lead.id)
      .all();
    expect(attempts.results).toEqual([
      { recipient: '+919800000001', outcome: 'retryable', code: '131000' },
      { recipient: '+919800000002', outcome: 'sent', code: null },
      { recipient: '+919800000001', outcome: 'sent', code: null },
    ]);
  });

  it('backs off exponentially from the queue attempt count: 10 s, 80 s … at most 15 min', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    new GraphStandin().failAlways(131000).install();
    const lead = newsletterLead();
    expect((await deliver(job(lead), { attempts: 1 })).delays).toEqual([10]);
    expect((await deliver(job(lead), { attempts: 4 })).delays).toEqual([80]);
    expect((await deliver(job(lead), { attempts: 9 })).delays).toEqual([900]);
  });

  // The queue's backoff starts at 10 s, so the 6 s floor cannot show in a retry delay: it is
  // checked where it is decided, on the step one send asks for.
  it('asks for at least 6 s before the next try after a pair rate limit (131056), and no floor otherwise', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = deliveryStore(env);
    const sender = createSender(graphEnv());
    const [send] = sendsFor(newsletterLead(), readConfig(graphEnv()).whatsapp);
    const rules = { budgets: readBudgets(graphEnv()), verified: true };
    new GraphStandin().failNext(131056, 131000).install();
    const ref = (id: string) => ({ submissionId: id, leadKind: 'newsletter' });
    expect(await deliverOne(ref(crypto.randomUUID()), send!, store, sender, rules)).toEqual({ done: false, after: 6 });
    expect(await deliverOne(ref(crypto.randomUUID()), send!, store, sender, rules)).toEqual({ done: false, after: 0 });
  });

  it('does not retry a permanent error, and the job’s other messages still go out', async () => {
    allowConsoleErrors();
    const graph = new GraphStandin().failNext(131030).install();
    const lead = enquiryLead();
    const result = await deliver(job(lead));
    expect(result.explicitAcks).toEqual([result.id]);
    expect(result.retryMessages).toEqual([]);
    expect(graph.delivered.map((b) => b.to)).toEqual(['+919800000001', '+919800000002']);
    const rows = await deliveries(lead.id);
    expect(rows.find((r) => r.template === 'journey_users')).toMatchObject({
      status: 'failed',
      last_error_code: '131030',
      last_error_message: '(#131030) Recipient phone number not in allowed list',
    });
  });

  it('records an expired token (190) with Meta’s message in the delivery records', async () => {
    allowConsoleErrors();
    const graph = new GraphStandin().install();
    graph.expiredTokens = [GRAPH_VARS.WHATSAPP_TOKEN];
    const lead = newsletterLead();
    expect((await deliver(job(lead))).retryMessages).toEqual([]);
    const rows = await deliveries(lead.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'failed', attempts: 1, last_error_code: '190' });
      expect(row.last_error_message).toMatch(/^Error validating access token: Session has expired/);
    }
  });

  it('sends nothing twice when the queue delivers the same job again', async () => {
    const graph = new GraphStandin().install();
    const lead = enquiryLead();
    await deliver(job(lead));
    const again = await deliver(job(lead));
    expect(again.explicitAcks).toEqual([again.id]);
    expect(graph.received).toHaveLength(3);
  });

  it('does not resend a message whose send was interrupted before its answer was recorded', async () => {
    allowConsoleErrors();
    const graph = new GraphStandin().install();
    const lead = newsletterLead();
    // A consumer claimed owner 1's message two minutes ago and never recorded the answer.
    await claimOwner1(lead.id, new Date(Date.now() - 120_000).toISOString());
    const result = await deliver(job(lead));
    expect(result.explicitAcks).toEqual([result.id]);
    expect(graph.delivered.map((b) => b.to)).toEqual(['+919800000002']);
    expect((await deliveries(lead.id))[0]).toMatchObject({ status: 'failed', last_error_code: 'interrupted' });
  });

  it('waits out a fresh claim by a concurrent delivery of the same job instead of sending', async () => {
    const graph = new GraphStandin().install();
    const lead = newsletterLead();
    await claimOwner1(lead.id, new Date().toISOString());
    const result = await deliver(job(lead));
    expect(result.delays).toHaveLength(1);
    expect(result.delays[0]).toBeGreaterThanOrEqual(55);
    expect(graph.delivered.map((b) => b.to)).toEqual(['+919800000002']);
  });

  it('retries a job it cannot read (a newer version may) without touching the rest of the batch', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const graph = new GraphStandin().install();
    const lead = newsletterLead();
    const batch = createMessageBatch('site-jobs', [
      {
        id: 'bad',
        timestamp: new Date(),
        attempts: 1,
        body: { type: 'notify', lead: { kind: 'newsletter' } } as unknown,
      },
      { id: 'good', timestamp: new Date(), attempts: 1, body: job(lead) },
    ]);
    const retry = vi.spyOn(batch.messages[0]!, 'retry');
    await worker.queue(batch, graphEnv());
    const result = await getQueueResult(batch, createExecutionContext());
    expect(result.explicitAcks).toEqual(['good']);
    expect(result.retryMessages).toEqual([{ msgId: 'bad' }]);
    expect(retry).toHaveBeenCalledWith({ delaySeconds: backoffSeconds(1) });
    expect(graph.delivered).toHaveLength(2);
    expect(loggedEvents(errors)).toContainEqual(
      expect.objectContaining({ event: 'queue.malformed', messageId: 'bad', outcome: 'retried' }),
    );
  });
});

describe('the visitor message cap', () => {
  it('sends journey_users to one typed number at most 3 times in 24 h; owners are still told', async () => {
    const graph = new GraphStandin().install();
    const phone = uniqueMobile();
    const leads = Array.from({ length: 4 }, () => enquiryLead({ phone }));
    for (const lead of leads) await deliver(job(lead));
    const toVisitor = graph.delivered.filter((b) => b.template.name === 'journey_users');
    expect(toVisitor.map((b) => b.to)).toEqual([phone, phone, phone]);
    const toOwners = graph.delivered.filter((b) => b.template.name === 'journey_owner');
    expect(toOwners).toHaveLength(8);
    // A redelivered job of an earlier (uncapped) submission is not capped by the later ones.
    expect((await deliveries(leads[0]!.id)).filter((r) => r.template === 'journey_users')).toHaveLength(1);
  });

  it('is configurable with VISITOR_MESSAGES_PER_DAY', async () => {
    const graph = new GraphStandin().install();
    const phone = uniqueMobile('+9197');
    for (let i = 0; i < 2; i++) {
      await deliver(job(enquiryLead({ phone })), { env: graphEnv({ VISITOR_MESSAGES_PER_DAY: '1' }) });
    }
    expect(graph.delivered.filter((b) => b.template.name === 'journey_users')).toHaveLength(1);
  });
});
