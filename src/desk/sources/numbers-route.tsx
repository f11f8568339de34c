import { Hono } from 'hono';
import { NumbersPage } from './numbers';
import { desk as copy } from '../../words/desk';
import { dailyCounts } from '../../store/sources/counters';
import { callsAndClients } from '../bookings/bookings';
import { quizFunnel } from './quiz-funnel';
import { renderDeskPage, type DeskEnv } from '../page';
import { readPart } from '../part';
import { PartUnreadable } from '../store-down';

/** The days Numbers counts over, today included. */
const DAYS = 30;

/** Leads per day by kind, the quiz funnel (the Sources page's counts), and the calls booked and clients won. */
export const numbers = new Hono<DeskEnv>();

numbers.get('/numbers', async (c) => {
  // The counts are read from D1; the quiz funnel and the calls and clients also read the lead store: either part
  // can fail alone, and the rest of the page still shows.
  const path = new URL(c.req.url).pathname;
  const [counts, funnel, outcomes] = await Promise.all([
    dailyCounts(c.env.DB, DAYS),
    readPart('funnel', () => quizFunnel(c.env, DAYS), path),
    readPart('callsAndClients', () => callsAndClients(c.env, new Date(), DAYS), path),
  ]);
  const body = (
    <>
      {outcomes.ok ? null : <PartUnreadable what="callsAndClients" />}
      {funnel.ok ? null : <PartUnreadable what="funnel" />}
      <NumbersPage
        counts={counts}
        {...(funnel.ok && { funnel: funnel.value })}
        {...(outcomes.ok && { outcomes: outcomes.value })}
      />
    </>
  );
  return renderDeskPage(c, copy.numbers.title, 'numbers', {}, body);
});
