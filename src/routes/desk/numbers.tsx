import { Hono } from 'hono';
import { NumbersPage } from '../../desk/views/numbers';
import { desk as copy } from '../../content/desk';
import { dailyCounts } from '../../store/counters';
import { callsAndClients } from '../../desk/bookings';
import { renderDeskPage, type DeskEnv } from './page';
import { readPart } from '../../desk/part';
import { PartUnreadable } from '../../desk/views/store-down';

/** Leads per day by kind, the quiz funnel, and the calls booked and clients won, for the last 30 days. */
export const numbers = new Hono<DeskEnv>();

numbers.get('/numbers', async (c) => {
  const counts = await dailyCounts(c.env.DB, 30);
  // The calls and clients are read from the lead store, the counts from D1: either part can fail alone.
  const path = new URL(c.req.url).pathname;
  const outcomes = await readPart('callsAndClients', () => callsAndClients(c.env, new Date(), 30), path);
  const body = (
    <>
      {outcomes.ok ? null : <PartUnreadable what="callsAndClients" />}
      <NumbersPage counts={counts} {...(outcomes.ok && { outcomes: outcomes.value })} />
    </>
  );
  return renderDeskPage(c, copy.numbers.title, 'numbers', {}, body);
});
