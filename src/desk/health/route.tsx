import { Hono } from 'hono';
import { HealthPage } from './health';
import { health as healthCopy } from '../../words/health';
import { lastHealth } from '../../health/run';
import { renderDeskPage, type DeskEnv } from '../page';

/** The last self-check, as a page for the owners and as JSON for monitors. */
export const health = new Hono<DeskEnv>();

health.get('/health', async (c) => {
  const report = await lastHealth(c.env.DB);
  return renderDeskPage(c, healthCopy.title, 'health', {}, <HealthPage report={report} />);
});

/** The self-check as JSON for monitors: `{ ok, checkedAt, checks }`; before the first run ok is false. */
health.get('/health.json', async (c) => {
  const report = await lastHealth(c.env.DB);
  return c.json(report ?? { ok: false, checkedAt: null, checks: [] });
});
