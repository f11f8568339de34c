import type { BookingRecord } from '../../store/bookings/bookings';

// The ledger keys of a booking's reminders hold nothing of the person: hashes of the booking (a Calendly id is a
// URI that opens the booking's pages) and of the call's time, so a call moved on the same id gets fresh keys.

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The start of every reminder's ledger key: the desk names such a message a call reminder, text or template alike. */
export const REMINDER_PREFIX = 'call-reminder:';

/** A booking in a ledger key: 128 bits of the hash of its tool and id (a Calendly id is a URI: never in a key). */
export async function bookingKey(booking: Pick<BookingRecord, 'provider' | 'id'>): Promise<string> {
  return (await sha256Hex(`${booking.provider}|${booking.id}`)).slice(0, 32);
}

/** The start of every reminder key of a booking, whatever its time: a person's copy and erasure find them by it. */
export async function reminderPrefix(booking: Pick<BookingRecord, 'provider' | 'id'>): Promise<string> {
  return `${REMINDER_PREFIX}${await bookingKey(booking)}:`;
}

/** The ledger key of one reminder: the booking, its call time and the offset (`24h`), or `email` for the one email. */
export async function reminderId(
  booking: Pick<BookingRecord, 'provider' | 'id' | 'startAt'>,
  which: number | 'email',
): Promise<string> {
  const time = (await sha256Hex(booking.startAt)).slice(0, 12);
  return `${await reminderPrefix(booking)}${time}:${which === 'email' ? 'email' : `${which}h`}`;
}
