/**
 * The delivery ledger's budgets: per visitor number, per day in all, per owner per
 * hour with an end-of-hour digest, Turnstile's verdict, and pruning. Every check is
 * one statement on an index.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { windowsAt } from '../../../src/notify/ledger/budget-windows';
import { pruneDeliveries } from '../../../src/notify/ledger/prune';
import { enquiryLead, job, newsletterLead } from '../../fixtures/leads';
import { deliver, ledgerRows, visitorMessagesToday } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { getConversationStore } from '../../../src/store/conversations/open';
import { GRAPH_VARS, GraphStandin } from '../../standins/whatsapp/graph-api';

/** Owners of their own per test, so hourly counts never carry over between tests. */
const ownEnv = (extra: Partial<Env> = {}): Env => ({
  ...env,
  ...GRAPH_VARS,
  OWNER_PHONES: `${uniqueMobile('+9196')},${uniqueMobile('+9195')}`,
  ...extra,
});

const rows = (submissionId: string) =>
  ledgerRows<{ template: string; recipient: string; audience: string; status: string; skip_reason: string | null }>(
    submissionId,
    'template, recipient, audience, status, skip_reason',
  );

afterEach(() => vi.unstubAllGlobals());

/**
 * Two owner alerts an hour, with windows 180 times shorter (development only): an hour lasts twenty seconds.
 * Starts right after an hour begins, so what a test sends next falls in one hour; `send` spies on the queue. Five
 * seconds (720 times) were too few on a loaded machine: seven deliveries ran into the next hour and made a third
 * digest.
 */
async function twentySecondHours() {
  const graph = new GraphStandin().install();
  const hourMs = 20_000;
  const workerEnv = ownEnv({ OWNER_ALERTS_PER_HOUR: '2', ENVIRONMENT: 'development', BUDGET_WINDOW_SCALE: '180' });
  const [owner1, owner2] = workerEnv.OWNER_PHONES!.split(',');
  await new Promise((r) => setTimeout(r, hourMs - (Date.now() % hourMs) + 20));
  const send = vi.spyOn(workerEnv.JOBS, 'send');
  return { graph, hourMs, workerEnv, owner1, owner2, send };
}

describe('per visitor number (VISITOR_MESSAGES_PER_DAY)', () => {
  it('is race-free: six concurrent enquiries to one number send journey_users exactly 3 times', async () => {
    const graph = new GraphStandin().install();
    const phone = uniqueMobile('+9197');
    const workerEnv = ownEnv();
    const leads = Array.from({ length: 6 }, () => enquiryLead({ phone }));
    await Promise.all(leads.map((lead) => deliver(job(lead), { env: workerEnv })));
    expect(graph.delivered.filter((b) => b.template.name === 'journey_users')).toHaveLength(3);
    const visitorRows = (await Promise.all(leads.map((l) => rows(l.id))))
      .flat()
      .filter((r) => r.audience === 'visitor');
    expect(visitorRows.filter((r) => r.status === 'sent')).toHaveLength(3);
    expect(visitorRows.filter((r) => r.status === 'skipped').map((r) => r.skip_reason)).toEqual(['cap', 'cap', 'cap']);
    // The owners were told about all six.
    expect(graph.delivered.filter((b) => b.template.name === 'journey_owner')).toHaveLength(12);
  });
});

describe('the global daily budget (VISITOR_MESSAGES_DAILY_BUDGET)', () => {
  it('past the budget the visitor message is skipped with reason budget; the lead is told to the owners', async () => {
    const graph = new GraphStandin().install();
    const budget = (await visitorMessagesToday()) + 2;
    const workerEnv = ownEnv({ VISITOR_MESSAGES_DAILY_BUDGET: String(budget) });
    const leads = Array.from({ length: 3 }, () => enquiryLead({ phone: uniqueMobile('+9197') }));
    for (const lead of leads) await deliver(job(lead), { env: workerEnv });
    expect(graph.delivered.filter((b) => b.template.name === 'journey_users')).toHaveLength(2);
    const last = await rows(leads[2]!.id);
    expect(last.find((r) => r.audience === 'visitor')).toMatchObject({ status: 'skipped', skip_reason: 'budget' });
    expect(last.filter((r) => r.audience === 'owner').map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('counts the calendar day in India: it turns at 18:30 UTC', () => {
    expect(windowsAt(new Date('2026-11-21T18:29:59Z'))).toMatchObject({
      dayStart: '2026-11-20T18:30:00.000Z',
      dayEnd: '2026-11-21T18:30:00.000Z',
    });
    expect(windowsAt(new Date('2026-11-21T18:30:00Z')).dayStart).toBe('2026-11-21T18:30:00.000Z');
    expect(windowsAt(new Date('2026-11-21T05:59:59Z'))).toMatchObject({
      hourStart: '2026-11-21T05:00:00.000Z',
      hourEnd: '2026-11-21T06:00:00.000Z',
      since: '2026-11-20T05:59:59.000Z',
    });
  });
});

describe('Turnstile verdict', () => {
  it('an unverified submission is kept, sends nothing to the typed number, and reaches the owners only as a digest count', async () => {
    const graph = new GraphStandin().install();
    const workerEnv = ownEnv();
    const send = vi.spyOn(workerEnv.JOBS, 'send');
    const lead = enquiryLead({ phone: uniqueMobile('+9197'), verified: false });
    await deliver(job(lead), { env: workerEnv });
    expect(graph.delivered).toEqual([]);
    expect((await rows(lead.id)).map((r) => [r.audience, r.status, r.skip_reason])).toEqual([
      ['owner', 'skipped', 'unverified'],
      ['owner', 'skipped', 'unverified'],
      ['visitor', 'skipped', 'unverified'],
    ]);
    const digests = send.mock.calls.map(([body]) => body as { type: string }).filter((b) => b.type === 'digest');
    expect(digests).toHaveLength(2);
  });

  it('a submission whose token could not be checked (siteverify unreachable) tells the owners at once, never the visitor', async () => {
    const graph = new GraphStandin().install();
    const lead = enquiryLead({ phone: uniqueMobile('+9197'), verified: false, unchecked: true });
    await deliver(job(lead), { env: ownEnv() });
    expect(graph.delivered.map((b) => b.template.name)).toEqual(['journey_owner', 'journey_owner']);
    expect((await rows(lead.id)).find((r) => r.audience === 'visitor')).toMatchObject({
      status: 'skipped',
      skip_reason: 'unverified',
    });
  });

  it('a flood of unverified spam takes no place a verified lead needs, and none of its text reaches a phone', async () => {
    const { graph, hourMs, workerEnv, owner1, owner2, send } = await twentySecondHours();
    const real = () => enquiryLead({ phone: uniqueMobile('+9197'), description: 'A retreat for my team' });
    for (const lead of [real(), real()]) await deliver(job(lead), { env: workerEnv });
    const spam = Array.from({ length: 5 }, (_, i) =>
      enquiryLead({ phone: uniqueMobile('+9197'), verified: false, description: `SPAM-${i} cheap followers` }),
    );
    for (const lead of spam) await deliver(job(lead), { env: workerEnv });
    // The cap of 2 is used by the two real leads; the spam is counted for the digest, never sent.
    const before = graph.delivered.length;
    expect(
      graph.delivered
        .filter((b) => b.template.name === 'journey_owner')
        .map((b) => b.to)
        .sort(),
    ).toEqual([owner1, owner1, owner2, owner2].sort());
    expect(JSON.stringify(graph.delivered)).not.toContain('SPAM');
    expect(JSON.stringify(graph.delivered)).not.toContain('cheap followers');
    const digests = send.mock.calls
      .map(([body]) => body as { type: string; hourStart: string })
      .filter((d) => d.type === 'digest');
    expect(digests).toHaveLength(2);
    await new Promise((r) => setTimeout(r, Date.parse(digests[0]!.hourStart) + hourMs - Date.now() + 100));
    for (const digest of digests) await deliver(digest, { env: workerEnv });
    const sent = graph.delivered.slice(before).filter((b) => b.template.name === 'hourly_digest');
    expect(sent.map((b) => b.template.components[0].parameters[1].text)).toEqual(['5', '5']);
    expect(JSON.stringify(sent)).not.toContain('SPAM');
  }, 90_000);

  it('past the cap, unverified submissions do not push a verified lead into the digest', async () => {
    const graph = new GraphStandin().install();
    const workerEnv = ownEnv({ OWNER_ALERTS_PER_HOUR: '1' });
    for (let i = 0; i < 5; i++) {
      await deliver(job(enquiryLead({ phone: uniqueMobile('+9197'), verified: false, description: 'SPAM' })), {
        env: workerEnv,
      });
    }
    const lead = enquiryLead({ phone: uniqueMobile('+9197') });
    await deliver(job(lead), { env: workerEnv });
    expect((await rows(lead.id)).map((r) => [r.audience, r.status])).toEqual([
      ['owner', 'sent'],
      ['owner', 'sent'],
      ['visitor', 'sent'],
    ]);
    expect(graph.delivered.map((b) => b.template.name)).toEqual(['journey_users', 'journey_owner', 'journey_owner']);
  });
});

describe('owner alerts per hour (OWNER_ALERTS_PER_HOUR) and the digest', () => {
  it('folds alerts past the cap into one end-of-hour digest per owner, "N more leads in the last hour" and the conversations waiting', async () => {
    const { graph, hourMs, workerEnv, owner1, owner2, send } = await twentySecondHours();
    const leads = Array.from({ length: 5 }, () => newsletterLead());
    for (const lead of leads) await deliver(job(lead), { env: workerEnv });

    expect(graph.delivered.map((b) => b.to).sort()).toEqual([owner1, owner1, owner2, owner2].sort());
    const folded = (await Promise.all(leads.slice(2).map((l) => rows(l.id)))).flat();
    expect(folded.map((r) => [r.status, r.skip_reason])).toEqual(Array(6).fill(['skipped', 'hourly_cap']));
    // One digest job per owner, queued for the end of the hour.
    const digests = send.mock.calls.map(([body]) => body as { type: string; recipient: string; hourStart: string });
    expect(
      digests
        .filter((d) => d.type === 'digest')
        .map((d) => d.recipient)
        .sort(),
    ).toEqual([owner1, owner2].sort());

    // A visitor wrote five hours ago and no owner answered: the digest counts the conversation as waiting.
    await getConversationStore(workerEnv).receive({
      id: `wamid.digest-${uniqueMobile('+9194')}`,
      phone: uniqueMobile('+9194'),
      at: new Date(Date.now() - 5 * 3_600_000).toISOString(),
      type: 'text',
      text: 'Hello?',
      leads: [],
    });
    const hourEnd = Date.parse(digests[0]!.hourStart) + hourMs;
    await new Promise((r) => setTimeout(r, hourEnd - Date.now() + 100));
    for (const digest of digests) await deliver(digest, { env: workerEnv });
    const sent = graph.delivered.filter((b) => b.template.name === 'hourly_digest');
    expect(sent.map((b) => b.to).sort()).toEqual([owner1, owner2].sort());
    expect(sent[0]!.template.components[0].parameters[1].text).toBe('3');
    expect(sent.map((b) => b.template.components[0].parameters[2].text)).toEqual(['1', '1']);
    expect(sent[0]!.template.components[0].parameters[3].text).toMatch(/\/desk$/);
    // A redelivered digest job sends nothing twice.
    for (const digest of digests) await deliver(digest, { env: workerEnv });
    expect(graph.delivered.filter((b) => b.template.name === 'hourly_digest')).toHaveLength(2);
  }, 90_000);

  it('ignores BUDGET_WINDOW_SCALE outside development', async () => {
    const graph = new GraphStandin().install();
    const workerEnv = ownEnv({ OWNER_ALERTS_PER_HOUR: '1', ENVIRONMENT: 'production', BUDGET_WINDOW_SCALE: '3600' });
    const send = vi.spyOn(workerEnv.JOBS, 'send');
    for (let i = 0; i < 2; i++) await deliver(job(newsletterLead()), { env: workerEnv });
    const digest = send.mock.calls.map(([, options]) => options?.delaySeconds).filter((d) => d !== undefined);
    // The digest waits for the end of a real clock hour: more than a second, at most an hour.
    expect(digest).toHaveLength(2);
    for (const delay of digest) expect(delay).toBeGreaterThan(1);
    expect(graph.delivered).toHaveLength(2);
  });
});

describe('indexes', () => {
  it('no budget check scans the deliveries table', async () => {
    const w = windowsAt(new Date());
    const plans = await Promise.all(
      [
        [`audience = 'visitor' AND recipient = ?1 AND created_at > ?2`, ['+919800000009', w.since]],
        [`audience = 'visitor' AND created_at >= ?1 AND created_at < ?2`, [w.dayStart, w.dayEnd]],
        [
          `audience = 'owner' AND recipient = ?1 AND created_at >= ?2 AND created_at < ?3`,
          ['+1', w.hourStart, w.hourEnd],
        ],
      ].map(async ([where, args]) => {
        const { results } = await env.DB.prepare(
          `EXPLAIN QUERY PLAN SELECT COUNT(*) FROM deliveries WHERE ${where as string}
           AND status IN ('pending', 'sending', 'sent', 'replay')`,
        )
          .bind(...(args as string[]))
          .all<{ detail: string }>();
        return results.map((r) => r.detail).join(' | ');
      }),
    );
    for (const plan of plans) {
      expect(plan).toMatch(/USING (COVERING )?INDEX deliveries_counted_by_/);
      expect(plan).not.toMatch(/SCAN deliveries(?! USING)/);
    }
  });
});

describe('pruning', () => {
  it('deletes delivery rows and attempts older than 90 days, keeps the rest', async () => {
    const old = new Date(Date.now() - 91 * 86_400_000).toISOString();
    const recent = new Date(Date.now() - 89 * 86_400_000).toISOString();
    const insert = (id: string, at: string) =>
      env.DB.prepare(
        `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, components, created_at, updated_at)
         VALUES (?, 'journey_owner', '+919800000001', 'enquiry', 'owner', 'sent', '[]', ?, ?)`,
      )
        .bind(id, at, at)
        .run();
    const oldId = crypto.randomUUID();
    const recentId = crypto.randomUUID();
    await insert(oldId, old);
    await insert(recentId, recent);
    await env.DB.prepare(
      `INSERT INTO delivery_attempts (submission_id, template, recipient, outcome, at) VALUES (?, 'journey_owner', '+919800000001', 'sent', ?)`,
    )
      .bind(oldId, old)
      .run();
    expect(await pruneDeliveries(env)).toBeGreaterThanOrEqual(2);
    expect(await rows(oldId)).toEqual([]);
    expect(await rows(recentId)).toHaveLength(1);
    const attempts = await env.DB.prepare('SELECT COUNT(*) AS n FROM delivery_attempts WHERE submission_id = ?')
      .bind(oldId)
      .first<{ n: number }>();
    expect(attempts!.n).toBe(0);
  });
});
