import { Hono } from 'hono';
import { NumbersPage } from '../../desk/views/numbers';
import { desk as copy } from '../../content/desk';
import { dailyCounts } from '../../store/counters';
import { callsAndClients } from '../../desk/bookings';
import { quizFunnel } from '../../desk/quiz-funnel';
import { renderDeskPage, type DeskEnv } from './page';

/** The days Numbers counts over, today included. */
const DAYS = 30;

/** Leads per day by kind, the quiz funnel (the Sources page's counts), and the calls booked and clients won. */
export const numbers = new Hono<DeskEnv>();

numbers.get('/numbers', async (c) => {
  const [counts, funnel, outcomes] = await Promise.all([
    dailyCounts(c.env.DB, DAYS),
    quizFunnel(c.env, DAYS),
    callsAndClients(c.env, new Date(), DAYS),
  ]);
  return renderDeskPage(
    c,
    copy.numbers.title,
    'numbers',
    {},
    <NumbersPage counts={counts} funnel={funnel} outcomes={outcomes} />,
  );
});
