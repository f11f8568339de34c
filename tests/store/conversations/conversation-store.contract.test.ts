/**
 * The received messages' store contract, run against every adapter like the lead store's
 * (tests/store/leads/lead-store.contract.test.ts): D1 for real inside workerd, and Firestore over REST against the stand-in
 * (with service-account credentials, and through FIRESTORE_EMULATOR_HOST). Both must behave the same: a message
 * is stored once by its id, a number's messages come back oldest first, reading and erasure count alike, and a
 * person's export holds every message they sent with the conversation's read state.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { conversationId, type NewMessage } from '../../../src/store/conversations/conversations';
import { eraseConversation, exportConversation } from '../../../src/store/conversations/person';
import { getConversationStore } from '../../../src/store/conversations/open';
import { D1ConversationStore } from '../../../src/store/conversations/conversations-d1';
import { FirestoreConversationStore } from '../../../src/store/conversations/conversations-firestore';
import { firestoreEnv } from '../../support/firestore';
import { uniqueMobile } from '../../support/shared';

const adapters: Array<[string, () => Promise<Env>]> = [
  ['D1', async () => env],
  ['Firestore (service account)', async () => (await firestoreEnv('credentials')).env],
  ['Firestore (emulator host)', async () => (await firestoreEnv('emulator')).env],
];

afterEach(() => vi.unstubAllGlobals());

/** A message from `phone` at second `s` of a fixed minute; a wamid with the characters Meta's ids carry. */
function message(phone: string, s: number, over: Partial<NewMessage> = {}): NewMessage {
  const m: NewMessage = {
    id: `wamid.HBgM${crypto.randomUUID().replace(/-/g, '')}/+=`,
    phone,
    at: new Date(Date.UTC(2026, 10, 25, 9, 0, s)).toISOString(),
    type: 'text',
    text: `message ${s}`,
    leads: [],
    ...over,
  };
  // A message without text (a voice note) has no text field at all.
  if (m.text === undefined) delete m.text;
  return m;
}

describe.each(adapters)('ConversationStore contract: %s', (name, makeEnv) => {
  it('chooses the adapter of the lead store', async () => {
    const store = getConversationStore(await makeEnv());
    expect(store).toBeInstanceOf(name === 'D1' ? D1ConversationStore : FirestoreConversationStore);
  });

  it('stores a message once by its id, with every field, and a repeat changes nothing', async () => {
    const store = getConversationStore(await makeEnv());
    const phone = uniqueMobile();
    const first = message(phone, 1, {
      type: 'image',
      text: 'The venue',
      mediaId: 'media-123',
      profileName: 'Asha',
      contextId: 'wamid.earlier',
      userId: 'US.13491208655302741918',
      username: 'asha.coach',
      leads: [{ kind: 'enquiry', id: 'lead-1' }],
    });
    await expect(store.receive(first)).resolves.toEqual({ created: true });
    await expect(store.receive({ ...first, text: 'changed', leads: [] })).resolves.toEqual({ created: false });
    expect(await store.message(first.id)).toStrictEqual(first);
    expect(await store.from(phone)).toStrictEqual([first]);
    expect(await store.message('wamid.none')).toBeNull();
  });

  it("gives a number's messages oldest first, whatever order they arrived in, and no one else's", async () => {
    const store = getConversationStore(await makeEnv());
    const [phone, other] = [uniqueMobile(), uniqueMobile()];
    const [a, b, c] = [message(phone, 5), message(phone, 1), message(phone, 3)];
    for (const m of [a, b, c, message(other, 2)]) await store.receive(m);
    expect((await store.from(phone)).map((m) => m.text)).toEqual(['message 1', 'message 3', 'message 5']);
  });

  it('marks a number read once, lists unread and latest messages newest first', async () => {
    const store = getConversationStore(await makeEnv());
    const [phone, other] = [uniqueMobile(), uniqueMobile()];
    for (const m of [message(phone, 1), message(phone, 2), message(other, 3)]) await store.receive(m);
    const ours = (list: { phone: string; text?: string }[]) =>
      list.filter((m) => m.phone === phone || m.phone === other).map((m) => m.text);
    expect(ours(await store.unread(1000))).toEqual(['message 3', 'message 2', 'message 1']);
    expect(ours(await store.latest(1000))).toEqual(['message 3', 'message 2', 'message 1']);
    const at = '2026-11-25T10:00:00.000Z';
    await expect(store.markRead(phone, at)).resolves.toBe(2);
    await expect(store.markRead(phone, '2026-11-25T11:00:00.000Z')).resolves.toBe(0);
    expect((await store.from(phone)).map((m) => m.readAt)).toEqual([at, at]);
    expect(ours(await store.unread(1000))).toEqual(['message 3']);
  });

  it("exports a person's messages with the read state, and erases them (counted) without touching others", async () => {
    const workerEnv = await makeEnv();
    const store = getConversationStore(workerEnv);
    const [phone, other] = [uniqueMobile(), uniqueMobile()];
    const sent = [message(phone, 1), message(phone, 2, { type: 'audio', text: undefined, mediaId: 'voice-1' })];
    for (const m of [...sent, message(other, 3)]) await store.receive(m);
    await store.markRead(phone, '2026-11-25T10:00:00.000Z');
    await store.receive(message(phone, 4, { text: 'one more' }));

    const exported = await exportConversation(workerEnv, phone);
    expect(exported.phone).toBe(phone);
    expect(exported.messages.map((m) => m.text ?? m.type)).toEqual(['message 1', 'audio', 'one more']);
    expect(exported.messages[1]).toMatchObject({ type: 'audio', mediaId: 'voice-1' });
    expect(exported.readState).toEqual({ unread: 1, lastReadAt: '2026-11-25T10:00:00.000Z' });

    await expect(eraseConversation(workerEnv, phone)).resolves.toBe(3);
    expect(await store.from(phone)).toEqual([]);
    expect(await exportConversation(workerEnv, phone)).toEqual({
      phone,
      messages: [],
      readState: { unread: 0, lastReadAt: null },
    });
    await expect(eraseConversation(workerEnv, phone)).resolves.toBe(0);
    expect(await store.from(other)).toHaveLength(1);
  });

  it('finds a conversation by the opaque id stored with its messages, and nothing by another id', async () => {
    const store = getConversationStore(await makeEnv());
    const [phone, other] = [uniqueMobile(), uniqueMobile()];
    const [id, otherId] = await Promise.all([
      conversationId(phone, 'k'.repeat(32)),
      conversationId(other, 'k'.repeat(32)),
    ]);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(id).not.toBe(otherId);
    // The id is stored, not read back: a message reads the same with or without one.
    await store.receive(message(phone, 1, { conversation: id }));
    await store.receive(message(phone, 2, { conversation: id }));
    await store.receive(message(other, 3));
    const found = await store.ofConversation(id);
    expect(found).toMatchObject({ phone, type: 'text' });
    expect(found).not.toHaveProperty('conversation');
    // A message stored without an id (before ids were kept) is not found by one.
    expect(await store.ofConversation(otherId)).toBeNull();
    await store.erase(phone);
    expect(await store.ofConversation(id)).toBeNull();
  });

  it("knows a user id's number, moves what was kept under the user id to it, and exports and erases both", async () => {
    const workerEnv = await makeEnv();
    const store = getConversationStore(workerEnv);
    const phone = uniqueMobile();
    const uid = `US.${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const [byNumber, byUser] = await Promise.all([
      conversationId(phone, 'k'.repeat(32)),
      conversationId(uid, 'k'.repeat(32)),
    ]);
    await store.receive(message(uid, 1, { userId: uid, conversation: byUser }));
    expect(await store.numberOf(uid)).toBeNull();
    await store.receive(message(phone, 2, { userId: uid, conversation: byNumber }));
    expect(await store.numberOf(uid)).toBe(phone);
    // Export and erasure of the number include what is still kept under its user id.
    expect((await exportConversation(workerEnv, phone)).messages.map((m) => m.text)).toEqual([
      'message 1',
      'message 2',
    ]);
    expect(await store.rekey(uid, phone, byNumber)).toBe(1);
    expect(await store.rekey(uid, phone, byNumber)).toBe(0);
    expect((await store.from(phone)).map((m) => [m.text, m.phone, m.userId])).toEqual([
      ['message 1', phone, uid],
      ['message 2', phone, uid],
    ]);
    expect(await store.ofConversation(byUser)).toBeNull();
    await store.receive(message(uid, 3, { userId: uid, conversation: byUser }));
    expect(await eraseConversation(workerEnv, phone)).toBe(3);
    expect([await store.from(phone), await store.from(uid)]).toEqual([[], []]);
  });
});
