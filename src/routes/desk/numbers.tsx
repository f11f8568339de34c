import { Hono } from 'hono';
import { NumbersPage } from '../../desk/views/numbers';
import { desk as copy } from '../../content/desk';
import { dailyCounts } from '../../store/counters';
import { callsAndClients } from '../../desk/bookings';
import { renderDeskPage, type DeskEnv } from './page';

/** Leads per day by kind, the quiz funnel, and the calls booked and clients won, for the last 30 days. */
export const numbers = new Hono<DeskEnv>();

numbers.get('/numbers', async (c) => {
  const counts = await dailyCounts(c.env.DB, 30);
  const outcomes = await callsAndClients(c.env, new Date(), 30);
  return renderDeskPage(c, copy.numbers.title, 'numbers', {}, <NumbersPage counts={counts} outcomes={outcomes} />);
});
