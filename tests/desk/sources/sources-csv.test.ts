/**
 * The Sources CSV from real counts, through the Worker: one row per source and campaign, each visit and lead in
 * exactly one row, the total in a file of its own; so a spreadsheet's SUM over a column equals the total.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../../src/env';
import { getLeadStore } from '../../../src/store/leads/open';
import { countVisit } from '../../../src/store/sources/visits';
import { callWorker } from '../../support/api';
import { enquiryLead, quizLead } from '../../fixtures/leads';

const tag = () => `t${crypto.randomUUID().slice(0, 8)}`;
let next = Math.floor(Math.random() * 60_000);
const client = () => {
  const n = next++;
  return `v4:10.${216 + ((n >> 16) & 15)}.${(n >> 8) & 255}.${n & 255}`;
};

/** A CSV file's lines as cells (the files here hold no quoted commas: sources and campaigns are plain words). */
async function csv(path: string): Promise<string[][]> {
  const res = await callWorker(env as Env, path);
  expect(res.status).toBe(200);
  return (await res.text())
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((l) => l.split(','));
}

describe('GET /desk/sources.csv and /desk/sources-total.csv', () => {
  it('one row per source and campaign, none for a source as a whole or for all; a column’s sum is the total', async () => {
    const [a, b] = [tag(), tag()];
    const visit = (source: string, campaign: string, step: number) =>
      countVisit(env as Env, {
        client: client(),
        userAgent: 'Browser/1',
        from: { source, medium: '', campaign },
        step,
      });
    // Source a: two visits without a campaign, one from each of two campaigns; source b: one visit, one campaign.
    await visit(a, '', 1);
    await visit(a, '', 0);
    await visit(a, 'spring', 4);
    await visit(a, 'autumn', 0);
    await visit(b, 'launch', 1);
    const store = getLeadStore(env as Env);
    await store.save(quizLead({ attribution: { utm_source: a, utm_campaign: 'spring' } }));
    await store.save(enquiryLead({ attribution: { utm_source: a } }));

    const [header, ...rows] = await csv('/desk/sources.csv?days=7');
    const [totalHeader, total, ...more] = await csv('/desk/sources-total.csv?days=7');
    expect(totalHeader).toEqual(header);
    expect(more).toEqual([]);
    expect(total!.slice(0, 2)).toEqual(['all', '']);
    expect(rows.some((r) => r[0] === 'all')).toBe(false);

    const mine = rows.filter((r) => r[0] === a || r[0] === b).map((r) => r.slice(0, 5).join(','));
    expect(mine.sort()).toEqual([`${a},,2,1,0`, `${a},spring,1,1,1`, `${a},autumn,1,0,0`, `${b},launch,1,1,0`].sort());
    // Each source and campaign once: no two rows share both.
    expect(new Set(rows.map((r) => `${r[0]}\n${r[1]}`)).size).toBe(rows.length);
    // What a spreadsheet's SUM over each count column gives is the period's total, column by column.
    // The show-up rate is a share, not a count: it is not summed (a spreadsheet works it out from the two columns).
    const rate = header!.indexOf('show-up rate (%)');
    expect(rate).toBeGreaterThan(0);
    for (let col = 2; col < header!.length; col++) {
      if (col === rate) continue;
      const sum = rows.reduce((n, r) => n + Number(r[col]), 0);
      expect(sum, header![col]).toBe(Number(total![col]));
    }
    const leads = (name: string) => header!.indexOf(name);
    const spring = rows.find((r) => r[0] === a && r[1] === 'spring')!;
    expect(spring[leads('leads quiz')]).toBe('1');
    expect(rows.find((r) => r[0] === a && r[1] === '')![leads('leads enquiry')]).toBe('1');
  });
});
