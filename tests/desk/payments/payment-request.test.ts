/**
 * Asking a lead for payment from their page: the form only when payments are set up (why not, when set but
 * unusable), bad input refused by its field with nothing stored, one link per form however often it is posted,
 * the link to the person through the ledger once (a text inside WhatsApp's window, the template outside it,
 * nothing to a number that opted out), by email once to the address the lead gave, a refusal of the tool by the
 * field, and cancelling a request.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead } from '../../fixtures/leads';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { createRazorpayStandin, razorpayEnv } from '../../standins/razorpay/razorpay';
import { EmailStandin } from '../../standins/email';
import { callWorker, postForm } from '../../support/api';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { inbound, postWebhook, webhookBody, WEBHOOK_SECRETS } from '../../support/whatsapp-webhook';

afterEach(() => vi.unstubAllGlobals());

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The payment settings of razorpayEnv alone (its other values are the base env's, which would undo graphEnv's). */
const PAYMENT_VARS = Object.fromEntries(
  Object.entries(razorpayEnv()).filter(([k]) => /^(PAYMENT_PROVIDER|RAZORPAY_|BUSINESS_)/.test(k)),
) as Partial<Env>;

function setup(extra: Partial<Env> = {}) {
  const graph = new GraphStandin();
  const razorpay = createRazorpayStandin((request) => graph.fetch(request)).install();
  const workerEnv = graphEnv({ ...PAYMENT_VARS, ...WEBHOOK_SECRETS, ...extra });
  const queued = captureQueue(workerEnv);
  const page = async (path: string) => (await callWorker(workerEnv, path)).text();
  const linkCalls = () => razorpay.razorpay.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payment_links');
  return { graph, razorpay: razorpay.razorpay, workerEnv, queued, page, linkCalls };
}

/** An enquiry lead, stored; its number wrote `hoursAgo` before now when given. */
async function lead(workerEnv: Env, hoursAgo?: number) {
  const bookingRef = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  const saved = enquiryLead({ phone: uniqueMobile(), name: 'Asha Verma', bookingRef });
  await getLeadStore(workerEnv).save(saved);
  if (hoursAgo !== undefined) {
    const message = inbound(saved.phone, nowSeconds() - Math.round(hoursAgo * 3600), 'text', { body: 'hello' });
    expect((await postWebhook(workerEnv, webhookBody({ messages: [message] }))).status).toBe(200);
  }
  return { lead: saved, path: `/desk/leads/enquiry/${saved.id}` };
}

const formIdOf = (html: string) => /name="formId" value="([^"]+)"/.exec(html)![1]!;

const requestsOf = async (leadId: string) =>
  (
    await env.DB.prepare(`SELECT request FROM payment_requests WHERE lead_id = ?`)
      .bind(leadId)
      .all<{ request: string }>()
  ).results.map((r) => JSON.parse(r.request) as { status: string; linkId?: string; reference: string });

describe('the payment form on a lead’s page', () => {
  it('is not there when payments are off, and says why when they are set but not usable', async () => {
    const off = graphEnv();
    const { path } = await lead(off);
    const page = await (await callWorker(off, path)).text();
    expect(page).not.toContain('Ask for payment');
    expect(page).not.toContain('Payments are not set up');
    expect((await postForm(off, `${path}/payment-request`, { formId: 'x'.repeat(32) })).status).toBe(404);

    const { page: broken } = setup({ RAZORPAY_KEY_ID: 'not-a-key' });
    const html = await broken(path);
    expect(html).toContain('Payments are not set up: RAZORPAY_KEY_ID must be a Razorpay key id');
    expect(html).not.toContain('Make the payment link');
  });

  it('refuses a bad amount, deposit or description by the field, storing nothing and making no link', async () => {
    const { workerEnv, page, linkCalls } = setup();
    const { lead: l, path } = await lead(workerEnv);
    const formId = formIdOf(await page(path));
    const cases: [Record<string, string>, string][] = [
      [{ amount: 'abc', description: 'Coaching' }, 'Enter the amount in rupees'],
      [{ amount: '0', description: 'Coaching' }, 'Enter the amount in rupees'],
      [{ amount: '4999', description: 'Coaching', deposit: '4999' }, 'Enter the deposit in rupees'],
      [{ amount: '4999', description: '' }, 'Say what the payment is for'],
      [{ amount: '4999', description: 'x'.repeat(201) }, 'Say what the payment is for'],
    ];
    for (const [fields, message] of cases) {
      const res = await postForm(workerEnv, `${path}/payment-request`, { formId, program: '', ...fields });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toMatch(new RegExp(`class="desk-field-error">${message}`));
      // What was typed comes back in the form.
      if (fields.amount) expect(html).toContain(`value="${fields.amount}"`);
    }
    expect(await requestsOf(l.id)).toEqual([]);
    expect(linkCalls()).toEqual([]);
  });

  it('makes one link for a form posted twice, shows it on the page and sends it once as a text inside the window', async () => {
    const { workerEnv, page, linkCalls, queued, graph } = setup();
    const { lead: l, path } = await lead(workerEnv, 1);
    const formId = formIdOf(await page(path));
    const fields = { formId, program: '', amount: '4,999', description: 'Coaching, 4 sessions', deposit: '1000' };
    for (let i = 0; i < 2; i++) {
      const res = await postForm(workerEnv, `${path}/payment-request`, fields);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(path);
    }
    expect(linkCalls()).toHaveLength(1);
    expect(linkCalls()[0]!.body).toMatchObject({
      amount: 499_900,
      currency: 'INR',
      accept_partial: true,
      first_min_partial_amount: 100_000,
      description: 'Coaching, 4 sessions',
    });
    const [request] = await requestsOf(l.id);
    expect(request).toMatchObject({ status: 'created', linkId: expect.stringMatching(/^plink_/) });
    expect(request!.reference).toMatch(new RegExp(`^${l.bookingRef}-[0-9a-f]{8}$`));

    const html = await page(path);
    expect(html).toMatch(/Requested ₹4,999 for Coaching, 4 sessions, expires \d{1,2} \w{3} \d{4}/);
    expect(html).toContain('Waiting for payment');
    expect(html).toContain('Cancel request');
    // A fresh form id at each render: the next post is a new request.
    expect(formIdOf(html)).not.toBe(formId);

    const jobs = takeJobs(queued, 'desk-reply');
    expect(jobs).toHaveLength(1);
    await consume(workerEnv, jobs);
    const texts = graph.delivered.filter(
      (b: { to?: string; type?: string }) => b.to === l.phone.slice(1) || b.to === l.phone,
    );
    expect(texts).toHaveLength(1);
    expect(texts[0].type).toBe('text');
    expect(texts[0].text.body).toContain(
      'Hello Asha, your payment of ₹4,999 for Coaching, 4 sessions can be made here: https://',
    );
  });

  it('emails the link once to the address the lead gave, from the result email’s sender, however often the form is posted', async () => {
    const FROM = 'priya@coach.example';
    const email = new EmailStandin([FROM]);
    const { workerEnv, page, queued } = setup({ RESULT_EMAIL_FROM: FROM, EMAIL: email.binding } as Partial<Env>);
    const address = `pay-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const l = enquiryLead({ phone: uniqueMobile(), name: 'Asha Verma', email: address });
    await getLeadStore(workerEnv).save(l);
    const path = `/desk/leads/enquiry/${l.id}`;
    const formId = formIdOf(await page(path));
    const fields = { formId, program: '', amount: '2500', description: 'One session', deposit: '' };
    for (let i = 0; i < 2; i++) expect((await postForm(workerEnv, `${path}/payment-request`, fields)).status).toBe(303);

    const jobs = takeJobs(queued, 'payment-request-email');
    expect(jobs).toHaveLength(1);
    // The job run twice (a redelivery) still sends one email: the ledger holds it once per request and address.
    await consume(workerEnv, [...jobs, ...jobs]);
    const [sent, ...more] = email.to(address);
    expect(more).toEqual([]);
    expect(sent!.from).toEqual({ email: FROM, name: 'Priya Raman' });
    expect(sent!.subject).toBe('Your payment of ₹2,500 for One session');
    expect(sent!.text).toMatch(
      /^Hello Asha,\n\nYour payment of ₹2,500 for One session can be made here \(UPI, cards or netbanking\), until \d{1,2} \w+ \d{4}:\nhttps:\/\/rzp\.io\/rzp\/\w+\n/,
    );
    const rows = await env.DB.prepare(`SELECT status, audience FROM deliveries WHERE recipient = ?`)
      .bind(address)
      .all<{ status: string; audience: string }>();
    expect(rows.results).toEqual([{ status: 'sent', audience: 'visitor' }]);
  });

  it('sends the payment_request template outside the window, and nothing to a number that opted out', async () => {
    const { workerEnv, page, queued, graph } = setup();
    const closed = await lead(workerEnv);
    const ask = async (path: string) =>
      postForm(workerEnv, `${path}/payment-request`, {
        formId: formIdOf(await page(path)),
        amount: '2500',
        description: 'One session',
      });
    expect((await ask(closed.path)).status).toBe(303);
    await consume(workerEnv, takeJobs(queued, 'desk-reply'));
    const template = graph.delivered.filter((b: { type?: string }) => b.type === 'template');
    expect(template).toHaveLength(1);
    expect(template[0].template.name).toBe('payment_request');
    const params = template[0].template.components[0].parameters.map((p: { text: string }) => p.text);
    expect(params.slice(0, 3)).toEqual(['Asha', '₹2,500', 'One session']);
    expect(params[3]).toMatch(/^https:\/\//);

    const stopped = await lead(workerEnv);
    expect((await postForm(workerEnv, `${stopped.path}/opt-out`, { confirm: 'yes' })).status).toBe(303);
    const before = graph.delivered.length;
    expect((await ask(stopped.path)).status).toBe(303);
    expect(takeJobs(queued, 'desk-reply')).toEqual([]);
    expect(graph.delivered).toHaveLength(before);
    const skipped = await env.DB.prepare(`SELECT status, skip_reason FROM deliveries WHERE recipient = ?`)
      .bind(stopped.lead.phone)
      .all();
    expect(skipped.results).toMatchObject([{ status: 'skipped', skip_reason: 'opted_out' }]);
  });

  it('shows the tool’s refusal by the field and marks the request, then cancels one that was made', async () => {
    const { workerEnv, page, razorpay, linkCalls } = setup();
    const { lead: l, path } = await lead(workerEnv);
    razorpay.fail = { status: 400, times: 1 };
    const refused = await postForm(workerEnv, `${path}/payment-request`, {
      formId: formIdOf(await page(path)),
      amount: '4999',
      description: 'Coaching',
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('The payment tool refused the link:');
    expect(await requestsOf(l.id)).toMatchObject([{ status: 'cancelled' }]);
    expect(await requestsOf(l.id)).not.toMatchObject([{ linkId: expect.anything() }]);

    const made = await postForm(workerEnv, `${path}/payment-request`, {
      formId: formIdOf(await page(path)),
      amount: '4999',
      description: 'Coaching',
    });
    expect(made.status).toBe(303);
    expect(linkCalls()).toHaveLength(2);
    const html = await page(path);
    const cancel = /action="([^"]+\/cancel)"/.exec(html)![1]!;
    expect((await postForm(workerEnv, cancel, {})).status).toBe(303);
    const open = (await requestsOf(l.id)).find((r) => r.linkId);
    expect(open).toMatchObject({ status: 'cancelled', cancelledBy: 'owner@localhost' });
    expect(razorpay.links.get(open!.linkId!)?.status).toBe('cancelled');
    const after = await page(path);
    expect(after).toContain('Cancelled by owner@localhost');
    expect(after).not.toContain('Cancel request');
  });
});
