import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import type { Env } from '../../src/env';
import { dayOf } from '../../src/store/sources/counters';
import { enquiryLead, job, newsletterLead } from '../fixtures/leads';
import { deliver } from '../support/queue';
import { allowConsoleErrors } from '../setup';
import { BUSINESS_ACCOUNT_ID, GRAPH_VARS, GraphStandin, HEARTBEAT_URL } from '../standins/whatsapp/graph-api';
import { createNewsletterStandin, newsletterEnv } from '../standins/newsletter/newsletter';
import { EMULATOR_HOST, firestoreEnv } from '../support/firestore';
import { getLeadStore } from '../../src/store/leads/open';

const ORIGIN = 'http://127.0.0.1:8787';
const VARS = {
  ...GRAPH_VARS,
  WHATSAPP_BUSINESS_ACCOUNT_ID: BUSINESS_ACCOUNT_ID,
  OWNER_EMAILS: 'priya@example.com,arjun@example.com',
  OPERATOR_EMAIL: 'ops@example.com',
  HEALTHCHECK_URL: HEARTBEAT_URL,
  // The cron refreshes the feeds too: from the bundled samples, so nothing goes to YouTube.
  YOUTUBE_SAMPLE_FEEDS: '1',
};
const workerEnv = { ...env, ...VARS } as unknown as Env;

/** One run of the cron, as Cloudflare starts it every 15 minutes. */
async function cron(cronEnv: Env = workerEnv, scheduledTime = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: '*/15 * * * *', scheduledTime }), cronEnv, ctx);
  await waitOnExecutionContext(ctx);
}

async function desk(path: string, deskEnv: Env = workerEnv) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`), deskEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const healthEmails = async () => {
  const { results } = await env.DB.prepare(
    `SELECT submission_id, recipient, status, channel, components FROM deliveries WHERE template = 'health_email'
     ORDER BY created_at, recipient`,
  ).all<{ submission_id: string; recipient: string; status: string; channel: string; components: string }>();
  return results.map((r) => {
    const [subject, text] = (JSON.parse(r.components) as { parameters: { text: string }[] }[]).map(
      (c) => c.parameters[0]!.text,
    );
    return { ...r, subject: subject!, text: text! };
  });
};

let graph: GraphStandin;
beforeEach(async () => {
  graph = new GraphStandin().install();
  await env.DB.batch([
    env.DB.prepare('DELETE FROM health'),
    env.DB.prepare('DELETE FROM deliveries'),
    env.DB.prepare('DELETE FROM dead_leads'),
    env.DB.prepare(
      "DELETE FROM daily_counts WHERE metric IN ('lead_parked', 'lead_unparked', 'turnstile_unreachable')",
    ),
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the self-check', () => {
  it('a revoked token: unhealthy naming WhatsApp, one email to each owner and the operator; fixed: one recovery email each', async () => {
    allowConsoleErrors();
    await cron();
    const healthy = await (await desk('/desk/health.json')).json<any>();
    expect(healthy).toMatchObject({ ok: true, checks: expect.any(Array) });
    expect(healthy.checks.map((c: any) => [c.name, c.ok])).toEqual([
      ['whatsapp', true],
      ['templates', true],
      ['store', true],
      ['feeds', true],
      ['media', true],
      ['deliveries', true],
      ['visitors', true],
      ['retention', true],
      ['newsletter', true],
      ['privacy', true],
      ['bookings', true],
      ['payments', true],
    ]);
    expect(await healthEmails()).toEqual([]);
    expect(graph.pings).toHaveLength(1);

    graph.expiredTokens = [GRAPH_VARS.WHATSAPP_TOKEN];
    await cron();
    const res = await desk('/desk/health.json');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const broken = await res.json<any>();
    expect(Object.keys(broken)).toEqual(['ok', 'checkedAt', 'checks']);
    expect(broken.ok).toBe(false);
    expect(Date.parse(broken.checkedAt)).toBeGreaterThan(Date.parse(healthy.checkedAt) - 1);
    const whatsapp = broken.checks.find((c: any) => c.name === 'whatsapp');
    expect(whatsapp).toEqual({ name: 'whatsapp', ok: false, detail: expect.stringContaining('code 190') });
    expect(whatsapp.detail).toContain('WHATSAPP_TOKEN');
    let emails = await healthEmails();
    expect(emails.map((e) => [e.recipient, e.status, e.channel]).sort()).toEqual([
      ['arjun@example.com', 'sent', 'log'],
      ['ops@example.com', 'sent', 'log'],
      ['priya@example.com', 'sent', 'log'],
    ]);
    expect(emails[0]!.subject).toBe('Website: WhatsApp, WhatsApp messages approved failing');
    expect(emails[0]!.text).toContain('WHATSAPP_TOKEN');
    expect(emails[0]!.text).toContain('http://127.0.0.1:8787/desk/health');
    // No heartbeat while unhealthy.
    expect(graph.pings).toHaveLength(1);

    // Still broken 15 minutes later: no more email.
    await cron();
    expect(await healthEmails()).toHaveLength(3);

    graph.expiredTokens = [];
    await cron();
    emails = await healthEmails();
    expect(emails).toHaveLength(6);
    const recovery = emails.slice(3);
    expect(recovery.map((e) => [e.recipient, e.subject]).sort()).toEqual([
      ['arjun@example.com', 'Website: everything is working again'],
      ['ops@example.com', 'Website: everything is working again'],
      ['priya@example.com', 'Website: everything is working again'],
    ]);
    expect((await (await desk('/desk/health.json')).json<any>()).ok).toBe(true);
    expect(graph.pings).toHaveLength(2);
    await cron();
    expect(await healthEmails()).toHaveLength(6);
  });

  it('names a number that is not registered with the Cloud API, and what to do', async () => {
    allowConsoleErrors();
    graph.registered = false;
    await cron();
    const whatsapp = (await (await desk('/desk/health.json')).json<any>()).checks.find(
      (c: any) => c.name === 'whatsapp',
    );
    expect(whatsapp).toEqual({
      name: 'whatsapp',
      ok: false,
      detail: expect.stringContaining('not registered with the Cloud API'),
    });
    expect(whatsapp.detail).toContain('npm run whatsapp:register');
  });

  it('names a template that is not approved, and what to do', async () => {
    allowConsoleErrors();
    graph.managed = graph.managed.map((t) => (t.name === 'quiz_owner' ? { ...t, status: 'PAUSED' } : t));
    graph.managed = graph.managed.filter((t) => t.name !== 'hourly_digest');
    await cron();
    const report = await (await desk('/desk/health.json')).json<any>();
    const templates = report.checks.find((c: any) => c.name === 'templates');
    expect(templates.ok).toBe(false);
    expect(templates.detail).toContain('quiz_owner is PAUSED');
    expect(templates.detail).toContain('hourly_digest is missing');
    expect(report.checks.find((c: any) => c.name === 'whatsapp').ok).toBe(true);
  });

  it('counts failed, unconfirmed and skipped messages, dead and parked leads; only owner-side faults are unhealthy', async () => {
    allowConsoleErrors();
    const now = Date.now();
    const row = (id: string, audience: string, status: string, extra: Record<string, string | null> = {}) => {
      const at = new Date(now - 20 * 60_000).toISOString();
      const cols = { skip_reason: null, channel: 'graph', receipt: null, sent_at: at, ...extra };
      return env.DB.prepare(
        `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, skip_reason, channel,
           receipt, components, created_at, updated_at, sent_at)
         VALUES (?, 'journey_owner', ?, 'enquiry', ?, ?, ?, ?, ?, '[]', ?, ?, ?)`,
      ).bind(
        id,
        `+9198000000${id.length}`,
        audience,
        status,
        cols.skip_reason,
        cols.channel,
        cols.receipt,
        at,
        at,
        cols.sent_at,
      );
    };
    // A visitor's failed message and a skipped unverified one are reported, not a fault.
    await env.DB.batch([
      row('v1', 'visitor', 'failed'),
      row('v22', 'visitor', 'skipped', { skip_reason: 'unverified' }),
    ]);
    await cron();
    let deliveries = (await (await desk('/desk/health.json')).json<any>()).checks.find(
      (c: any) => c.name === 'deliveries',
    );
    expect(deliveries.ok).toBe(true);
    expect(deliveries.detail).toContain('1 visitor messages failed, 1 skipped as unverified');

    // An owner alert sent 20 minutes ago and never confirmed delivered is a fault.
    await row('o333', 'owner', 'sent').run();
    await cron();
    deliveries = (await (await desk('/desk/health.json')).json<any>()).checks.find((c: any) => c.name === 'deliveries');
    expect(deliveries.ok).toBe(false);
    expect(deliveries.detail).toContain('1 unconfirmed after 15 min');

    // Confirmed; but a lead was refused for good and another is parked.
    await env.DB.prepare(`UPDATE deliveries SET receipt = 'delivered' WHERE submission_id = 'o333'`).run();
    await env.DB.prepare(
      `INSERT INTO dead_leads (id, kind, lead, reason, attempts, created_at) VALUES ('d1', 'enquiry', '{}', 'refused', 5, ?)`,
    )
      .bind(new Date().toISOString())
      .run();
    await cron();
    deliveries = (await (await desk('/desk/health.json')).json<any>()).checks.find((c: any) => c.name === 'deliveries');
    expect(deliveries.ok).toBe(false);
    expect(deliveries.detail).toContain('1 dead leads');

    // A lead parked while the store was down counts until it is written.
    const today = dayOf(Date.now());
    await env.DB.batch([
      env.DB.prepare('DELETE FROM dead_leads'),
      env.DB.prepare("INSERT INTO daily_counts (day, metric, count) VALUES (?, 'lead_parked', 1)").bind(today),
    ]);
    await cron();
    deliveries = (await (await desk('/desk/health.json')).json<any>()).checks.find((c: any) => c.name === 'deliveries');
    expect(deliveries).toMatchObject({ ok: false, detail: expect.stringContaining('1 leads parked now') });
    await env.DB.prepare("INSERT INTO daily_counts (day, metric, count) VALUES (?, 'lead_unparked', 1)")
      .bind(today)
      .run();
    await cron();
    deliveries = (await (await desk('/desk/health.json')).json<any>()).checks.find((c: any) => c.name === 'deliveries');
    expect(deliveries).toMatchObject({ ok: true, detail: expect.stringContaining('0 leads parked now') });
  });

  it("reports the day's visitor budget spent once: one email each, none more while it stays spent", async () => {
    allowConsoleErrors();
    // A budget of one visitor message a day; two enquiries from two numbers: the second visitor gets none.
    const spendEnv = { ...workerEnv, VISITOR_MESSAGES_DAILY_BUDGET: '1' } as Env;
    for (const phone of ['+919812300001', '+919812300002']) {
      await deliver(job(enquiryLead({ phone })), { env: spendEnv });
    }
    expect(graph.delivered.filter((b) => b.template.name === 'journey_users')).toHaveLength(1);

    await cron(spendEnv);
    const report = await (await desk('/desk/health.json')).json<any>();
    expect(report.ok).toBe(false);
    const visitors = report.checks.find((c: any) => c.name === 'visitors');
    expect(visitors).toEqual({
      name: 'visitors',
      ok: false,
      detail: expect.stringContaining("The day's 1 visitor messages are spent: 1 visitors got no confirmation today."),
    });
    expect(report.checks.filter((c: any) => !c.ok).map((c: any) => c.name)).toEqual(['visitors']);
    let emails = await healthEmails();
    expect(emails.map((e) => e.recipient).sort()).toEqual([
      'arjun@example.com',
      'ops@example.com',
      'priya@example.com',
    ]);
    expect(emails[0]!.text).toContain('VISITOR_MESSAGES_DAILY_BUDGET');

    // Still spent on the next runs: reported once, so no more email.
    await cron(spendEnv);
    await cron(spendEnv);
    emails = await healthEmails();
    expect(emails).toHaveLength(3);
  });

  it('shows on /desk/health and in the banner of every desk page, readable without the JSON', async () => {
    const before = await (await desk('/desk/health')).text();
    expect(before).toContain('Not checked yet');
    expect(await (await desk('/desk/health.json')).json()).toEqual({ ok: false, checkedAt: null, checks: [] });
    allowConsoleErrors();
    graph.expiredTokens = [GRAPH_VARS.WHATSAPP_TOKEN];
    await cron();
    const page = await (await desk('/desk/health')).text();
    expect(page).toContain('<h1 class="desk-title">Health</h1>');
    expect(page).toMatch(
      /<h2 class="desk-health-name">WhatsApp<\/h2><span class="desk-state desk-health-state-failing">Not working/,
    );
    expect(page).toContain('code 190');
    const inbox = await (await desk('/desk')).text();
    expect(inbox).toContain('Failing: WhatsApp, WhatsApp messages approved. See Health for what to do.');
    expect(inbox).toContain('href="/desk/health"');
    expect(page).not.toContain(GRAPH_VARS.WHATSAPP_TOKEN);
  });
});

describe.each(['d1', 'firestore'] as const)('the newsletter tool’s words (leads in %s)', (store) => {
  it('a Mailchimp refusal naming the address: health, its JSON, its email and the ledger give the tool and the code only', async () => {
    allowConsoleErrors();
    let storeVars = {};
    let firestore: ((request: Request) => Promise<Response>) | undefined;
    if (store === 'firestore') {
      const fs = await firestoreEnv('emulator');
      firestore = (request) => fs.standin.fetch(request);
      storeVars = { FIRESTORE_PROJECT_ID: fs.projectId, FIRESTORE_EMULATOR_HOST: EMULATOR_HOST };
    }
    const tools = createNewsletterStandin((request) =>
      firestore && new URL(request.url).host === EMULATOR_HOST ? firestore(request) : graph.fetch(request),
    ).install();
    const mcEnv = newsletterEnv('mailchimp', { ...VARS, ...storeVars } as Partial<Env>);
    const email = `refused.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const local = email.split('@')[0]!;
    // Mailchimp refuses the address as fake, naming it in its answer.
    tools.mailchimp.fakes.add(email);
    const lead = newsletterLead({ email });
    await getLeadStore(mcEnv).save(lead);
    await deliver({ type: 'newsletter', action: 'subscribe', subscriptionId: lead.id, email }, { env: mcEnv });

    await cron(mcEnv);
    const report = await (await desk('/desk/health.json', mcEnv)).json<{ checks: { name: string }[] }>();
    expect(report.checks.find((c) => c.name === 'newsletter')).toEqual({
      name: 'newsletter',
      ok: false,
      detail: expect.stringContaining(
        'Mailchimp refused 1 sign-up or unsubscribe in the last 24 h (last error code: 400).',
      ),
    });
    const page = await (await desk('/desk/health', mcEnv)).text();
    expect(page).toContain('(last error code: 400)');
    const emails = await healthEmails();
    expect(emails.map((e) => e.recipient).sort()).toEqual([
      'arjun@example.com',
      'ops@example.com',
      'priya@example.com',
    ]);
    for (const e of emails) expect(e.text).toContain('Newsletter: Mailchimp refused 1 sign-up');
    for (const text of [JSON.stringify(report), page, JSON.stringify(emails)]) {
      expect(text).not.toContain(local);
      expect(text).not.toContain('looks fake');
    }

    // The ledger holds the address only where it names the subscriber as the call's recipient, the row an
    // erasure finds; even there the tool's words are kept with the address masked.
    for (const table of ['deliveries', 'delivery_attempts']) {
      const { results } = await env.DB.prepare(`SELECT * FROM ${table}`).all<Record<string, unknown>>();
      for (const { recipient, ...rest } of results) {
        if (recipient === email) expect(rest.submission_id).toBe(lead.id);
        expect(JSON.stringify(rest)).not.toContain(local);
      }
    }
    const [row] = (
      await env.DB.prepare('SELECT last_error_code, last_error_message FROM deliveries WHERE submission_id = ?')
        .bind(lead.id)
        .all()
    ).results;
    expect(row).toEqual({
      last_error_code: '400',
      last_error_message: 'Invalid Resource: r***@***.com looks fake or invalid, please enter a real email address.',
    });
  });
});

describe('the cron’s Monday report', () => {
  it('goes to each owner with an address once, from the run at 08:00 on Monday (India time), not again that day', async () => {
    allowConsoleErrors();
    const reports = async () =>
      (
        await env.DB.prepare(
          `SELECT submission_id, recipient, status FROM deliveries WHERE template = 'weekly_report_email' ORDER BY recipient`,
        ).all()
      ).results;
    // Sunday 2031-04-06 23:45 and Monday 07:45 (India time): nothing yet.
    await cron(workerEnv, Date.parse('2031-04-06T18:15:00Z'));
    await cron(workerEnv, Date.parse('2031-04-07T02:15:00Z'));
    expect(await reports()).toEqual([]);
    // Monday 08:00 and 08:15: one each.
    await cron(workerEnv, Date.parse('2031-04-07T02:30:00Z'));
    await cron(workerEnv, Date.parse('2031-04-07T02:45:00Z'));
    expect(await reports()).toEqual([
      { submission_id: 'report:2031-04-07:Admin2', recipient: 'arjun@example.com', status: 'sent' },
      { submission_id: 'report:2031-04-07:Admin1', recipient: 'priya@example.com', status: 'sent' },
    ]);
  });
});
