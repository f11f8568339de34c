/**
 * The owners hear of a payment: payment_received to both owners through the ledger, once per payment however many
 * jobs ask (Razorpay's retries queue it again), with the amount in rupees and the lead's desk link; the email when
 * WhatsApp fails; nothing for a person erased since; a job that finds the payment not yet stored looks again. On D1.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { rupees } from '../../../src/payments/money';
import { erasePerson, findPerson } from '../../../src/desk/people/people';
import { personCopy } from '../../../src/desk/people/person-copy';
import { paymentAlertId } from '../../../src/notify/payments/payment-templates';
import { getPaymentStore } from '../../../src/store/payments/open';
import type { Job } from '../../../src/queue/jobs';
import { allowConsoleErrors } from '../../setup';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { loggedEvents } from '../../support/logs';
import {
  newRazorpay,
  paidEvent,
  payingLead,
  paymentsEnv,
  postRazorpay,
  requestPayment,
} from '../../payments/webhook-support';
import { uniqueMobile } from '../../support/shared';

afterEach(() => vi.unstubAllGlobals());

const SITE = 'http://127.0.0.1:8787';
const EMAILS = { OWNER_EMAILS: 'priya@example.com,arjun@example.com' };

/** The Worker with payments on, WhatsApp at the stand-in and two owners of this test's own. */
function setup(extra: Partial<Env> = {}) {
  const owners = [uniqueMobile('+9196'), uniqueMobile('+9196')];
  const workerEnv = paymentsEnv(
    graphEnv({
      ...EMAILS,
      OWNER_PHONES: owners.join(','),
      OWNER_NAMES: 'Priya,Arjun',
      ...extra,
    }),
  );
  const graph = new GraphStandin().install();
  const queued = captureQueue(workerEnv);
  const run = (type: Job['type']) => consume(workerEnv, takeJobs(queued, type));
  const sent = () =>
    graph.delivered.filter((b: { template?: { name: string } }) => b.template?.name === 'payment_received');
  return { workerEnv, owners, graph, queued, run, sent };
}

type Delivered = { to: string; template: { components: { type: string; parameters: { text: string }[] }[] } };
const params = (b: Delivered) => b.template.components.find((c) => c.type === 'body')!.parameters.map((p) => p.text);

/** A lead asked for ₹4,999 who paid it, through the webhook. */
async function paid(workerEnv: Env) {
  const razorpay = newRazorpay();
  const lead = await payingLead(workerEnv);
  const request = await requestPayment(workerEnv, razorpay, lead);
  const event = paidEvent(razorpay, request.linkId!);
  expect((await postRazorpay(workerEnv, event.body)).status).toBe(200);
  const payment = (await getPaymentStore(workerEnv).paymentByProviderId(event.payment.id))!;
  return { lead, request, event, payment };
}

describe('payment_received: the owners hear of a payment', () => {
  it('tells both owners once: who, how much in rupees, what for, the lead’s desk link', async () => {
    const { workerEnv, owners, queued, run, sent } = setup();
    const { lead, event, payment } = await paid(workerEnv);
    // Razorpay's retry of the same event with another delivery: a second job, no second alert.
    await postRazorpay(workerEnv, event.body);
    expect(queued.filter((j) => j.type === 'payment-alert')).toHaveLength(1);
    queued.push({ type: 'payment-alert', providerPaymentId: event.payment.id });
    await run('payment-alert');
    const link = `${SITE}/desk/leads/quiz/${lead.id}`;
    expect(sent().map((b: Delivered) => [b.to, params(b)])).toEqual([
      [owners[0], ['Priya', 'Asha Verma', '₹4,999', 'Retreats & Workshops', link]],
      [owners[1], ['Arjun', 'Asha Verma', '₹4,999', 'Retreats & Workshops', link]],
    ]);
    const { results } = await env.DB.prepare(
      `SELECT template, recipient, lead_kind, status FROM deliveries WHERE submission_id = ? ORDER BY recipient`,
    )
      .bind(paymentAlertId(payment.id))
      .all();
    expect(results.map((r) => [r.template, r.lead_kind, r.status])).toEqual([
      ['payment_received', 'payment', 'sent'],
      ['payment_received', 'payment', 'sent'],
    ]);
  });

  it('emails an owner whose alert fails, with the payment and its desk link; logs no name', async () => {
    allowConsoleErrors(); // the failed alert is logged as an error
    const logs = (['log', 'warn', 'error'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => {}),
    );
    const { workerEnv, owners, graph, run } = setup();
    graph.failRecipient(owners[0]!, 131026);
    const { lead, payment } = await paid(workerEnv);
    await run('payment-alert');
    await run('owner-fallback');
    const { results } = await env.DB.prepare(
      `SELECT recipient, status, components FROM deliveries WHERE audience = 'email' AND submission_id = ?`,
    )
      .bind(paymentAlertId(payment.id))
      .all<{ recipient: string; status: string; components: string }>();
    expect(results.map((r) => [r.recipient, r.status])).toEqual([['priya@example.com', 'sent']]);
    const [subject, text] = (JSON.parse(results[0]!.components) as { parameters: { text: string }[] }[]).map(
      (c) => c.parameters[0]!.text,
    );
    expect(subject).toBe('Payment received: ₹4,999 from Asha Verma');
    expect(text).toContain('Amount: ₹4,999');
    expect(text).toContain(`${SITE}/desk/leads/quiz/${lead.id}`);
    expect(text).toContain('The payment is recorded');
    const logged = JSON.stringify(logs.flatMap((spy) => loggedEvents(spy)));
    for (const secret of ['Asha', 'Verma']) expect(logged).not.toContain(secret);
  });

  it('puts the alerts in the person’s copy, and their erasure takes them (the receipt stays as the accounting copy)', async () => {
    const { workerEnv, run } = setup();
    const { lead, payment } = await paid(workerEnv);
    await run('payment-alert');
    const email = lead.kind === 'quiz' ? lead.contact.email : '';
    const copy = personCopy(await findPerson(workerEnv, { email }), new Date().toISOString());
    expect(copy.messages.filter((m) => m.template === 'payment_received')).toHaveLength(2);
    const rows = async () =>
      (await env.DB.prepare(`SELECT * FROM deliveries WHERE submission_id = ?`).bind(paymentAlertId(payment.id)).all())
        .results;
    expect(JSON.stringify(await rows())).toContain('Asha Verma');
    await erasePerson(workerEnv, { email }, [], 'owner@example.com');
    expect(JSON.stringify(await rows())).not.toContain('Asha');
    expect(await getPaymentStore(workerEnv).getPayment(payment.id)).toMatchObject({
      receipt: { number: payment.receipt.number },
    });
  });

  it('tells no one of an erased person’s payment, and looks again for one not yet stored', async () => {
    const { workerEnv, queued, sent } = setup();
    const { lead } = await paid(workerEnv);
    await getPaymentStore(workerEnv).eraseLead({ kind: 'quiz', id: lead.id }, new Date().toISOString());
    expect((await consume(workerEnv, takeJobs(queued, 'payment-alert'))).explicitAcks).toHaveLength(1);
    expect(sent()).toHaveLength(0);
    const early = await consume(workerEnv, [{ type: 'payment-alert', providerPaymentId: 'pay_NotStoredYet01' }]);
    expect(early.delays).toEqual([60]);
  });
});

describe('rupees', () => {
  it('writes paise as rupees with Indian grouping, paise only when there are some', () => {
    expect([rupees(499900), rupees(12500000), rupees(499950), rupees(100)]).toEqual([
      '₹4,999',
      '₹1,25,000',
      '₹4,999.50',
      '₹1',
    ]);
  });
});
