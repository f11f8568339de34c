// The payment store of the database in use: ./payments names what a store does and imports no adapter.
import type { Env } from '../../env';
import { databaseOf } from '../database';
import { D1PaymentStore } from './payments-d1';
import type { PaymentStore } from './payments';

/** The adapter of the database in use (databaseOf: the same choice as getLeadStore). */
export function getPaymentStore(env: Env): PaymentStore {
  const database = databaseOf(env);
  if (database.name === 'd1') return new D1PaymentStore(database.db);
  throw new Error('The Firestore payment store is not built yet.');
}
