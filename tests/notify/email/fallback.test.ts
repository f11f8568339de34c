import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { BindingEmailSender, createEmailSender, emailMessage } from '../../../src/notify/email/email';
import { enquiryLead, job, quizLead } from '../../fixtures/leads';
import { deliver, ledgerRows } from '../../support/queue';
import { allowConsoleErrors } from '../../setup';
import { GRAPH_VARS, GraphStandin } from '../../standins/whatsapp/graph-api';

const EMAILS = { OWNER_EMAILS: 'priya@example.com,arjun@example.com' };

/** A Worker env whose queue producer records what it is sent (the jobs the consumer would get next). */
function workerEnv(vars: Record<string, string> = EMAILS) {
  const sent: { body: any; delaySeconds?: number }[] = [];
  const JOBS = {
    send: async (body: unknown, options?: { delaySeconds?: number }) => {
      sent.push({ body, delaySeconds: options?.delaySeconds });
    },
  };
  return { env: { ...env, ...GRAPH_VARS, ...vars, JOBS } as unknown as Env, sent };
}

const rows = (submissionId: string) =>
  ledgerRows<{
    template: string;
    recipient: string;
    audience: string;
    status: string;
    channel: string;
    components: string;
  }>(submissionId, 'template, recipient, audience, status, channel, components', 'audience, template, recipient');

const emailRows = async (id: string) => (await rows(id)).filter((r) => r.audience === 'email');
const fallbacks = (sent: { body: any; delaySeconds?: number }[]) =>
  sent.filter((s) => s.body.type === 'owner-fallback');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the owners’ second channel', () => {
  it('an owner alert refused for good (190) is emailed to each owner once, with the lead and its desk link', async () => {
    allowConsoleErrors();
    const graph = new GraphStandin().install();
    graph.expiredTokens = [GRAPH_VARS.WHATSAPP_TOKEN];
    const lead = enquiryLead();
    const { env: e, sent } = workerEnv();
    await deliver(job(lead), { env: e });
    // Each owner's failed alert asks for its email at once (no delay); the visitor's failed thank-you does not.
    expect(fallbacks(sent).map((s) => [s.body.recipient, s.body.template, s.delaySeconds])).toEqual([
      ['+919800000001', 'journey_owner', undefined],
      ['+919800000002', 'journey_owner', undefined],
    ]);
    for (const s of fallbacks(sent)) await deliver(s.body, { env: e });
    // A second request for the same alert (the webhook's, the timer's) sends nothing more.
    for (const s of fallbacks(sent)) await deliver(s.body, { env: e });

    const emails = await emailRows(lead.id);
    expect(emails.map((r) => [r.template, r.recipient, r.status, r.channel])).toEqual([
      ['owner_alert_email', 'arjun@example.com', 'sent', 'log'],
      ['owner_alert_email', 'priya@example.com', 'sent', 'log'],
    ]);
    const [subject, text] = JSON.parse(emails[0]!.components).map((c: any) => c.parameters[0].text);
    expect(subject).toBe('New enquiry lead: Asha Verma');
    expect(text).toContain('Name: Asha Verma');
    expect(text).toContain('Email: asha@example.com');
    expect(text).toContain('Phone: +919812345678');
    expect(text).toContain('WhatsApp error 190');
    expect(text).toContain(`http://127.0.0.1:8787/desk/leads/enquiry/${lead.id}`);
  });

  it('an alert sent through the Graph API starts the confirmation timer; delivered in time, nothing is emailed', async () => {
    new GraphStandin().install();
    const lead = quizLead();
    const { env: e, sent } = workerEnv();
    await deliver(job(lead), { env: e });
    const timers = fallbacks(sent);
    expect(timers.map((s) => [s.body.template, s.delaySeconds])).toEqual([
      ['quiz_owner', 15 * 60],
      ['quiz_owner', 15 * 60],
    ]);
    // Delivered early by the queue: it waits out the rest of the 15 minutes.
    const early = await deliver(timers[0]!.body, { env: e });
    expect(early.retryMessages).toHaveLength(1);
    expect(early.delays[0]).toBeGreaterThan(14 * 60);
    expect(early.delays[0]).toBeLessThanOrEqual(15 * 60);
    // WhatsApp confirmed it: the timer ends with no email.
    await env.DB.prepare(`UPDATE deliveries SET receipt = 'delivered' WHERE submission_id = ? AND audience = 'owner'`)
      .bind(lead.id)
      .run();
    const confirmed = await deliver(timers[0]!.body, { env: e });
    expect(confirmed.explicitAcks).toHaveLength(1);
    expect(await emailRows(lead.id)).toEqual([]);
  });

  it('an alert still unconfirmed after OWNER_ALERT_CONFIRM_MINUTES is emailed, saying why', async () => {
    new GraphStandin().install();
    const lead = enquiryLead();
    const { env: e, sent } = workerEnv();
    await deliver(job(lead), { env: e });
    const past = new Date(Date.now() - 16 * 60_000).toISOString();
    await env.DB.prepare(`UPDATE deliveries SET sent_at = ? WHERE submission_id = ?`).bind(past, lead.id).run();
    for (const s of fallbacks(sent)) await deliver(s.body, { env: e });
    const emails = await emailRows(lead.id);
    expect(emails).toHaveLength(2);
    expect(JSON.parse(emails[0]!.components)[1].parameters[0].text).toContain('had not confirmed');
  });

  it('is off without OWNER_EMAILS, and never for a visitor’s message or an alert folded into the digest', async () => {
    allowConsoleErrors();
    const graph = new GraphStandin().install();
    graph.expiredTokens = [GRAPH_VARS.WHATSAPP_TOKEN];
    const off = workerEnv({});
    await deliver(job(enquiryLead()), { env: off.env });
    expect(fallbacks(off.sent)).toEqual([]);

    // One alert per hour: the second lead's alerts are folded into the digest, so no email for them.
    const capped = workerEnv({ ...EMAILS, OWNER_ALERTS_PER_HOUR: '0' });
    graph.expiredTokens = [];
    const lead = enquiryLead();
    await deliver(job(lead), { env: capped.env });
    expect(fallbacks(capped.sent)).toEqual([]);
    expect((await rows(lead.id)).filter((r) => r.audience === 'owner').map((r) => r.status)).toEqual([
      'skipped',
      'skipped',
    ]);
  });

  it('a failed alert email resent from the desk goes out by email, not WhatsApp', async () => {
    const graph = new GraphStandin().install();
    const id = crypto.randomUUID();
    const message = emailMessage('owner_alert_email', 'priya@example.com', 'Subject', 'Text');
    const now = new Date().toISOString();
    await env.DB.prepare(
      `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, components, created_at, updated_at)
       VALUES (?, 'owner_alert_email', 'priya@example.com', 'enquiry', 'email', 'replay', ?, ?, ?)`,
    )
      .bind(id, JSON.stringify(message.components), now, now)
      .run();
    const { env: e } = workerEnv();
    await deliver({ type: 'replay-deliveries' }, { env: e });
    expect((await emailRows(id)).map((r) => [r.status, r.channel])).toEqual([['sent', 'log']]);
    expect(graph.received).toEqual([]);
  });
});

describe('the email port', () => {
  it('sends through the send_email binding from ALERT_EMAIL_FROM', async () => {
    const calls: unknown[] = [];
    const binding = {
      send: async (m: unknown) => {
        calls.push(m);
        return { messageId: 'email-1' };
      },
    } as unknown as SendEmail;
    const outcome = await new BindingEmailSender(binding, 'alerts@example.com').send(
      emailMessage('health_email', 'priya@example.com', 'Website: WhatsApp failing', 'Line one\nLine two'),
    );
    expect(outcome).toEqual({ kind: 'sent', messageId: 'email-1' });
    expect(calls).toEqual([
      {
        from: 'alerts@example.com',
        to: 'priya@example.com',
        subject: 'Website: WhatsApp failing',
        text: 'Line one\nLine two',
      },
    ]);
  });

  it('a refused email (an unverified destination) fails for good, and production without a sender cannot send', async () => {
    const binding = {
      send: async () => {
        throw new Error('destination address is not a verified address');
      },
    } as unknown as SendEmail;
    const outcome = await new BindingEmailSender(binding, 'alerts@example.com').send(
      emailMessage('health_email', 'priya@example.com', 'S', 'T'),
    );
    expect(outcome).toMatchObject({ kind: 'permanent', code: 'email_refused' });
    const production = { ...env, ENVIRONMENT: 'production', EMAIL: binding } as unknown as Env;
    expect(createEmailSender(production).channel).toBe('none');
    expect(createEmailSender({ ...production, ALERT_EMAIL_FROM: 'alerts@example.com' } as Env).channel).toBe('email');
    expect(createEmailSender(env).channel).toBe('log');
  });
});
