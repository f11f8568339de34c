import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIResponse, Locator, Page } from '@playwright/test';
import { buildClient } from '../../scripts/dev/build-client.mjs';
import { SENTINELS, sentinelNeedles } from '../../tests/standins/sentinels.mjs';
import { overflowX } from '../support/desk/desk';
import { expectFailedResource, uniqueEmail, uniquePhone } from '../support/leads';
import { submitLimit, withinOneWindow } from '../support/rate-limit';
import { startSentinelServer, TURNSTILE_SITE_KEY, type SentinelServer } from '../support/sentinel-server';
import { expect, gotoHydrated, test, keepScreenshot } from '../support/test';

// Secrets: the server under test has a sentinel value for every secret the Worker reads and uses each of them
// (e2e/support/sentinel-server.ts); none may appear in a built asset or in any response, whatever the path.
const needles = sentinelNeedles();
const leaks = (text: string) => needles.filter((n) => text.includes(n));
const OWNERS = SENTINELS.OWNER_PHONES.split(',');
const TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/**
 * Signs `page` in as an owner and opens `url` until `marker` shows once: the queue writes what it shows to the
 * ledger moments after the lead is stored.
 */
async function openOnceMarked(page: Page, server: SentinelServer, url: string, marker: Locator) {
  await page.setExtraHTTPHeaders({
    'Cf-Access-Jwt-Assertion': await server.accessToken({ email: 'priya@example.com' }),
  });
  await expect
    .poll(
      async () => {
        await page.goto(url);
        return marker.count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
}

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
});

test.describe('a Worker with every secret set to a sentinel @desktop', () => {
  test.describe.configure({ mode: 'serial' });
  let server: SentinelServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startSentinelServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('no page, asset, API answer, desk page or error carries a secret, with each secret in use', async ({
    page,
    request,
    problems,
  }) => {
    test.setTimeout(120_000);
    const o = server.origin;
    const bodies: { url: string; text: string }[] = [];
    const keep = async (label: string, res: APIResponse) =>
      bodies.push({ url: label, text: (await res.text()) + JSON.stringify(res.headers()) });
    page.on('response', async (res) => {
      if (!res.url().startsWith(o)) return;
      const text = await res.text().catch(() => '');
      bodies.push({ url: res.url(), text: text + JSON.stringify(res.headers()) });
    });
    const address = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
    const post = async (p: string, data: unknown, headers: Record<string, string> = {}) => {
      const res = await request.post(o + p, {
        headers: { 'content-type': 'application/json', origin: o, 'cf-connecting-ip': address(), ...headers },
        data: typeof data === 'string' ? data : JSON.stringify(data),
      });
      await keep(`POST ${p}`, res);
      return res;
    };
    const solved = (action: string) =>
      server.configure('turnstile', { secret: SENTINELS.TURNSTILE_SECRET_KEY, hostname: '127.0.0.1', action });

    // Pages and their assets, as a visitor's browser loads them; Turnstile is on (its key is on the page).
    for (const p of ['/', '/quiz', '/privacy', '/some/other/page']) await gotoHydrated(page, o + p);
    await expectFailedResource(problems, 404); // the unknown path's page is a 404
    await gotoHydrated(page, o + '/');
    await expect(page.locator('meta[name="turnstile-site-key"]')).toHaveAttribute('content', TURNSTILE_SITE_KEY);

    // Leads with a token siteverify accepts (for the sentinel secret): stored in Firestore, told on WhatsApp.
    const email = uniqueEmail('sentinel');
    const { e164: phone } = uniquePhone();
    // The first owner's first alert fails (Graph 190), so the desk shows a failed message with its error.
    await server.configure('graph', { errorsFor: { [OWNERS[0]!]: [190] } });
    await solved('newsletter');
    const newsletter = await post('/api/newsletter', { email, turnstileToken: TOKEN });
    await solved('enquiry');
    const enquiryBody = { name: 'Sentinel Visitor', phone, email, description: 'A talk in May', turnstileToken: TOKEN };
    const enquiry = await post('/api/enquiry', enquiryBody);
    await solved('quiz');
    const quiz = await post('/api/quiz', {
      answers: { '0': 'Health' },
      contact: { first: 'Sentinel', last: 'Visitor', email, phone },
      turnstileToken: TOKEN,
    });
    for (const res of [newsletter, enquiry, quiz]) expect(res.status()).toBe(201);
    const ids = await Promise.all(
      [newsletter, enquiry, quiz].map(async (r) => ((await r.json()) as { id: string }).id),
    );
    expect(server.firestore.document('news_letter', ids[0]!)).toBeDefined();
    expect(server.firestore.document('enquiries', ids[1]!)).toBeDefined();
    expect(server.firestore.document('quiz_responses', ids[2]!)).toBeDefined();

    // Error paths: the store fails (the lead is parked), siteverify refuses the secret, bad input of each kind,
    // a foreign origin, a body too large, an unknown API path, a wrong method, a burst over the rate limit.
    server.firestore.failFirestore = 503;
    expect((await post('/api/newsletter', { email: uniqueEmail('parked') })).status()).toBe(202);
    server.firestore.failFirestore = null;
    await server.configure('turnstile', { secret: 'another-secret' });
    expect((await post('/api/newsletter', { email: uniqueEmail('unverified'), turnstileToken: TOKEN })).status()).toBe(
      201,
    );
    for (const [p, data] of [
      ['/api/newsletter', { email: 'not-an-email' }],
      ['/api/enquiry', { name: 'A', phone: SENTINELS.OWNER_PHONES, email: 'a@b.co' }],
      ['/api/quiz', '{"broken'],
    ] as const) {
      expect((await post(p, data)).status()).toBe(400);
    }
    // Bookings whose signature is not made with the sentinel keys: refused (401), no key echoed.
    expect(
      (
        await post('/webhooks/calcom', { triggerEvent: 'BOOKING_CREATED' }, { 'x-cal-signature-256': '0'.repeat(64) })
      ).status(),
    ).toBe(401);
    const stamp = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    expect(
      (
        await post('/webhooks/calendly', { event: 'invitee.created' }, { 'calendly-webhook-signature': stamp })
      ).status(),
    ).toBe(401);
    // A payment event not signed with the sentinel webhook secret: refused, no key echoed.
    const forged = { 'x-razorpay-signature': '0'.repeat(64), 'x-razorpay-event-id': 'evt_SentinelForged01' };
    expect((await post('/webhooks/razorpay', { event: 'payment_link.paid' }, forged)).status()).toBe(401);
    expect((await post('/api/newsletter', { email }, { origin: 'https://elsewhere.example' })).status()).toBe(403);
    expect((await post('/api/enquiry', { ...enquiryBody, description: 'x'.repeat(70_000) })).status()).toBe(413);
    // The burst starts with at least 10 s left in the limiter's window (windows follow the wall clock: one that
    // rolled over mid-burst would split it below the limit on both sides).
    const { limit, period } = submitLimit();
    await withinOneWindow(period, 10);
    const burst = address();
    const statuses: number[] = [];
    for (let i = 0; i < limit + 2; i++) {
      statuses.push((await post('/api/newsletter', { email: 'bad' }, { 'cf-connecting-ip': burst })).status());
    }
    expect(statuses).toContain(429);
    for (const p of ['/api/videos', '/api/nope', '/api/newsletter', '/robots.txt', '/.env', '/desk']) {
      await keep(`GET ${p}`, await request.get(o + p, { maxRedirects: 0 }));
    }
    const foreign = await server.accessToken({ aud: 'another-application' });
    await keep(
      'GET /desk (another application)',
      await request.get(`${o}/desk`, { headers: { 'Cf-Access-Jwt-Assertion': foreign } }),
    );

    // Every secret was used: the sentinel token and owners on WhatsApp, the sentinel secret at siteverify.
    await expect
      .poll(
        async () =>
          (await server.received('graph'))
            .filter((r) => r.headers.authorization === `Bearer ${SENTINELS.WHATSAPP_TOKEN}`)
            .map((r) => (JSON.parse(r.body) as { to: string }).to)
            .filter((to) => OWNERS.includes(to)).length,
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(4);
    const siteverify = await server.received('turnstile');
    expect(siteverify.filter((r) => r.body.includes(SENTINELS.TURNSTILE_SECRET_KEY)).length).toBeGreaterThanOrEqual(4);

    // The desk, signed in: inbox, search, the lead with its failed delivery, numbers, dead leads, the export.
    const assertion = await server.accessToken({ email: 'priya@example.com' });
    await page.setExtraHTTPHeaders({ 'Cf-Access-Jwt-Assertion': assertion });
    // One lead page shows the owner's failed message with Meta's error (whichever lead's alert the queue sent first).
    const leadPages = ['newsletter', 'enquiry', 'quiz'].map((kind, i) => `${o}/desk/leads/${kind}/${ids[i]}`);
    await expect
      .poll(
        async () => {
          let shown = 0;
          for (const url of leadPages) {
            await page.goto(url);
            shown += await page.getByText(/Meta error 190/).count();
          }
          return shown;
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    for (const p of [
      '/desk',
      `/desk?q=${encodeURIComponent(email)}`,
      '/desk/numbers',
      '/desk/sources',
      '/desk/dead',
      '/desk/health',
    ]) {
      await page.goto(o + p);
    }
    // The monitors' JSON (fetched as a monitor would: a browser tab on it would also ask for /favicon.ico).
    const health = await request.get(`${o}/desk/health.json`, { headers: { 'Cf-Access-Jwt-Assertion': assertion } });
    expect(health.status()).toBe(200);
    await keep('GET /desk/health.json', health);
    const csv = await request.get(`${o}/desk/export.csv`, { headers: { 'Cf-Access-Jwt-Assertion': assertion } });
    expect(csv.status()).toBe(200);
    await keep('GET /desk/export.csv', csv);
    expect(bodies.find((b) => b.url === 'GET /desk/export.csv')?.text).toContain(email);

    expect(bodies.length).toBeGreaterThan(40);
    for (const { url, text } of bodies) expect(leaks(text), url).toEqual([]);
  });

  // An enquiry without a token siteverify accepts is stored and shown, marked Unverified; the owners
  // get no alert carrying its text, and nothing goes to the number it typed. Checked at a phone and a desktop width.
  test('an unverified enquiry is in the desk marked Unverified, and no phone received its text', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(90_000);
    const o = server.origin;
    const email = uniqueEmail('unverified-enquiry');
    const { e164: phone } = uniquePhone();
    const description = `SPAM-${Date.now()} cheap followers`;
    const res = await request.post(`${o}/api/enquiry`, {
      headers: { 'content-type': 'application/json', origin: o, 'cf-connecting-ip': '192.0.2.77' },
      data: JSON.stringify({ name: 'Growth Team', phone, email, description }),
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(server.firestore.document('enquiries', id)).toBeDefined();

    const leadPage = `${o}/desk/leads/enquiry/${id}`;
    await openOnceMarked(page, server, leadPage, page.locator('.desk-status-unverified'));
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(leadPage);
      await expect(page.getByRole('heading', { level: 1, name: 'Growth Team' })).toBeVisible();
      await expect(page.locator('.desk-status-unverified')).toHaveText('Unverified');
      await expect(page.getByText('Turnstile did not verify that a person sent this form.')).toBeVisible();
      await expect(page.getByText(description)).toBeVisible(); // the owners can still read it in the desk
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      await keepScreenshot(page, { path: info.outputPath(`desk-unverified-${width}.png`), fullPage: true });
    }
    // No WhatsApp message carried its text or went to its number.
    const graph = await server.received('graph');
    expect(graph.filter((r) => r.body.includes(description) || r.body.includes(phone.slice(1)))).toEqual([]);
  });

  // A newsletter signup without a token siteverify accepts is stored, but not sent on to the newsletter tool (no
  // confirmation email to an address nobody verified) until an owner who knows the person sends it on from the desk.
  test('an unverified signup reaches Kit only when an owner sends it on from its desk page', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(90_000);
    const o = server.origin;
    const email = uniqueEmail('unverified-signup');
    const res = await request.post(`${o}/api/newsletter`, {
      headers: { 'content-type': 'application/json', origin: o, 'cf-connecting-ip': '192.0.2.78' },
      data: JSON.stringify({ email }),
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(server.firestore.document('news_letter', id)).toBeDefined();
    /** What the Kit stand-in received about this address (in a call's body, or its lookup's query). */
    const kitCalls = async () =>
      (await server.received('kit'))
        .filter((r) => `${r.body} ${decodeURIComponent((r as { search?: string }).search ?? '')}`.includes(email))
        .map((r) => `${r.method} ${r.path}`);

    const leadPage = `${o}/desk/leads/newsletter/${id}`;
    const card = page.getByRole('region', { name: 'Newsletter' });
    const skipped = card.getByText('Not sent on: Turnstile did not verify that a person signed up.');
    await openOnceMarked(page, server, leadPage, skipped);
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(leadPage);
      await expect(page.locator('.desk-status-unverified')).toHaveText('Unverified');
      await expect(page.getByText('so the sign-up was not sent on to the newsletter tool')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Send on' })).toBeVisible();
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      await keepScreenshot(page, { path: info.outputPath(`desk-unverified-signup-${width}.png`), fullPage: true });
    }
    expect(await kitCalls()).toEqual([]);

    // The owner knows them and sends it on: Kit gets the signup (its double opt-in email goes), once.
    await card.getByRole('button', { name: 'Send on' }).click();
    await expect(page).toHaveURL(leadPage);
    await expect
      .poll(
        async () => {
          await page.goto(leadPage);
          return card.locator('.desk-state').allTextContents();
        },
        { timeout: 30_000 },
      )
      .toEqual(['Sent']);
    await expect(card.getByRole('button', { name: 'Send on' })).toHaveCount(0);
    expect(await kitCalls()).toEqual([
      'GET /kit/v4/subscribers',
      'POST /kit/v4/subscribers',
      'POST /kit/v4/forms/1234567/subscribers',
    ]);
  });
});
