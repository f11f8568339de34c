// The attachment store of the database in use, and what is done through it (a person's attachments, erasing and
// pruning them with their R2 objects): ./media names what a store does and imports no adapter.
import type { Env } from '../../env';
import { databaseOf } from '../database';
import { D1MediaStore } from './media-d1';
import { FirestoreMediaStore } from './media-firestore';
import { deleteObjects, type MediaItem, type MediaStore } from './media';

/** The adapter of the database in use (the same choice as getLeadStore). */
export function getMediaStore(env: Env): MediaStore {
  const database = databaseOf(env);
  return database.name === 'd1' ? new D1MediaStore(database.db) : new FirestoreMediaStore(database.settings);
}

/** Every attachment kept under any of a person's addresses (addressesOf in ./conversations). */
export async function mediaOf(env: Env, addresses: string[]): Promise<MediaItem[]> {
  return (await Promise.all(addresses.map((a) => getMediaStore(env).from(a)))).flat();
}

/** Erases a number's attachments: their rows, then their objects; answers how many there were. */
export async function eraseMedia(env: Env, phone: string): Promise<number> {
  const keys = await getMediaStore(env).erase(phone);
  await deleteObjects(env, keys);
  return keys.length;
}

/** Deletes attachments sent before `before` (at most `limit`) with their objects; answers how many went. */
export async function pruneMedia(env: Env, before: string, limit: number): Promise<number> {
  const keys = await getMediaStore(env).pruneBefore(before, limit);
  await deleteObjects(env, keys);
  return keys.length;
}
