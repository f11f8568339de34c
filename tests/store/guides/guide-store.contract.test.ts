/**
 * The guide store's contract, run against every adapter: D1 for real inside workerd, and Firestore over REST against
 * the stand-in. Both give the same answers: a request is stored once, found by its address and guide since a time,
 * confirmed once (the first opening alone is `first`), its downloads counted only once confirmed, listed by address
 * and by the subscription its confirmation made, counted per source and guide within a period, erased by address
 * and pruned by age (unconfirmed after 30 days, confirmed after two years).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { D1GuideStore } from '../../../src/store/guides/guides-d1';
import { FirestoreGuideStore } from '../../../src/store/guides/guides-firestore';
import { getGuideStore } from '../../../src/store/guides/open';
import { ADAPTERS, day, guideRequest } from './guide-records';

afterEach(() => vi.unstubAllGlobals());

const ids = (list: Array<{ id: string }>) => list.map((r) => r.id);

describe.each(ADAPTERS)('GuideStore contract: %s', (name, makeEnv) => {
  it('chooses the adapter of the lead store', async () => {
    const store = getGuideStore(await makeEnv());
    expect(store).toBeInstanceOf(name === 'D1' ? D1GuideStore : FirestoreGuideStore);
  });

  it('stores a request once and reads it back whole', async () => {
    const store = getGuideStore(await makeEnv());
    const r = guideRequest('asha@example.org', 0);
    await expect(store.create(r)).resolves.toBe(true);
    await expect(store.create({ ...r, guide: 'other' })).resolves.toBe(false);
    await expect(store.get(r.id)).resolves.toEqual(r);
    await expect(store.get('no-such-request')).resolves.toBeNull();
  });

  it('finds the newest request of an address and guide since a time, and no other', async () => {
    const store = getGuideStore(await makeEnv());
    const old = guideRequest('asha@example.org', 0);
    const recent = guideRequest('asha@example.org', 3);
    const otherGuide = guideRequest('asha@example.org', 4, { guide: 'sleep-well' });
    const otherPerson = guideRequest('ben@example.org', 4);
    for (const r of [old, recent, otherGuide, otherPerson]) await store.create(r);
    await expect(store.latestSince('asha@example.org', 'five-minute-reset', day(1))).resolves.toEqual(recent);
    await expect(store.latestSince('asha@example.org', 'five-minute-reset', day(0))).resolves.toEqual(recent);
    await expect(store.latestSince('asha@example.org', 'five-minute-reset', day(5))).resolves.toBeNull();
    await expect(store.latestSince('cara@example.org', 'five-minute-reset', day(0))).resolves.toBeNull();
  });

  it('confirms once: the first opening is first, a later one changes nothing', async () => {
    const store = getGuideStore(await makeEnv());
    const r = guideRequest('asha@example.org', 0);
    await store.create(r);
    const confirmed = { ...r, confirmedAt: day(1), subscriptionId: 'sub-1' };
    await expect(store.confirm(r.id, day(1), 'sub-1')).resolves.toEqual({ request: confirmed, first: true });
    await expect(store.confirm(r.id, day(2), 'sub-2')).resolves.toEqual({ request: confirmed, first: false });
    await expect(store.get(r.id)).resolves.toEqual(confirmed);
    await expect(store.confirm('no-such-request', day(1))).resolves.toBeNull();
    // Without a subscription (the tool's own double opt-in made none here), the request is still confirmed.
    const bare = guideRequest('ben@example.org', 0);
    await store.create(bare);
    await expect(store.confirm(bare.id, day(1))).resolves.toEqual({
      request: { ...bare, confirmedAt: day(1) },
      first: true,
    });
  });

  it('counts a download only of a confirmed request', async () => {
    const store = getGuideStore(await makeEnv());
    const r = guideRequest('asha@example.org', 0);
    await store.create(r);
    await store.countDownload(r.id, day(1));
    await expect(store.get(r.id)).resolves.toEqual(r);
    await store.confirm(r.id, day(1));
    await store.countDownload(r.id, day(2));
    await store.countDownload(r.id, day(3));
    await expect(store.get(r.id)).resolves.toEqual({ ...r, confirmedAt: day(1), downloads: 2, lastDownloadAt: day(3) });
    await store.countDownload('no-such-request', day(3));
  });

  it('lists an address’s requests and a subscription’s, newest first', async () => {
    const store = getGuideStore(await makeEnv());
    const first = guideRequest('asha@example.org', 0);
    const second = guideRequest('asha@example.org', 2, { guide: 'sleep-well' });
    const someoneElse = guideRequest('ben@example.org', 1);
    for (const r of [first, second, someoneElse]) await store.create(r);
    await store.confirm(first.id, day(1), 'sub-asha');
    await store.confirm(second.id, day(3), 'sub-asha');
    await store.confirm(someoneElse.id, day(3), 'sub-ben');
    expect(ids(await store.forEmail('asha@example.org'))).toEqual([second.id, first.id]);
    expect(ids(await store.forSubscription('sub-asha'))).toEqual([second.id, first.id]);
    expect(ids(await store.forSubscription('sub-ben'))).toEqual([someoneElse.id]);
    await expect(store.forEmail('cara@example.org')).resolves.toEqual([]);
    await expect(store.forSubscription('sub-none')).resolves.toEqual([]);
  });

  it('counts requests, confirmations and downloads per source and guide within the period', async () => {
    const store = getGuideStore(await makeEnv());
    const a = guideRequest('a@example.org', 1);
    const b = guideRequest('b@example.org', 2);
    const c = guideRequest('c@example.org', 2, { source: '', attribution: undefined });
    const before = guideRequest('d@example.org', 0);
    const after = guideRequest('e@example.org', 5);
    for (const r of [a, b, c, before, after]) await store.create(r);
    await store.confirm(a.id, day(2));
    await store.countDownload(a.id, day(3));
    await store.countDownload(a.id, day(3));
    await store.confirm(before.id, day(1));
    expect(await store.counts(day(1), day(5))).toEqual([
      { source: 'instagram', guide: 'five-minute-reset', requests: 2, confirmations: 1, downloads: 2 },
      { source: '', guide: 'five-minute-reset', requests: 1, confirmations: 0, downloads: 0 },
    ]);
    await expect(store.counts(day(10), day(20))).resolves.toEqual([]);
  });

  it('erases every request of an address and nothing of anyone else’s', async () => {
    const store = getGuideStore(await makeEnv());
    const mine = [guideRequest('asha@example.org', 0), guideRequest('asha@example.org', 1)];
    const theirs = guideRequest('ben@example.org', 0);
    for (const r of [...mine, theirs]) await store.create(r);
    await store.confirm(mine[0]!.id, day(1), 'sub-asha');
    await expect(store.eraseEmail('asha@example.org')).resolves.toBe(2);
    await expect(store.forEmail('asha@example.org')).resolves.toEqual([]);
    await expect(store.forSubscription('sub-asha')).resolves.toEqual([]);
    await expect(store.get(mine[0]!.id)).resolves.toBeNull();
    await expect(store.get(theirs.id)).resolves.toEqual(theirs);
    await expect(store.eraseEmail('asha@example.org')).resolves.toBe(0);
    // A request asked again under an erased id starts afresh: no confirmation is left behind.
    await store.create(mine[0]!);
    await expect(store.confirm(mine[0]!.id, day(5))).resolves.toMatchObject({ first: true });
  });

  it('prunes unconfirmed requests before one cutoff and confirmed ones before the other', async () => {
    const store = getGuideStore(await makeEnv());
    const oldUnconfirmed = guideRequest('a@example.org', 0);
    const newUnconfirmed = guideRequest('b@example.org', 40);
    const oldConfirmed = guideRequest('c@example.org', 0);
    const keptConfirmed = guideRequest('d@example.org', 10);
    for (const r of [oldUnconfirmed, newUnconfirmed, oldConfirmed, keptConfirmed]) await store.create(r);
    await store.confirm(oldConfirmed.id, day(1));
    await store.confirm(keptConfirmed.id, day(11));
    // Unconfirmed: gone before day 30; confirmed: gone before day 5.
    await expect(store.prune(day(30), day(5))).resolves.toBe(2);
    await expect(store.get(oldUnconfirmed.id)).resolves.toBeNull();
    await expect(store.get(oldConfirmed.id)).resolves.toBeNull();
    await expect(store.get(newUnconfirmed.id)).resolves.toEqual(newUnconfirmed);
    await expect(store.get(keptConfirmed.id)).resolves.toMatchObject({ confirmedAt: day(11) });
    await expect(store.prune(day(30), day(5))).resolves.toBe(0);
  });
});
