import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildClient } from '../scripts/build-client.mjs';
import { SENTINELS, sentinelNeedles } from '../scripts/sentinels.mjs';
import { expectFailedResource } from './support/leads';
import { expect, gotoHydrated, test } from './support/test';

// Issue 6, secrets: the e2e server runs with sentinel values for every secret it uses
// (scripts/e2e-server.mjs); none may appear in a built asset or in any response.
const needles = sentinelNeedles();
const leaks = (text: string) => needles.filter((n) => text.includes(n));

test.describe('secrets never reach the browser @desktop', () => {
  test('a client built with sentinel secrets in its environment contains none of them', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, SENTINELS);
    const outdir = mkdtempSync(path.join(tmpdir(), 'client-build-'));
    try {
      const { files = [] } = await buildClient({ quiet: true, outdir, writeManifest: false });
      expect(files.length).toBeGreaterThan(2);
      for (const file of files) expect(leaks(readFileSync(file, 'utf8')), file).toEqual([]);
    } finally {
      process.env = saved;
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  test('no page, asset or API response carries a secret', async ({ page, request, problems }) => {
    const bodies: { url: string; text: string }[] = [];
    page.on('response', async (res) => {
      if (!res.url().startsWith('http://127.0.0.1')) return;
      const text = await res.text().catch(() => '');
      bodies.push({ url: res.url(), text: text + JSON.stringify(res.headers()) });
    });
    for (const p of ['/', '/quiz', '/some/other/page']) await gotoHydrated(page, p);
    await expectFailedResource(problems, 404); // the unknown path's landing page is a 404
    for (const p of ['/api/videos', '/api/nope', '/robots.txt']) {
      const res = await request.get(p);
      bodies.push({ url: p, text: (await res.text()) + JSON.stringify(res.headers()) });
    }
    for (const [p, body] of [
      ['/api/newsletter', { email: 'not-an-email' }],
      ['/api/enquiry', { name: 'A', phone: 'x', email: 'a@b.co' }],
      ['/api/quiz', '{"broken'],
    ] as const) {
      const res = await request.post(p, {
        headers: { 'content-type': 'application/json' },
        data: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(res.status()).toBe(400);
      bodies.push({ url: p, text: (await res.text()) + JSON.stringify(res.headers()) });
    }
    expect(bodies.length).toBeGreaterThan(8);
    for (const { url, text } of bodies) expect(leaks(text), url).toEqual([]);
  });
});
