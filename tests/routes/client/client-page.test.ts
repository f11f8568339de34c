/**
 * The client's page, /c/:token, with a clock the test moves: a wrong, unknown, expired, revoked or replaced token gets
 * exactly the 404 of an unknown address; a live one gets the private page (never indexed, kept or sent on as a
 * Referer) with the sessions, the next call and "Book next session" carrying the engagement's own reference, refused
 * once the package has ended or every session is used or booked.
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { issueLink, revokeLink } from '../../../src/clients/start';
import type { BookingRecord } from '../../../src/store/bookings/bookings';
import { getBookingStore } from '../../../src/store/bookings/open';
import { getClientStore } from '../../../src/store/clients/open';
import { callAt } from '../../desk/bookings/call-fixtures';
import { call, clock, comparable, engaged, headersOf } from './client-fixtures';

/** The booking button as the page renders it (a refused booking never shows it). */
const BOOK = 'aria-describedby="client-book-note">Book next session</a>';

const START = new Date('2026-03-02T06:30:00Z');
beforeEach(() => {
  clock.now = START;
});

/** Asserts `res` is the site's answer for an unknown address, byte for byte but the nonce and the forms' ids. */
async function expectUnknownPage(res: Response, token?: string) {
  const unknown = await call(`/no-such-page-${crypto.randomUUID().slice(0, 8)}`);
  expect(res.status).toBe(404);
  expect(headersOf(res)).toEqual(headersOf(unknown));
  const body = await res.clone().text();
  // The forms' attribution keeps the page's path, and a client page's as `/c` alone: a form never stores a token.
  if (token) expect(body).not.toContain(token);
  expect(body).toContain('landing_path&quot;:&quot;/c&quot;');
  const [mine, theirs] = [await comparable(res), await comparable(unknown)];
  // Where they first differ, in a few characters: a whole page in the failure says nothing.
  const at = [...mine].findIndex((ch, i) => ch !== theirs[i]);
  expect(mine.slice(Math.max(0, at - 80), at + 80)).toBe(theirs.slice(Math.max(0, at - 80), at + 80));
  expect(mine.length).toBe(theirs.length);
}

/** A booking through the engagement's reference, on its lead, whose hour-long call starts `hours` after START. */
async function booked(e: Awaited<ReturnType<typeof engaged>>, hours: number, over: Partial<BookingRecord> = {}) {
  const booking = callAt(START.getTime() + hours * 3_600_000, { ref: e.engagement.reference, ...over });
  const lead = { kind: 'enquiry' as const, id: e.lead.id, by: 'ref', at: booking.receivedAt };
  await getBookingStore(env).put({ ...booking, lead });
  return booking;
}

describe('a token that opens nothing gets the same 404 as any unknown page', () => {
  it('refuses a token of the wrong shape and one no link has', async () => {
    await expectUnknownPage(await call('/c/short'));
    await expectUnknownPage(await call('/c/AAAAAAAAAAAAAAAAAAAAAA'), 'AAAAAAAAAAAAAAAAAAAAAA');
  });

  it('refuses a link once it has expired (the package ended), and the page before that', async () => {
    const { token } = await engaged({ validUntil: '2026-03-10' });
    clock.now = new Date('2026-03-10T18:00:00Z'); // 23:30 in India on the last day: still open
    expect((await call(`/c/${token}`)).status).toBe(200);
    clock.now = new Date('2026-03-10T18:30:00Z'); // midnight in India: the link has ended with the package
    await expectUnknownPage(await call(`/c/${token}`), token);
  });

  it('refuses a revoked link, and the old link once a fresh one is sent (the fresh one opens)', async () => {
    const first = await engaged();
    const fresh = await issueLink(env, first.engagement, 'priya@example.com', START);
    await expectUnknownPage(await call(`/c/${first.token}`), first.token);
    expect((await call(`/c/${fresh.token}`)).status).toBe(200);
    await revokeLink(env, fresh.engagement, 'priya@example.com', START);
    await expectUnknownPage(await call(`/c/${fresh.token}`), fresh.token);
  });

  it('answers a post to a dead link as an unknown page too, and records nothing', async () => {
    const { engagement, token } = await engaged();
    await revokeLink(env, engagement, 'priya@example.com', START);
    const res = await call(`/c/${token}/terms`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:8787' },
      body: 'accept=yes',
    });
    expect(res.status).toBe(404);
    expect((await getClientStore(env).getEngagement(engagement.id))?.accepted).toBeUndefined();
  });
});

describe('the page', () => {
  it('is private: never indexed, kept or sent on as a Referer, under the site CSP', async () => {
    const { token } = await engaged();
    const res = await call(`/c/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // The token is only in the page's own form address, never in its canonical or shared addresses.
    expect(html.split(token)).toHaveLength(2);
    expect(html).toContain(`action="/c/${token}/terms"`);
  });

  // Issue 58: as the quiz, the first paint is the whole page read, not its header with the rest laid out after it.
  it('is painted once its main has been read', async () => {
    const { token } = await engaged();
    const html = await (await call(`/c/${token}`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    // The element after </main> and the footer: Chromium lets the link go as the element it names is put in.
    expect(head).toContain('<link rel="expect" href="#view-read" blocking="render"/>');
    expect(html.match(/id="view-read"/g)).toHaveLength(1);
    expect(html).toMatch(
      /<main id="main" class="section client-page">.*<\/main><footer .*<\/footer><span id="view-read" hidden=""><\/span>/s,
    );
  });

  it('greets the client and shows the package: sessions used and left, the next call in India time, valid until', async () => {
    const e = await engaged({ terms: null });
    await booked(e, -48); // ended two days ago: used
    await booked(e, -24, { status: 'cancelled' }); // cancelled: never counts
    await booked(e, 50); // Wednesday 4 March, 08:30 UTC = 14:00 in India
    const html = await (await call(`/c/${e.token}`)).text();
    expect(html).toContain('Hello Asha');
    expect(html).toContain('One-to-one coaching');
    expect(html).toMatch(/Sessions used<\/dt><dd>1<!-- --> \/ <!-- -->6<\/dd>/);
    expect(html).toMatch(/Sessions left<\/dt><dd>5<\/dd>/);
    expect(html).toMatch(/Next call<\/dt><dd>Wednesday, 4 March(,| at) 2:00 pm \(India time\)<\/dd>/i);
    expect(html).toContain('<dd>30 June 2026</dd>');
  });

  it('offers "Book next session" with the engagement’s reference, in a new tab without a Referer', async () => {
    const e = await engaged({ terms: null });
    const html = await (await call(`/c/${e.token}`)).text();
    const link =
      /<a href="([^"]+)" target="_blank" rel="noopener noreferrer" class="btn btn-cta" aria-describedby="client-book-note">Book next session<\/a>/.exec(
        html,
      );
    expect(link).not.toBeNull();
    const href = new URL(link![1]!.replaceAll('&amp;', '&'));
    expect(href.origin + href.pathname).toBe('https://cal.example.com/priya/session');
    expect(href.searchParams.get('metadata[ref]')).toBe(e.engagement.reference);
    expect(href.searchParams.get('program')).toBe('one-to-one');
  });

  it('refuses "Book next session" once the package has ended, and says whom to write to', async () => {
    const e = await engaged({ terms: null, validUntil: '2026-03-05' });
    // The link outlives the package only when an owner's data says so: here it ends with it, so store a longer one.
    const store = getClientStore(env);
    const stored = (await store.getEngagement(e.engagement.id))!;
    await store.putEngagement({ ...stored, link: { ...stored.link!, expiresAt: '2026-09-01T00:00:00.000Z' } });
    clock.now = new Date('2026-03-06T06:30:00Z');
    const html = await (await call(`/c/${e.token}`)).text();
    expect(html).not.toContain(BOOK);
    expect(html).toContain('Your package ended on 5 March 2026');
    expect(html).toContain('reply to the WhatsApp message that brought you this link');
  });

  it('refuses it when every session is used or already booked, and offers to renew with one left', async () => {
    const e = await engaged({ terms: null, sessions: 3 });
    await booked(e, -48);
    let html = await (await call(`/c/${e.token}`)).text();
    expect(html).toContain(BOOK);
    expect(html).not.toContain('Ask for a new package');
    await booked(e, 24); // one used, one booked ahead: one left to book
    html = await (await call(`/c/${e.token}`)).text();
    expect(html).toContain(BOOK);
    expect(html).toContain('You have one session left');
    expect(html).toContain('Ask for a new package');
    await booked(e, 72); // one used, two ahead: nothing left to book
    html = await (await call(`/c/${e.token}`)).text();
    expect(html).not.toContain(BOOK);
    expect(html).toContain('Every session in your package is used or already booked');
    expect(html).toMatch(/Sessions left<\/dt><dd>2<\/dd>/);
  });
});
