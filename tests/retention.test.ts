import { SELF, env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETENTION } from '../src/content/privacy';
import { KEEP_DELIVERIES_DAYS } from '../src/notify/prune';
import { pruneDeadLeads } from '../src/store/dead-leads';
import { allowConsoleErrors } from './setup';
import { loggedEvents } from './support/logs';

const DAY = 86_400_000;

afterEach(() => {
  vi.restoreAllMocks();
});
const privacyText = async () =>
  (await (await SELF.fetch('http://example.com/privacy')).text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

async function keepDead(id: string, createdAt: number): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO dead_leads (id, kind, lead, reason, attempts, created_at) VALUES (?, 'enquiry', '{}', 'refused', 3, ?)`,
  )
    .bind(id, new Date(createdAt).toISOString())
    .run();
}
const stillKept = async (id: string) =>
  (await env.DB.prepare('SELECT id FROM dead_leads WHERE id = ?').bind(id).first()) !== null;

describe('retention: what the privacy notice says is what the cron deletes by', () => {
  it('the notice states each period the jobs use', async () => {
    const text = await privacyText();
    expect(RETENTION.leadYears).toBe(2);
    expect(text).toContain('Quiz responses and enquiries are kept for two years after our last contact');
    expect(text).toContain(`Records of WhatsApp messages are kept for ${RETENTION.messageDays} days`);
    expect(text).toContain(`kept for ${RETENTION.deadLeadDays} days while it is entered by hand`);
    expect(KEEP_DELIVERIES_DAYS).toBe(RETENTION.messageDays);
  });

  it('deletes a dead lead a day past its period and keeps one a day short of it', async () => {
    const now = Date.now();
    const old = crypto.randomUUID();
    const recent = crypto.randomUUID();
    await keepDead(old, now - (RETENTION.deadLeadDays + 1) * DAY);
    await keepDead(recent, now - (RETENTION.deadLeadDays - 1) * DAY);
    const info = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await pruneDeadLeads(env.DB, now)).toBeGreaterThanOrEqual(1);
    expect(await stillKept(old)).toBe(false);
    expect(await stillKept(recent)).toBe(true);
    expect(loggedEvents(info)).toContainEqual(
      expect.objectContaining({ event: 'dead_lead.pruned', olderThanDays: RETENTION.deadLeadDays }),
    );
    // A second run finds nothing more to delete.
    await pruneDeadLeads(env.DB, now);
    expect(await stillKept(recent)).toBe(true);
  });

  it('deletes a bounded batch per run, oldest first', async () => {
    const now = Date.now();
    const ids = [3, 2, 1].map(() => crypto.randomUUID());
    for (const [i, id] of ids.entries()) await keepDead(id, now - (RETENTION.deadLeadDays + 500 + i) * DAY);
    // ids[2] is the oldest: with a batch of one it goes first, and the others stay for the next run.
    expect(await pruneDeadLeads(env.DB, now, 1)).toBe(1);
    expect(await stillKept(ids[2]!)).toBe(false);
    expect(await stillKept(ids[1]!)).toBe(true);
    expect(await pruneDeadLeads(env.DB, now, 1)).toBe(1);
    expect(await stillKept(ids[1]!)).toBe(false);
    expect(await stillKept(ids[0]!)).toBe(true);
  });

  it('a database that fails is logged and leaves the next run to try again', async () => {
    allowConsoleErrors();
    const failing = {
      prepare: () => {
        throw new Error('D1_ERROR: Network connection lost.');
      },
    } as unknown as D1Database;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await pruneDeadLeads(failing)).toBe(0);
    expect(loggedEvents(errors)).toContainEqual(
      expect.objectContaining({ event: 'dead_lead.pruned', outcome: 'failed' }),
    );
  });
});
