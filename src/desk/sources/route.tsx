import { Hono } from 'hono';
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

sources.get('/sources', async (c) => {
  const { days, source } = parse(SourcesParams, c.req.query());
  const report = await sourceReport(c.env, days, source);
  return renderDeskPage(c, copy.title, 'sources', {}, <SourcesPage report={report} />);
});

/** The rows, one per source and campaign (sourcesCsv), and the total in a file of its own (sourcesTotalCsv). */
for (const [path, make, fileName] of [
  ['/sources.csv', sourcesCsv, copy.csvFileName],
  ['/sources-total.csv', sourcesTotalCsv, copy.csvTotalFileName],
] as const) {
  sources.get(path, async (c) => {
    const { days, source } = parse(SourcesParams, c.req.query());
    const csv = make(await sourceReport(c.env, days, source));
    return c.body(`\uFEFF${csv}`, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName(days)}"`,
    });
  });
}
