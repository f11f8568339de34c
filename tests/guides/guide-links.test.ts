/**
 * The links of a guide request (issue 59), on D1. /guides/confirm?t=…: GET only asks (a mail scanner confirms
 * nothing), POST confirms once: the newsletter subscription tagged guide:<slug> and the download email, and a second
 * POST shows the same page and sends nothing. /guides/<token>: the PDF with its headers, each download counted; an
 * expired link is a 410 page, a forged one a 404 page. Every guide page is noindex and sends no Referer.
 */
import { env } from 'cloudflare:test';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../src/env';
import { consent } from '../../src/words/privacy';
import { seedSampleGuide, SAMPLE_GUIDE_SLUG } from '../../src/dev-guides';
import { CONTENT_KEY, forgetPublished } from '../../src/store/site-content/published-content';
import { offeredGuide, requestGuide } from '../../src/guides/request';
import { signGuideToken, tokenFor } from '../../src/guides/token';
import { getGuideStore } from '../../src/store/guides/open';
import { getLeadStore } from '../../src/store/leads/open';
import type { GuideRequestRecord } from '../../src/store/guides/guides';
import { callWorker, LOOPBACK_ORIGIN } from '../support/api';
import { D1_AND_FIRESTORE } from '../support/firestore';
import { captureQueue, consume, takeJobs } from '../support/queue';
import { EmailStandin } from '../standins/email';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

beforeAll(async () => {
  await seedSampleGuide(env);
});
// The sample guide is published for this file alone: the files after it (one runtime, one database) start from the
// content a fresh site has.
afterAll(async () => {
  await env.DB.exec('DELETE FROM content_draft; DELETE FROM content_versions;');
  await env.FEEDS.delete(CONTENT_KEY);
  forgetPublished(env.FEEDS);
});

const SECRET = 'development-only-unsubscribe-secret';
const FROM = 'priya@site.test';
const DAY = 86_400_000;

/** A request for the sample guide, stored as POST /api/guide stores it (made `ago` ms before now). */
async function requested(
  base: Env,
  ago = 0,
): Promise<{
  workerEnv: Env;
  email: EmailStandin;
  queued: ReturnType<typeof captureQueue>;
  request: GuideRequestRecord;
}> {
  const email = new EmailStandin([FROM]);
  const workerEnv = { ...base, RESULT_EMAIL_FROM: FROM, EMAIL: email.binding } as Env;
  const queued = captureQueue(workerEnv);
  const to = `links-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const guide = (await offeredGuide(workerEnv, SAMPLE_GUIDE_SLUG))!;
  const input = { email: to, consent: consent.notices.newsletter.version, verified: true };
  expect(await requestGuide(workerEnv, guide, input, new Date(Date.now() - ago))).toBe('queued');
  takeJobs(queued, 'guide-email');
  const [request] = await getGuideStore(workerEnv).forEmail(to);
  return { workerEnv, email, queued, request: request! };
}

const confirmPath = (token: string) => `/guides/confirm?t=${token}`;
const confirm = (workerEnv: Env, token: string) =>
  callWorker(workerEnv, confirmPath(token), { method: 'POST', headers: { origin: LOOPBACK_ORIGIN } });

function expectPrivate(res: Response) {
  expect(res.headers.get('x-robots-tag')).toContain('noindex');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
}

const downloadHref = (html: string) => /href="(\/guides\/[A-Za-z0-9_.-]+)"/.exec(html)?.[1];

// The lead store's database holds the requests and the subscription the confirmation makes: both are run.
describe.each(D1_AND_FIRESTORE)('on %s', (_, makeEnv) => {
  describe('the confirmation link', () => {
    it('GET asks with one button and confirms nothing; POST confirms once, subscribes with the tag, emails the link', async () => {
      const { workerEnv, email, queued, request } = await requested(await makeEnv());
      const token = await tokenFor(SECRET, 'confirm', request);

      const asked = await callWorker(workerEnv, confirmPath(token));
      expect(asked.status).toBe(200);
      expectPrivate(asked);
      const page = await asked.text();
      expect(page).toContain('Confirm and get the guide');
      // Issue 58: painted once its main has been read, not its header with the rest laid out after it.
      expect(page.slice(0, page.indexOf('</head>'))).toContain(
        '<link rel="expect" href="#view-read" blocking="render"/>',
      );
      expect(page).toContain('</footer><span id="view-read" hidden=""></span>');
      expect(page).toContain(`action="${confirmPath(token)}"`);
      expect((await getGuideStore(workerEnv).get(request.id))!.confirmedAt).toBeUndefined();

      const first = await confirm(workerEnv, token);
      expect(first.status).toBe(200);
      expectPrivate(first);
      const ready = await first.text();
      expect(ready).toContain('Your guide is ready');
      const href = downloadHref(ready);
      expect(href).toMatch(/^\/guides\/[A-Za-z0-9_-]{22}\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);

      const stored = (await getGuideStore(workerEnv).get(request.id))!;
      expect(stored.confirmedAt).toBeDefined();
      expect(stored.subscriptionId).toBeDefined();
      const subscription = await getLeadStore(workerEnv).get('newsletter', stored.subscriptionId!);
      expect(subscription).toMatchObject({
        kind: 'newsletter',
        email: request.email,
        tags: ['guide:five-minute-reset'],
      });
      expect(subscription!.consent.version).toBe(consent.notices.newsletter.version);
      // The owners hear of it as of any sign-up; the download link goes by email once.
      expect(takeJobs(queued, 'notify')).toHaveLength(1);
      const links = takeJobs(queued, 'guide-email');
      expect(links).toEqual([{ type: 'guide-email', requestId: request.id, email: 'link' }]);
      await consume(workerEnv, [...links, ...links]);
      const [sent, ...more] = email.to(request.email);
      expect(more).toEqual([]);
      expect(sent!.subject).toBe('Your guide: “The Five-Minute Reset”');
      expect(sent!.text).toContain(`http://127.0.0.1:8787${href}`);

      // A second POST (a scanner that posts, a second tap) shows the same download and sends nothing.
      const second = await confirm(workerEnv, token);
      expect(second.status).toBe(200);
      expect(downloadHref(await second.text())).toBe(href);
      expect(queued).toEqual([]);
      expect((await getGuideStore(workerEnv).get(request.id))!.confirmedAt).toBe(stored.confirmedAt);
    });

    it('is a 410 page once expired, and a 404 page when forged or of another kind; nothing is confirmed', async () => {
      const { workerEnv, queued, request } = await requested(await makeEnv(), 8 * DAY);
      const expired = await tokenFor(SECRET, 'confirm', request);
      const gone = await confirm(workerEnv, expired);
      expect(gone.status).toBe(410);
      expectPrivate(gone);
      expect(await gone.text()).toContain('This link has expired');
      expect((await callWorker(workerEnv, confirmPath(expired))).status).toBe(410);

      const live = await signGuideToken(SECRET, 'confirm', request.id, Date.now() + DAY);
      const forged = `${live.slice(0, -2)}${live.endsWith('AA') ? 'BA' : 'AA'}`;
      const otherKey = await signGuideToken('another-secret-of-some-length', 'confirm', request.id, Date.now() + DAY);
      const download = await signGuideToken(SECRET, 'download', request.id, Date.now() + DAY);
      for (const token of [forged, otherKey, download, 'nonsense', '']) {
        const res = await confirm(workerEnv, token);
        expect(res.status).toBe(404);
        expect(await res.text()).toContain('This link does not work');
      }
      expect((await getGuideStore(workerEnv).get(request.id))!.confirmedAt).toBeUndefined();
      expect(queued).toEqual([]);
    });
  });

  describe('the download link', () => {
    it('serves the PDF, never cached or indexed, and counts each download', async () => {
      const { workerEnv, request } = await requested(await makeEnv());
      const ready = await (await confirm(workerEnv, await tokenFor(SECRET, 'confirm', request))).text();
      const href = downloadHref(ready)!;

      const res = await callWorker(workerEnv, href);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="five-minute-reset.pdf"');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expectPrivate(res);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);

      await (await callWorker(workerEnv, href)).arrayBuffer();
      const counted = (await getGuideStore(workerEnv).get(request.id))!;
      expect(counted.downloads).toBe(2);
      expect(counted.lastDownloadAt).toBeDefined();
    });

    it('is a 410 page 7 days after the confirmation, a 404 page when forged or not yet confirmed', async () => {
      const { workerEnv, request } = await requested(await makeEnv());
      const unconfirmed = await signGuideToken(SECRET, 'download', request.id, Date.now() + DAY);
      expect((await callWorker(workerEnv, `/guides/${unconfirmed}`)).status).toBe(404);

      await confirm(workerEnv, await tokenFor(SECRET, 'confirm', request));
      const expired = await signGuideToken(SECRET, 'download', request.id, Date.now() - 1000);
      const gone = await callWorker(workerEnv, `/guides/${expired}`);
      expect(gone.status).toBe(410);
      expectPrivate(gone);
      const page = await gone.text();
      expect(page).toContain('This link has expired');
      expect(page).toContain('href="/#guides"');

      const live = await signGuideToken(SECRET, 'download', request.id, Date.now() + DAY);
      const [id, expiry, signature] = live.split('.') as [string, string, string];
      const later = (parseInt(expiry, 36) + 86_400).toString(36);
      const confirmKind = await signGuideToken(SECRET, 'confirm', request.id, Date.now() + DAY);
      for (const token of [`${id}.${later}.${signature}`, confirmKind, `${id}.${expiry}`, 'x'.repeat(300)]) {
        const res = await callWorker(workerEnv, `/guides/${token}`);
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toContain('text/html');
      }
      expect((await callWorker(workerEnv, `/guides/${live}`)).status).toBe(200);
      expect((await getGuideStore(workerEnv).get(request.id))!.downloads).toBe(1);
    });
  });
});
