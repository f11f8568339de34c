import { readConfig, type Env } from '../env';
import type { LeadStore } from './port';
import { D1LeadStore } from './d1-store';
import { FirestoreLeadStore } from './firestore-store';
export { COLLECTIONS } from './lead';

export { LeadStoreError, type LeadStore } from './port';

/**
 * Picks the adapter from configuration (`readConfig(env).leads.store`): Firestore, with
 * service-account credentials or (locally) a FIRESTORE_EMULATOR_HOST endpoint, or the D1
 * database bound as DB. Throws ConfigError when Firestore should be used but cannot be; the
 * caller parks the lead in the queue, so it is written once the configuration is fixed.
 */
export function getLeadStore(env: Env): LeadStore {
  const config = readConfig(env);
  if (config.leads.store === 'd1') return new D1LeadStore(env.DB);
  const firestore = config.firestore;
  switch (firestore.mode) {
    case 'credentials':
      return new FirestoreLeadStore(firestore);
    case 'emulator':
      return new FirestoreLeadStore({
        projectId: firestore.projectId,
        emulator: { host: firestore.host, port: firestore.port },
      });
    case 'off':
      // parseConfig reports this case as a problem, so reading `firestore` above has already thrown.
      throw new Error('Firestore is the lead store but is not configured.');
  }
}
