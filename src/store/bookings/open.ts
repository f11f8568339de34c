// The booking store of the database in use: ./bookings names what a store does and imports no adapter.
import type { Env } from '../../env';
import { databaseOf } from '../database';
import { D1BookingStore } from './bookings-d1';
import { FirestoreBookingStore } from './bookings-firestore';
import type { BookingStore } from './bookings';

/** The adapter of the database in use (databaseOf: the same choice as getLeadStore). */
export function getBookingStore(env: Env): BookingStore {
  const database = databaseOf(env);
  return database.name === 'd1' ? new D1BookingStore(database.db) : new FirestoreBookingStore(database.settings);
}
