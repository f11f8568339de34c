/**
 * The cron's periods for guide requests: one never confirmed goes RETENTION.unconfirmedGuideDays after it was asked
 * for, a confirmed one RETENTION.leadYears after; the newsletter tool's reports are never pruned (an erasure alone
 * takes them), since they are what keeps the site from writing to that address again.
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { pruneExpiredLeads } from '../../../src/store/people/retention';
import { getGuideStore } from '../../../src/store/guides/open';
import { getToolEventStore } from '../../../src/store/newsletter/open';
import { RETENTION } from '../../../src/words/privacy';
import { guideRequest, toolEvent } from '../guides/guide-records';

const NOW = Date.UTC(2031, 0, 15);
const daysAgo = (d: number) => new Date(NOW - d * 86_400_000).toISOString();

beforeEach(async () => {
  await env.DB.batch(['guide_requests', 'newsletter_tool_events'].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
});

describe('retention of guide requests and the newsletter tool’s reports', () => {
  it('prunes unconfirmed requests after 30 days and confirmed ones after two years, and keeps the reports', async () => {
    expect(RETENTION.unconfirmedGuideDays).toBe(30);
    const guides = getGuideStore(env);
    const asked = (name: string, d: number) => guideRequest(`${name}@example.org`, 0, { requestedAt: daysAgo(d) });
    const unconfirmedOld = asked('a', 31);
    const unconfirmedNew = asked('b', 29);
    const confirmedMonths = asked('c', 31);
    const confirmedOld = asked('d', 3 * 365);
    for (const r of [unconfirmedOld, unconfirmedNew, confirmedMonths, confirmedOld]) await guides.create(r);
    await guides.confirm(confirmedMonths.id, daysAgo(30));
    await guides.confirm(confirmedOld.id, daysAgo(3 * 365 - 1));
    const report = toolEvent('a@example.org', 0, { occurredAt: daysAgo(3650), receivedAt: daysAgo(3650) });
    await getToolEventStore(env).record(report);

    const counts = await pruneExpiredLeads(env, NOW);

    expect(counts.guideRequests).toBe(2);
    await expect(guides.get(unconfirmedOld.id)).resolves.toBeNull();
    await expect(guides.get(confirmedOld.id)).resolves.toBeNull();
    await expect(guides.get(unconfirmedNew.id)).resolves.toEqual(unconfirmedNew);
    await expect(guides.get(confirmedMonths.id)).resolves.toMatchObject({ confirmedAt: daysAgo(30) });
    await expect(getToolEventStore(env).forEmail('a@example.org')).resolves.toEqual([report]);
  });
});
