/** STUB: to be written (bookings in d1). */
export class D1BookingStore /* implements BookingStore */ {
  constructor(readonly db: D1Database) {}
}
