import type { FirestoreSettings } from './firestore-client';

/** STUB: to be written (bookings in firestore). */
export class FirestoreBookingStore /* implements BookingStore */ {
  constructor(readonly settings: FirestoreSettings) {}
}
