/**
 * /desk/sources counts free guides per source over the page's period: requests, confirmations and downloads, on D1
 * and on Firestore; a request made before the period is not counted; the section says so when there were none.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sourceReport } from '../../../src/desk/sources/sources';
import { SourcesPage } from '../../../src/desk/sources/sources-page';
import { getGuideStore } from '../../../src/store/guides/open';
import { deskGuides } from '../../../src/words/guides/desk-guides';
import { callWorker } from '../../support/api';
import { D1_AND_FIRESTORE } from '../../support/firestore';
import { sampleReport } from '../../support/source-report';
import { guideRequest } from '../../store/guides/guide-records';

const DAY = 86_400_000;
const copy = deskGuides.sources;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY).toISOString();
/** The page's text with tags gone and spaces made plain. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

afterEach(() => vi.unstubAllGlobals());

describe.each(D1_AND_FIRESTORE)('free guides on /desk/sources, requests on %s', (_, makeEnv) => {
  it('counts requests, confirmations and downloads per source and guide within the period', async () => {
    const env = await makeEnv();
    const guides = getGuideStore(env);
    // A source of this test's own: D1 is shared by the files of a run.
    const source = `src${crypto.randomUUID().slice(0, 8)}`;
    const asked = (d: number) =>
      guideRequest(`${crypto.randomUUID().slice(0, 8)}@example.org`, 0, { source, requestedAt: daysAgo(d) });
    const confirmed = asked(2);
    const unconfirmed = asked(3);
    const beforePeriod = asked(40);
    for (const r of [confirmed, unconfirmed, beforePeriod]) await guides.create(r);
    await guides.confirm(confirmed.id, daysAgo(1));
    await guides.confirm(beforePeriod.id, daysAgo(39));
    for (let i = 0; i < 3; i++) await guides.countDownload(confirmed.id, daysAgo(1));

    const report = await sourceReport(env, 30);
    expect(report.guides.filter((g) => g.source === source)).toEqual([
      { source, guide: 'five-minute-reset', title: 'five-minute-reset', requests: 2, confirmations: 1, downloads: 3 },
    ]);
    const week = await sourceReport(env, 7);
    expect(week.guides.filter((g) => g.source === source)).toHaveLength(1);

    const res = await callWorker(env, '/desk/sources?days=30');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('id="guide-counts-heading"');
    expect(text(html)).toContain(`${source} five-minute-reset 2 1 3`);
  });
});

describe('the Free guides section', () => {
  const render = (guides: Parameters<typeof sampleReport>[0]) =>
    text(renderToStaticMarkup(createElement(SourcesPage, { report: sampleReport(guides) })));

  it('shows each source’s row with the guide’s title, a direct visit as the funnel names it', () => {
    const page = render({
      guides: [
        {
          source: 'instagram',
          guide: 'reset',
          title: 'The Five-Minute Reset',
          requests: 4,
          confirmations: 3,
          downloads: 5,
        },
        { source: '', guide: 'reset', title: 'The Five-Minute Reset', requests: 1, confirmations: 0, downloads: 0 },
      ],
    });
    expect(page).toContain(copy.title);
    expect(page).toContain(`${Object.values(copy.columns).join(' ')}`);
    expect(page).toContain('instagram The Five-Minute Reset 4 3 5');
    expect(page).toContain(`${copy.direct} The Five-Minute Reset 1 0 0`);
  });

  it('says no guide was asked for when none was', () => {
    expect(render({ guides: [] })).toContain(copy.none);
  });
});
