/**
 * Revenue on Sources and Numbers: money paid in the period less refunds Razorpay processed in it, by the day the
 * money moved, under the first-touch source and campaign of the lead who paid; per program; and the 30 days'
 * revenue and paying clients. The rules alone (pure), then over the stores (D1 and Firestore) and HTTP.
 */
import { env as d1Env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../../src/env';
import { ERASED_SOURCE, moneyTotals, programRevenue, type PeriodMoney } from '../../../src/desk/sources/money/revenue';
import { sourceRows } from '../../../src/desk/sources/source-rows';
import { sourceReport } from '../../../src/desk/sources/sources';
import { sourcesCsv } from '../../../src/desk/sources/sources-csv';
import { getLeadStore } from '../../../src/store/leads/open';
import { getPaymentStore } from '../../../src/store/payments/open';
import type { RefundRecord } from '../../../src/store/payments/payments';
import { callWorker } from '../../support/api';
import { D1_AND_FIRESTORE } from '../../support/firestore';
import { quizLead } from '../../fixtures/leads';
import { payment, request } from '../../store/payments/payment-records';

const DAY = 86_400_000;
const tag = () => `t${crypto.randomUUID().slice(0, 8)}`;
const money = (over: Partial<PeriodMoney>): PeriodMoney => ({
  paise: 100_000,
  source: 'instagram',
  campaign: '',
  program: null,
  payer: `quiz:${tag()}`,
  ...over,
});

describe('revenue, the rules', () => {
  it('goes to its source and campaign and to the total; an erased person’s to a row of its own; refunds subtract', () => {
    const { rows, total } = sourceRows(
      [],
      [],
      [
        money({ paise: 499_900, campaign: 'spring' }),
        money({ paise: 200_000 }),
        money({ paise: -50_000 }),
        money({ paise: 300_000, source: 'search' }),
        money({ paise: 100_000, source: ERASED_SOURCE }),
      ],
    );
    expect(rows.map((r) => [r.source, r.campaign, r.revenuePaise])).toEqual([
      // No leads or visits: by name.
      ['(erased)', null, 100_000],
      ['instagram', null, 649_900],
      ['instagram', 'spring', 499_900],
      ['search', null, 300_000],
    ]);
    expect(total.revenuePaise).toBe(1_049_900);
  });

  it('per program: payments, paid, refunded and revenue, most revenue first and no program last', () => {
    const titles = new Map([['inner-compass', 'Inner Compass']]);
    const rows = programRevenue(
      [
        money({ program: null, paise: 900_000 }),
        money({ program: 'retreat', paise: 100_000 }),
        money({ program: 'inner-compass', paise: 499_900 }),
        money({ program: 'inner-compass', paise: -100_000 }),
        // An erased person's receipt may name the program by its title.
        money({ program: 'Inner Compass', paise: 100_000 }),
      ],
      titles,
    );
    expect(rows).toEqual([
      {
        program: 'inner-compass',
        title: 'Inner Compass',
        payments: 2,
        paidPaise: 599_900,
        refundedPaise: 100_000,
        revenuePaise: 499_900,
      },
      // A slug no longer published shows as itself.
      {
        program: 'retreat',
        title: 'retreat',
        payments: 1,
        paidPaise: 100_000,
        refundedPaise: 0,
        revenuePaise: 100_000,
      },
      { program: null, title: null, payments: 1, paidPaise: 900_000, refundedPaise: 0, revenuePaise: 900_000 },
    ]);
  });

  it('paying clients are the people who paid, each once; a refund takes money back, not the payer', () => {
    const payer = 'quiz:a';
    expect(
      moneyTotals([
        money({ payer, paise: 100_000 }),
        money({ payer, paise: 200_000 }),
        money({ payer: 'payment:erased', paise: 50_000 }),
        money({ payer: 'quiz:b', paise: -20_000 }),
      ]),
    ).toEqual({ revenuePaise: 330_000, payingClients: 2 });
  });
});

describe.each(D1_AND_FIRESTORE)('revenue per source, payments on %s', (database, makeEnv) => {
  it('counts what moved in the period under the paying lead’s source, whenever the lead arrived', async () => {
    const env: Env = await makeEnv();
    const source = tag();
    const program = tag();
    const now = Date.now();
    const iso = (ago: number) => new Date(now - ago * DAY).toISOString();
    const leads = getLeadStore(env);
    const store = getPaymentStore(env);
    const fresh = quizLead({ attribution: { utm_source: source, utm_campaign: 'Spring' } });
    // Arrived before the period; Firestore stamps a lead's arrival itself, so it is old only on D1. Its payment in
    // the period counts all the same: revenue goes by the day the money arrived.
    const old = quizLead({ attribution: { utm_source: source }, createdAt: iso(database === 'D1' ? 40 : 0) });
    const gone = quizLead({ attribution: { utm_source: source } });
    for (const lead of [fresh, old, gone]) await leads.save(lead);

    const pay = async (leadId: string, paise: number, daysAgo: number) => {
      const req = request(leadId, 0, { program });
      await store.createRequest(req);
      const p = payment(req, 0, '2026-27', paise);
      const receipt = { ...p.receipt, program };
      return (await store.recordPayment({ ...p, receipt, paidAt: iso(daysAgo) }, 'R')).payment;
    };
    const refund = (providerPaymentId: string, paise: number, status: RefundRecord['status'], daysAgo: number) =>
      store.putRefund({
        id: `rfnd_${tag()}`,
        providerPaymentId,
        amountPaise: paise,
        status,
        createdAt: iso(daysAgo),
      });
    const first = await pay(fresh.id, 499_900, 2);
    await refund(first.providerPaymentId, 100_000, 'processed', 1);
    // Not gone back (pending), or never will (failed): not subtracted.
    await refund(first.providerPaymentId, 50_000, 'pending', 1);
    await refund(first.providerPaymentId, 50_000, 'failed', 1);
    await pay(old.id, 200_000, 3);
    // Paid before the period, refunded in it: only the refund is this period's.
    const earlier = await pay(fresh.id, 300_000, 45);
    await refund(earlier.providerPaymentId, 300_000, 'processed', 10);
    // An erased person's payment: the accounting copy counts in its program and the row of people since erased.
    await pay(gone.id, 150_000, 4);
    await store.eraseLead({ kind: 'quiz', id: gone.id }, iso(0));
    await leads.erase('quiz', gone.id);

    const report = await sourceReport(env, 30, undefined, now);
    const mine = report.rows.filter((r) => r.source === source);
    expect(mine.map((r) => [r.campaign, r.revenuePaise])).toEqual([
      [null, 499_900 - 100_000 + 200_000 - 300_000],
      ['spring', 499_900 - 100_000 - 300_000],
    ]);
    expect(report.programs.find((p) => p.program === program)).toEqual({
      program,
      title: program,
      payments: 3,
      paidPaise: 499_900 + 200_000 + 150_000,
      refundedPaise: 400_000,
      revenuePaise: 499_900 + 200_000 + 150_000 - 400_000,
    });
    expect(report.rows.find((r) => r.source === ERASED_SOURCE)?.revenuePaise).toBeGreaterThanOrEqual(150_000);
    // The CSV: the source without a campaign, then its campaign, summing to the source's revenue.
    const csv = sourcesCsv(report).split('\r\n');
    expect(csv.find((l) => l.startsWith(`${source},,`))).toMatch(/,2000\.00$/);
    expect(csv.find((l) => l.startsWith(`${source},spring,`))).toMatch(/,999\.00$/);

    // Seven days: the payment three days ago is in, the refund ten days ago is not.
    const week = await sourceReport(env, 7, undefined, now);
    expect(week.rows.find((r) => r.source === source && r.campaign === null)?.revenuePaise).toBe(
      499_900 - 100_000 + 200_000,
    );
  });
});

describe('GET /desk/numbers: revenue and paying clients over the 30 days', () => {
  const shown = async () => {
    const html = await (await callWorker(d1Env, '/desk/numbers')).text();
    const revenue = Number(html.match(/<dd data-revenue="(-?\d+)">/)?.[1]);
    const clients = Number(html.match(/Paying clients<\/dt><dd>(\d+)<\/dd>/)?.[1]);
    return { html, revenue, clients };
  };

  it('adds each payment of the 30 days, and each person who paid once', async () => {
    const before = await shown();
    expect(before.html).toContain('Money, last 30 days');
    expect(Number.isInteger(before.revenue) && Number.isInteger(before.clients)).toBe(true);
    const store = getPaymentStore(d1Env as Env);
    const lead = quizLead();
    await getLeadStore(d1Env as Env).save(lead);
    for (const paise of [499_900, 100_050]) {
      const req = request(lead.id, 0);
      await store.createRequest(req);
      await store.recordPayment({ ...payment(req, 0, '2026-27', paise), paidAt: new Date().toISOString() }, 'R');
    }
    const after = await shown();
    expect(after.revenue - before.revenue).toBe(599_950);
    expect(after.clients - before.clients).toBe(1);
    expect(after.html).toMatch(/<dd data-revenue="\d+">₹[\d,.]+<\/dd>/);
  });
});
