// The guide store of the database in use: ./guides names what a store does and imports no adapter.
import type { Env } from '../../env';
import { databaseOf } from '../database';
import { D1GuideStore } from './guides-d1';
import { FirestoreGuideStore } from './guides-firestore';
import type { GuideStore } from './guides';

/** The adapter of the database in use (databaseOf: the same choice as getLeadStore). */
export function getGuideStore(env: Env): GuideStore {
  const database = databaseOf(env);
  return database.name === 'd1' ? new D1GuideStore(database.db) : new FirestoreGuideStore(database.settings);
}
