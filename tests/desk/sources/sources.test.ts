/**
 * The desk's Sources page and its CSV, rendered from a hand-built report: the funnel's numbers and the rates
 * between steps ("—" after a zero), the weekly chart as SVG (one panel per top source, each an image with a name),
 * the quiz's counts for all or one source, the empty period, and the CSV's rows, quoting and formula guard; over
 * HTTP, the period and source are checked before anything is read.
 */
import { env } from 'cloudflare:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deskSources as copy } from '../../../src/desk/sources/words';
import { deskRevenue as revenueCopy } from '../../../src/desk/sources/money/words';
import { deskShowUp as showUpCopy } from '../../../src/desk/sources/show-up/words';
import { ERASED_SOURCE } from '../../../src/desk/sources/money/revenue';
import { sourcesCsv, sourcesTotalCsv } from '../../../src/desk/sources/sources-csv';
import { SourcesPage } from '../../../src/desk/sources/sources-page';
import { SOURCE_PERIODS, type SourceReport } from '../../../src/desk/sources/source-report';
import { callWorker } from '../../support/api';
import { emptyReport, sampleReport } from '../../support/source-report';

const render = (r: SourceReport) => renderToStaticMarkup(createElement(SourcesPage, { report: r }));
/** The page's text with tags gone and spaces (non-breaking ones too) made plain. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0]+/g, ' ');
/** The cells of the table row whose header reads `name`, as text. */
function row(html: string, name: string): string[] {
  const rows = html.match(/<tr[^>]*>.*?<\/tr>/g) ?? [];
  const found = rows.find((r) => text(r.match(/<th[^>]*>.*?<\/th>/)?.[0] ?? '').trim() === name);
  expect(found, name).toBeDefined();
  return (found!.match(/<td[^>]*>.*?<\/td>/g) ?? []).map((cell) => text(cell).trim());
}

describe('the Sources page', () => {
  it('shows each step per source with its rate of the step before, and the total', () => {
    const html = render(sampleReport());
    // visits, opened, finished, quiz / newsletter / enquiry leads, calls, clients
    expect(row(html, 'instagram')).toEqual([
      '200',
      '50 25 % of visits',
      '20 40 % of opened',
      '10 50 % of finished',
      '4 2 % of visits',
      '2 1 % of visits',
      '4 25 % of leads',
      '1 25 % of calls',
      '3',
      '1',
      '75 %',
      '₹9,998',
    ]);
    expect(row(html, 'All sources')).toEqual([
      '200',
      '50 25 % of visits',
      '20 40 % of opened',
      '10 50 % of finished',
      '4 2 % of visits',
      '3 2 % of visits',
      '5 29 % of leads',
      '2 40 % of calls',
      '3',
      '2',
      '60 %',
      '₹12,998',
    ]);
  });

  it('shows "—" for a rate whose step before is zero, never NaN or Infinity', () => {
    const html = render(sampleReport());
    expect(row(html, 'direct')).toEqual([
      '0',
      '0 —',
      '0 —',
      '0 —',
      '0 —',
      '1 —',
      '1 100 % of leads',
      '1 100 % of calls',
      '0',
      '1',
      '0 %',
      '₹2,000',
    ]);
    expect(row(html, copy.campaign('=spring,"launch"')).at(-5)).toBe('0 —');
    expect(html).not.toMatch(/NaN|Infinity/);
  });

  it('shows calls attended, no-shows and the show-up rate per source, "—" when no call was marked, and explains them', () => {
    const html = render(sampleReport());
    expect(row(html, copy.campaign('=spring,"launch"')).slice(-4)).toEqual(['0', '0', '—', '₹4,999']);
    expect(html).toContain(`title="${showUpCopy.noRateLabel}"`);
    for (const name of Object.values(showUpCopy.columns)) expect(html).toContain(`<th scope="col">${name}</th>`);
    // On a phone each cell is a card's line, named by its column.
    expect(html).toContain(`data-label="${showUpCopy.columns.rate}" data-show-up="75"`);
    expect(text(html)).toContain(showUpCopy.tableNote);
  });

  it('indents campaigns under their source and links each source to the page filtered to it', () => {
    const html = render(sampleReport());
    expect(html).toContain('class="sources-campaign-row"');
    expect(html).toContain('href="/desk/sources?days=30&amp;source=instagram#quiz"');
    expect(html).toContain('href="/desk/sources?days=30&amp;source=direct#quiz"');
    expect(html).toContain('href="/desk/sources.csv?days=30"');
  });

  it('offers 7, 30 and 90 days with the current one marked', () => {
    const html = render(sampleReport({ days: 7 }));
    const periods = html.match(/<nav class="sources-periods".*?<\/nav>/)![0];
    expect(periods.match(/<a /g)).toHaveLength(3);
    expect(periods).toMatch(/<a href="\/desk\/sources\?days=7" aria-current="page">7 days<\/a>/);
    expect(periods).not.toMatch(/days=30" aria-current/);
  });

  it('draws one panel per top source as SVG, each an image with a name, with a legend and the same in words', () => {
    const html = render(sampleReport());
    const panels = html.match(/<svg class="sources-panel"[^>]*>/g) ?? [];
    expect(panels.map((p) => p.match(/data-source="([^"]+)"/)![1])).toEqual(['instagram', 'direct']);
    for (const p of panels) {
      expect(p).toContain('role="img"');
      expect(p).toContain('width="100%"');
      expect(p).toMatch(/viewBox="0 0 \d+ \d+"/);
    }
    expect(html).toContain(`aria-label="${copy.chart.panelName('instagram', 200, 14, 4)}"`);
    expect(html).toContain(copy.chart.name(2));
    expect(html).toContain(copy.chart.legendVisits);
    expect(html).toContain(copy.chart.legendLeads);
    expect(text(html)).toContain('instagram: 200 visits, 14 leads; the busiest week began 2 Nov.');
    expect(html).not.toMatch(/<script|<link[^>]+font|NaN/);
  });

  it('draws at most five sources', () => {
    const points = [{ week: '2026-11-16', visits: 3, leads: 1 }];
    const weekly = ['a', 'b', 'c', 'd', 'e', 'f'].map((source) => ({ source, points }));
    expect(render(sampleReport({ weekly })).match(/<svg class="sources-panel"/g)).toHaveLength(5);
  });

  it('counts the quiz: answers with their share, where people stop, the programs recommended', () => {
    const page = text(render(sampleReport()));
    expect(page).toContain(`${copy.quiz.heading} `);
    expect(page).toContain('Mindset 12 (60 %)');
    expect(page).toContain('40-55 5 (25 %)');
    expect(page).toContain(`${copy.quiz.step(1)} 50 10 (20 %)`);
    expect(page).toContain(`${copy.quiz.step(3)} 30 10 (33 %)`);
    expect(page).toContain(`${copy.quiz.step(4)} 20 —`);
    expect(page).toContain('Consultations 14 (70 %)');
  });

  it('says when the quiz was opened but nobody sent it: no answers known, no program recommended', () => {
    const base = sampleReport().quiz;
    const quiz = {
      questions: base.questions.map((q) => ({ ...q, answers: q.answers.map((a) => ({ ...a, count: 0 })) })),
      steps: [
        { step: 1, reached: 4 },
        { step: 2, reached: 1 },
        { step: 3, reached: 0 },
        { step: 4, reached: 0 },
      ],
      programs: [],
    };
    const page = text(render(sampleReport({ quiz })));
    expect(page).toContain(copy.quiz.noAnswers);
    expect(page).toContain(copy.quiz.noPrograms);
    expect(page).not.toContain('Mindset');
    expect(page).toContain(`${copy.quiz.step(1)} 4 3 (75 %)`);
  });

  it('names the source the quiz is narrowed to, with the way back to all', () => {
    const html = render(sampleReport({ quizSource: 'instagram' }));
    expect(text(html)).toContain(copy.quiz.headingFor('instagram'));
    expect(html).toContain(`<a href="/desk/sources?days=30">${copy.quiz.all}</a>`);
    expect(text(html)).toContain(copy.chart.nameFor('instagram'));
    expect(html).toContain('href="/desk/sources?days=90&amp;source=instagram"');
    expect(html).toContain('href="/desk/sources.csv?days=30&amp;source=instagram"');
  });

  it('shows the revenue per program, programs by revenue and requests without one last, and explains the column', () => {
    const html = render(sampleReport());
    expect(row(html, 'Inner Compass')).toEqual(['₹9,998', '₹9,998', '₹0', '2']);
    expect(row(html, revenueCopy.programs.noProgram)).toEqual(['₹3,000', '₹3,500', '₹500', '2']);
    expect(text(html)).toContain(revenueCopy.tableNote);
    expect(html).toContain(`<th scope="col">${revenueCopy.column}</th>`);
    const erased = { ...sampleReport().total, source: ERASED_SOURCE, revenuePaise: 100_000 };
    const withErased = render(sampleReport({ rows: [...sampleReport().rows, erased] }));
    expect(row(withErased, revenueCopy.erasedRow).at(-1)).toBe('₹1,000');
    expect(withErased).not.toContain('source=(erased)');
  });

  it('says so in a sentence when the period has no visit and no lead, with no table', () => {
    const html = render(emptyReport());
    expect(html).toContain(copy.empty);
    expect(html).not.toContain('<table');
    expect(html).not.toContain('<svg');
  });
});

describe('the Sources CSV', () => {
  it('has a header row and one row per source and campaign (no total among them), quoted per RFC 4180', () => {
    const csv = sourcesCsv(sampleReport());
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toEqual([
      'source,campaign,visits,quiz opened,quiz finished,leads quiz,leads newsletter,leads enquiry,calls booked,clients,calls attended,no-shows,show-up rate (%),revenue (INR)',
      // Instagram without a campaign: its row in the table less its campaign's; a rate is empty with nothing marked.
      'instagram,,120,30,12,6,4,1,4,1,3,1,75,4999.00',
      `instagram,"'=spring,""launch""",80,20,8,4,0,1,0,0,0,0,,4999.00`,
      'direct,,0,0,0,0,0,1,1,1,0,1,0,2000.00',
      '',
    ]);
    // The total is a file of its own, in the same columns.
    expect(sourcesTotalCsv(sampleReport()).split('\r\n')).toEqual([
      csv.split('\r\n')[0],
      'all,,200,50,20,10,4,3,5,2,3,2,60,12998.00',
      '',
    ]);
  });

  it('keeps a cell a spreadsheet would run as text: = + - @, a tab or a carriage return get an apostrophe', () => {
    const rows = ['+1', '-2', '@sum', '\tx', '\rline'].map((source) => ({ ...sampleReport().total, source }));
    const lines = sourcesCsv(sampleReport({ rows })).split('\r\n');
    expect(lines.slice(1, 6).map((l) => l.split(',')[0])).toEqual(["'+1", "'-2", "'@sum", "'\tx", `"'\rline"`]);
  });
});

describe('GET /desk/sources and /desk/sources.csv', () => {
  // The report is the counts' (from D1, empty here): these check the address, not the numbers.
  it('renders the period asked, 30 days by default, with Sources marked in the navigation', async () => {
    const res = await callWorker(env, '/desk/sources');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`aria-current="page">${copy.nav}</a>`);
    expect(html).toContain(`aria-current="page">${copy.days(30)}</a>`);
    const narrowed = await (await callWorker(env, '/desk/sources?days=90&source=instagram')).text();
    expect(narrowed).toContain(`aria-current="page">${copy.days(90)}</a>`);
    expect(narrowed).toContain('href="/desk/sources.csv?days=90&amp;source=instagram"');
  });

  it('ends the period on the day `to` names (the Monday report links its week so), and its links keep it', async () => {
    const html = await (await callWorker(env, '/desk/sources?days=7&to=2026-11-22')).text();
    expect(html).toContain(copy.period('2026-11-16', '2026-11-22'));
    expect(html).toContain('href="/desk/sources?days=30&amp;to=2026-11-22"');
    expect(html).toContain('href="/desk/sources.csv?days=7&amp;to=2026-11-22"');
    // Every link of a page with rows (each source's, the quiz's way back to all sources) keeps the day too. Rendered
    // from a sample report: the page above reads the shared D1, whose counts depend on the other files run before.
    const sample = { ...sampleReport(), quizSource: 'instagram' };
    const page = renderToStaticMarkup(createElement(SourcesPage, { report: sample, to: '2026-11-22' }));
    const links = [...page.matchAll(/href="(\/desk\/sources[^"]*)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(SOURCE_PERIODS.length + 2);
    expect(links.filter((link) => !link.includes('to=2026-11-22'))).toEqual([]);
    expect(links).toContain(`/desk/sources?days=${sample.days}&amp;to=2026-11-22`);
  });

  it('sends the CSV as an attachment named for the period', async () => {
    const res = await callWorker(env, '/desk/sources.csv?days=7');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="sources-7d.csv"');
    const [header] = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(sourcesCsv(emptyReport()).split('\r\n')[0]);
  });

  it.each([
    ['/desk/sources?days=14', 'days', copy.errors.days],
    ['/desk/sources?days=thirty', 'days', copy.errors.days],
    ['/desk/sources.csv?days=365', 'days', copy.errors.days],
    ['/desk/sources?source=Instagram', 'source', copy.errors.source],
    ['/desk/sources?source=' + 'a'.repeat(41), 'source', copy.errors.source],
    ['/desk/sources.csv?source=%3Dcmd', 'source', copy.errors.source],
    ['/desk/sources?to=22-11-2026', 'to', copy.errors.to],
    ['/desk/sources?to=2026-02-30', 'to', copy.errors.to],
  ])('refuses %s with a 400 naming the field', async (path, field, message) => {
    const res = await callWorker(env, path);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields[field]).toBe(message);
  });
});
