// The lead store of the database in use: the port (./port) names what a store does and imports no adapter; this
// file chooses one, so an adapter may import the port's types without a circle.
import type { Env } from '../../env';
import { databaseOf } from '../database';
import { D1LeadStore } from './leads-d1';
import { FirestoreLeadStore } from './firestore/leads-firestore';
import type { LeadStore } from './port';

/**
 * The adapter of the database in use (databaseOf). Throws ConfigError when Firestore should be used but cannot
 * be; the caller parks the lead in the queue, so it is written once the configuration is fixed.
 */
export function getLeadStore(env: Env): LeadStore {
  const database = databaseOf(env);
  return database.name === 'd1' ? new D1LeadStore(database.db) : new FirestoreLeadStore(database.settings);
}
