/**
 * The terms on the client's page, accepted once with the version and the hash of the exact text shown: a post
 * without the box, or for words the page no longer shows, is refused and changes nothing; a second acceptance keeps
 * the first. Posts are limited per client (the link's hash), like the forms: over the limit a 429 page, nothing kept.
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { termsHash } from '../../../src/clients/start';
import { getClientStore } from '../../../src/store/clients/open';
import { withinOneWindow } from '../../support/shared';
import { TERMS, call, clock, engaged, postTerms } from './client-fixtures';

const START = new Date('2026-03-02T06:30:00Z');
beforeEach(() => {
  clock.now = START;
});

const stored = async (id: string) => (await getClientStore(env).getEngagement(id))!;
/** The hash the page's form carries: of the exact text it shows. */
const shownHash = async (token: string) =>
  /name="terms" value="([0-9a-f]{64})"/.exec(await (await call(`/c/${token}`)).text())?.[1];

describe('the terms', () => {
  it('shows the terms with the box and holds back booking until they are accepted', async () => {
    const { token } = await engaged();
    const html = await (await call(`/c/${token}`)).text();
    expect(html).toContain('A session cancelled with less than a day’s notice counts as used.');
    expect(html).toContain('<label for="client-accept">I accept these terms</label>');
    expect(html).toContain('Once you accept the terms above, you can book your next session here.');
    expect(html).not.toContain('Book next session');
    expect(await shownHash(token)).toBe(await termsHash(TERMS));
  });

  it('records the acceptance once, with the version, the hash of the exact text and the time', async () => {
    const { engagement, token } = await engaged();
    const hash = (await shownHash(token))!;
    const res = await postTerms(token, { accept: 'yes', terms: hash });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/c/${token}`);
    const accepted = (await stored(engagement.id)).accepted;
    expect(accepted).toEqual({ versionId: 7, hash: await termsHash(TERMS), at: START.toISOString() });

    // A second post (another tab, a replay) an hour later changes nothing.
    clock.now = new Date(START.getTime() + 3_600_000);
    expect((await postTerms(token, { accept: 'yes', terms: hash })).status).toBe(303);
    expect((await stored(engagement.id)).accepted).toEqual(accepted);

    const html = await (await call(`/c/${token}`)).text();
    expect(html).toContain('You accepted these terms on 2 March 2026');
    expect(html).not.toContain('name="accept"');
    expect(html).toContain('aria-describedby="client-book-note">Book next session</a>');
  });

  it('refuses a post without the box: the page again with the message by the box (400), nothing kept', async () => {
    const { engagement, token } = await engaged();
    const res = await postTerms(token, { terms: (await shownHash(token))! });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(
      /<p class="field-error" id="client-accept-error">Tick “I accept these terms” to accept them.<\/p>/,
    );
    expect(html).toContain('aria-invalid="true"');
    expect((await stored(engagement.id)).accepted).toBeUndefined();
    // A body that is not a form is refused the same way, with its own status.
    const text = await call(`/c/${token}/terms`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'http://127.0.0.1:8787' },
      body: 'accept=yes',
    });
    expect(text.status).toBe(415);
    expect(await text.text()).toContain('client-accept-error');
    expect((await stored(engagement.id)).accepted).toBeUndefined();
  });

  it('refuses an acceptance of words the page no longer shows (409), nothing kept', async () => {
    const { engagement, token } = await engaged();
    const res = await postTerms(token, { accept: 'yes', terms: await termsHash('Older terms.') });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('These terms were changed since you opened the page.');
    expect((await stored(engagement.id)).accepted).toBeUndefined();
  });

  it('refuses a post a browser says came from another site, and takes its own page’s post under no-referrer', async () => {
    const { engagement, token } = await engaged();
    const fields = { accept: 'yes', terms: await termsHash(TERMS) };
    const forged = await postTerms(token, fields, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(forged.status).toBe(403);
    expect((await stored(engagement.id)).accepted).toBeUndefined();
    // What a browser sends from the page itself: its Referrer-Policy makes the Origin "null".
    const own = await postTerms(token, fields, { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(303);
    expect((await stored(engagement.id)).accepted?.hash).toBe(fields.terms);
  });
});

describe('the rate limit per client', () => {
  it('answers 429 with a page once a client posts too often, keeps nothing, and leaves other clients alone', async () => {
    const { limit, period } = env.TEST_SUBMIT_LIMIT;
    const [mine, theirs] = [await engaged(), await engaged()];
    const hash = await termsHash(TERMS);
    await withinOneWindow(period, 10);
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await postTerms(mine.token, { terms: hash })).status);
    const over = await postTerms(mine.token, { accept: 'yes', terms: hash });
    expect(statuses).toEqual(Array(limit).fill(400));
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe(String(period));
    expect(over.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await over.text()).toContain('Please wait a minute');
    expect((await stored(mine.engagement.id)).accepted).toBeUndefined();
    // The limit is the client's own: another client's page still takes its acceptance.
    expect((await postTerms(theirs.token, { accept: 'yes', terms: hash })).status).toBe(303);
    expect((await stored(theirs.engagement.id)).accepted?.hash).toBe(hash);
  });
});
