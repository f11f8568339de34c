// The guide store of the database in use: ./guides names what a store does and imports no adapter.
import type { Env } from '../../env';
import { databaseOf } from '../database';
import { D1GuideStore } from './guides-d1';
import type { GuideStore } from './guides';

/** The adapter of the database in use (databaseOf: the same choice as getLeadStore). */
export function getGuideStore(env: Env): GuideStore {
  const database = databaseOf(env);
  if (database.name === 'd1') return new D1GuideStore(database.db);
  throw new Error('guides: the Firestore adapter is not written yet');
}
