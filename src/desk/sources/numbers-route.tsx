import { Hono } from 'hono';
import { NumbersPage } from './numbers';
import { desk as copy } from '../../words/desk';
import { dailyCounts } from '../../store/sources/counters';
import { callsAndClients } from '../bookings/bookings';
import { quizFunnel } from './quiz-funnel';
import { periodMoney } from './money/period-money';
import { moneyTotals } from './money/revenue';
import { periodOf } from './sources';
import { periodShowUps } from './show-up/period-show-ups';
import { showUpTotals } from './show-up/show-up';
import { renderDeskPage, type DeskEnv } from '../page';
import { readPart } from '../part';
import { PartUnreadable } from '../store-down';

/** The days Numbers counts over, today included. */
const DAYS = 30;

/**
 * Leads per day by kind, the quiz funnel (the Sources page's counts), the calls booked and clients won, the calls
 * attended and missed with the show-up rate, and the revenue and paying clients (the Sources page's money and
 * show-up, over the same days).
 */
export const numbers = new Hono<DeskEnv>();

numbers.get('/numbers', async (c) => {
  // The counts are read from D1; the quiz funnel and the calls and clients also read the lead store: either part
  // can fail alone, and the rest of the page still shows.
  const path = new URL(c.req.url).pathname;
  const { start, end } = periodOf(DAYS);
  const [counts, funnel, outcomes, money] = await Promise.all([
    dailyCounts(c.env.DB, DAYS),
    readPart('funnel', () => quizFunnel(c.env, DAYS), path),
    // The marked calls read the booking and lead stores, as calls and clients do: one part.
    readPart(
      'callsAndClients',
      async () => {
        const [counts, showUps] = await Promise.all([
          callsAndClients(c.env, new Date(), DAYS),
          periodShowUps(c.env, start, end),
        ]);
        return { ...counts, ...showUpTotals(showUps) };
      },
      path,
    ),
    readPart('money', async () => moneyTotals(await periodMoney(c.env, start, end)), path),
  ]);
  const body = (
    <>
      {outcomes.ok ? null : <PartUnreadable what="callsAndClients" />}
      {funnel.ok ? null : <PartUnreadable what="funnel" />}
      {money.ok ? null : <PartUnreadable what="money" />}
      <NumbersPage
        counts={counts}
        {...(funnel.ok && { funnel: funnel.value })}
        {...(outcomes.ok && { outcomes: outcomes.value })}
        {...(money.ok && { money: money.value })}
      />
    </>
  );
  return renderDeskPage(c, copy.numbers.title, 'numbers', {}, body);
});
