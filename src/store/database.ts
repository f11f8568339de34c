import { readConfig, type Env } from '../env';
import type { FirestoreSettings } from './firestore/firestore-client';

/** Where leads and conversations are kept: the D1 database bound as DB, or Firestore with these settings. */
export type Database = { name: 'd1'; db: D1Database } | { name: 'firestore'; settings: FirestoreSettings };

/**
 * Picks the database from configuration (`readConfig(env).leads.store`): Firestore, with service-account
 * credentials or (locally) a FIRESTORE_EMULATOR_HOST endpoint, or the D1 database bound as DB. Throws
 * ConfigError when Firestore should be used but cannot be.
 */
export function databaseOf(env: Env): Database {
  const config = readConfig(env);
  if (config.leads.store === 'd1') return { name: 'd1', db: env.DB };
  const firestore = config.firestore;
  switch (firestore.mode) {
    case 'credentials':
      return { name: 'firestore', settings: firestore };
    case 'emulator':
      return {
        name: 'firestore',
        settings: { projectId: firestore.projectId, emulator: { host: firestore.host, port: firestore.port } },
      };
    case 'off':
      // parseConfig reports this case as a problem, so reading `firestore` above has already thrown.
      throw new Error('Firestore is the lead store but is not configured.');
  }
}
