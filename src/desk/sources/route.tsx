import { Hono } from 'hono';
import { TIME_ZONE } from '../../words/site';
import { deskSources as copy } from './words';
import { parse } from '../params';
import { SourcesParams } from './source-params';
import { sourceReport } from './sources';
import { sourcesCsv, sourcesTotalCsv } from './sources-csv';
import { SourcesPage } from './sources-page';
import { renderDeskPage, type DeskEnv } from '../page';

/**
 * Where clients come from (`/desk/sources?days=7|30|90&source=…`) and the same counts as CSV: one row per source and
 * campaign (`/desk/sources.csv`), and the total apart (`/desk/sources-total.csv`). A period other than 7, 30 or 90 days, or a source not written as sources are, is refused
 * with a 400 naming the field.
 */
export const sources = new Hono<DeskEnv>();

/** An instant on the day `to` (noon, owners' time), so the period ends on it; now when no day was asked for. */
const endingOn = (to: string | undefined) =>
  to ? Date.parse(`${to}T12:00:00Z`) - TIME_ZONE.utcOffsetMinutes * 60_000 : Date.now();

sources.get('/sources', async (c) => {
  const { days, source, to } = parse(SourcesParams, c.req.query());
  const report = await sourceReport(c.env, days, source, endingOn(to));
  return renderDeskPage(c, copy.title, 'sources', {}, <SourcesPage report={report} to={to} />);
});

/** The rows, one per source and campaign (sourcesCsv), and the total in a file of its own (sourcesTotalCsv). */
for (const [path, make, fileName] of [
  ['/sources.csv', sourcesCsv, copy.csvFileName],
  ['/sources-total.csv', sourcesTotalCsv, copy.csvTotalFileName],
] as const) {
  sources.get(path, async (c) => {
    const { days, source, to } = parse(SourcesParams, c.req.query());
    const csv = make(await sourceReport(c.env, days, source, endingOn(to)));
    return c.body(`\uFEFF${csv}`, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName(days)}"`,
    });
  });
}
