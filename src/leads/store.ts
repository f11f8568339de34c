import type { Env } from '../env';
import type { LeadStore } from './port';
import { LeadStoreError } from './port';
import { D1LeadStore } from './d1-store';
import { FirestoreLeadStore, type FirestoreSettings } from './firestore-store';

export { COLLECTIONS, LeadStoreError, type LeadStore } from './port';

/**
 * Picks the adapter from configuration: Firestore when its three secrets are
 * set (or when FIRESTORE_EMULATOR_HOST and a project id point at a local
 * endpoint), otherwise the D1 database bound as DB.
 */
export function getLeadStore(env: Env): LeadStore {
  const settings = firestoreSettings(env);
  return settings ? new FirestoreLeadStore(settings) : new D1LeadStore(env.DB);
}

function firestoreSettings(env: Env): FirestoreSettings | null {
  const projectId = env.FIRESTORE_PROJECT_ID?.trim();
  const emulatorHost = env.FIRESTORE_EMULATOR_HOST?.trim();
  if (projectId && emulatorHost) return { projectId, emulator: parseHostPort(emulatorHost) };

  const clientEmail = env.FIRESTORE_CLIENT_EMAIL?.trim();
  const privateKey = env.FIRESTORE_PRIVATE_KEY?.trim();
  if (projectId && clientEmail && privateKey) return { projectId, clientEmail, privateKey };
  if (projectId || clientEmail || privateKey) {
    // Half a configuration is a deployment mistake: say so rather than quietly filling a D1 nobody reads.
    console.warn(
      'Firestore is not fully configured (need FIRESTORE_PROJECT_ID, FIRESTORE_CLIENT_EMAIL and FIRESTORE_PRIVATE_KEY); storing leads in D1.',
    );
  }
  return null;
}

/** "host:port", "[::1]:8080" or "host" (port 8080, the emulator's default). */
function parseHostPort(value: string): { host: string; port: number } {
  const match = /^(\[[^\]]+\]|[^:\s/]+)(?::(\d{1,5}))?$/.exec(value);
  const port = Number(match?.[2] ?? 8080);
  if (!match?.[1] || port < 1 || port > 65535) {
    throw new LeadStoreError(`FIRESTORE_EMULATOR_HOST must be host:port, got "${value}".`);
  }
  return { host: match[1], port };
}
