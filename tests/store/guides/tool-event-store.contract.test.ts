/**
 * The newsletter tool's event store's contract, run against every adapter: D1 for real inside workerd, and Firestore
 * over REST against the stand-in. An event is kept once by (tool, event id); the newest of an address by when it
 * happened stands, so an older event arriving late does not win; an address's events are listed newest first and
 * erased with nothing of anyone else's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { D1ToolEventStore } from '../../../src/store/newsletter/tool-events-d1';
import { FirestoreToolEventStore } from '../../../src/store/newsletter/tool-events-firestore';
import { getToolEventStore } from '../../../src/store/newsletter/open';
import { ADAPTERS, day, toolEvent } from './guide-records';

afterEach(() => vi.unstubAllGlobals());

describe.each(ADAPTERS)('ToolEventStore contract: %s', (name, makeEnv) => {
  it('chooses the adapter of the lead store', async () => {
    const store = getToolEventStore(await makeEnv());
    expect(store).toBeInstanceOf(name === 'D1' ? D1ToolEventStore : FirestoreToolEventStore);
  });

  it('keeps an event once per tool and id: a repeat writes nothing', async () => {
    const store = getToolEventStore(await makeEnv());
    const e = toolEvent('asha@example.org', 0, { eventId: 'evt-1' });
    await expect(store.record(e)).resolves.toBe(true);
    await expect(store.record({ ...e, kind: 'bounced', receivedAt: day(1) })).resolves.toBe(false);
    await expect(store.forEmail('asha@example.org')).resolves.toEqual([e]);
    // The same id from the other tool is another event.
    const other = { ...e, tool: 'mailchimp' as const, kind: 'complained' as const };
    await expect(store.record(other)).resolves.toBe(true);
    await expect(store.forEmail('asha@example.org')).resolves.toHaveLength(2);
  });

  it('answers the newest event by when it happened: an older one arriving late does not win', async () => {
    const store = getToolEventStore(await makeEnv());
    await expect(store.latestFor('asha@example.org')).resolves.toBeNull();
    const bounced = toolEvent('asha@example.org', 5, { kind: 'bounced' });
    const lateOld = toolEvent('asha@example.org', 2, { kind: 'unsubscribed', receivedAt: day(9) });
    await store.record(bounced);
    await store.record(lateOld);
    await expect(store.latestFor('asha@example.org')).resolves.toEqual(bounced);
    await expect(store.forEmail('asha@example.org')).resolves.toEqual([bounced, lateOld]);
    // At the same moment, the one received last stands.
    const same = toolEvent('asha@example.org', 5, { kind: 'complained', receivedAt: day(6) });
    await store.record(same);
    await expect(store.latestFor('asha@example.org')).resolves.toEqual(same);
  });

  it('erases every event of an address and nothing of anyone else’s', async () => {
    const store = getToolEventStore(await makeEnv());
    const mine = [toolEvent('asha@example.org', 0), toolEvent('asha@example.org', 1, { kind: 'address_changed' })];
    const theirs = toolEvent('ben@example.org', 0);
    for (const e of [...mine, theirs]) await store.record(e);
    await expect(store.eraseEmail('asha@example.org')).resolves.toBe(2);
    await expect(store.forEmail('asha@example.org')).resolves.toEqual([]);
    await expect(store.latestFor('asha@example.org')).resolves.toBeNull();
    await expect(store.forEmail('ben@example.org')).resolves.toEqual([theirs]);
    await expect(store.eraseEmail('asha@example.org')).resolves.toBe(0);
  });
});
