// The client store of the database in use: ./clients names what a store does and imports no adapter.
import type { Env } from '../../env';
import { databaseOf } from '../database';
import { D1ClientStore } from './clients-d1';
import { FirestoreClientStore } from './clients-firestore';
import type { ClientStore } from './clients';

/** The adapter of the database in use (databaseOf: the same choice as getLeadStore). */
export function getClientStore(env: Env): ClientStore {
  const database = databaseOf(env);
  return database.name === 'd1' ? new D1ClientStore(database.db) : new FirestoreClientStore(database.settings);
}
