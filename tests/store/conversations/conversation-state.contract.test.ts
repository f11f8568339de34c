/**
 * The owners' read marks and conversation states, run against every adapter like the conversation store's
 * (tests/store/conversations/conversation-store.contract.test.ts): D1 inside workerd and Firestore over REST against the stand-in. Both
 * keep each owner's mark apart (a later one wins), apply changes the same way, and erase and prune alike.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { getConversationStateStore } from '../../../src/store/conversations/open';
import { D1ConversationStateStore } from '../../../src/store/conversations/conversation-state-d1';
import { FirestoreConversationStateStore } from '../../../src/store/conversations/conversation-state-firestore';
import { firestoreEnv } from '../../support/firestore';
import { uniqueMobile } from '../../support/shared';

const adapters: Array<[string, () => Promise<Env>]> = [
  ['D1', async () => env],
  ['Firestore', async () => (await firestoreEnv('credentials')).env],
];

afterEach(() => vi.unstubAllGlobals());

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute)).toISOString();

describe.each(adapters)('ConversationStateStore contract: %s', (name, makeEnv) => {
  it('chooses the adapter of the conversation store', async () => {
    const store = getConversationStateStore(await makeEnv());
    expect(store).toBeInstanceOf(name === 'D1' ? D1ConversationStateStore : FirestoreConversationStateStore);
  });

  it("keeps each owner's read mark apart, the later one of each", async () => {
    const store = getConversationStateStore(await makeEnv());
    const [phone, other] = [uniqueMobile(), uniqueMobile()];
    await store.markRead(phone, 'a@example.com', at(5));
    await store.markRead(phone, 'a@example.com', at(3)); // an older view finishing late changes nothing
    await store.markRead(phone, 'b@example.com', at(4));
    await store.markRead(other, 'b@example.com', at(9));
    expect(await store.readsOf(phone)).toEqual(
      new Map([
        ['a@example.com', at(5)],
        ['b@example.com', at(4)],
      ]),
    );
    const among = await store.readsAmong([phone, other, uniqueMobile()]);
    expect([...among.keys()].sort()).toEqual([phone, other].sort());
    expect(among.get(other)).toEqual(new Map([['b@example.com', at(9)]]));
  });

  it('applies done, status and note, each with who and when, and reads them back one by one or together', async () => {
    const store = getConversationStateStore(await makeEnv());
    const phone = uniqueMobile();
    expect(await store.state(phone)).toBeNull();
    await store.change(phone, { done: true, through: at(0), by: 'a@example.com', at: at(1) });
    await store.change(phone, { status: 'contacted', by: 'b@example.com', at: at(2) });
    const after = await store.change(phone, { note: 'Asked about the retreat', by: 'a@example.com', at: at(3) });
    const expected = {
      doneAt: at(1),
      doneBy: 'a@example.com',
      doneThrough: at(0),
      status: 'contacted',
      statusBy: 'b@example.com',
      statusAt: at(2),
      note: 'Asked about the retreat',
      noteBy: 'a@example.com',
      noteAt: at(3),
    };
    expect(after).toEqual(expected);
    expect(await store.state(phone)).toEqual(expected);
    expect(await store.states([phone, uniqueMobile()])).toEqual(new Map([[phone, expected]]));
  });

  it('erases an address: its marks and its state, no one else’s', async () => {
    const store = getConversationStateStore(await makeEnv());
    const [phone, other] = [uniqueMobile(), uniqueMobile()];
    for (const p of [phone, other]) {
      await store.markRead(p, 'a@example.com', at(1));
      await store.change(p, { note: 'note', by: 'a@example.com', at: at(1) });
    }
    expect(await store.erase(phone)).toBe(2);
    expect(await store.state(phone)).toBeNull();
    expect(await store.readsOf(phone)).toEqual(new Map());
    expect(await store.state(other)).not.toBeNull();
    expect(await store.readsOf(other)).toEqual(new Map([['a@example.com', at(1)]]));
  });

  it('prunes marks and states last changed before the cut', async () => {
    const store = getConversationStateStore(await makeEnv());
    const [old, recent] = [uniqueMobile(), uniqueMobile()];
    const ancient = '2001-01-01T00:00:00.000Z';
    await store.markRead(old, 'a@example.com', ancient);
    await store.change(old, { done: true, through: at(0), by: 'a@example.com', at: ancient });
    await store.markRead(recent, 'a@example.com', at(1));
    await store.change(recent, { done: true, through: at(0), by: 'a@example.com', at: at(1) });
    expect(await store.pruneBefore('2002-01-01T00:00:00.000Z', 100)).toBeGreaterThanOrEqual(2);
    expect(await store.state(old)).toBeNull();
    expect(await store.readsOf(old)).toEqual(new Map());
    expect(await store.state(recent)).not.toBeNull();
  });
});
