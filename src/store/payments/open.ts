// The payment store of the database in use: ./payments names what a store does and imports no adapter.
import type { Env } from '../../env';
import { databaseOf } from '../database';
import { D1PaymentStore } from './payments-d1';
import { FirestorePaymentStore } from './payments-firestore';
import type { PaymentStore } from './payments';

/** The adapter of the database in use (databaseOf: the same choice as getLeadStore). */
export function getPaymentStore(env: Env): PaymentStore {
  const database = databaseOf(env);
  return database.name === 'd1' ? new D1PaymentStore(database.db) : new FirestorePaymentStore(database.settings);
}
