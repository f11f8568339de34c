import type { Env } from '../env';
import type { BookingAlertJob } from '../queue/jobs';

/** STUB: tells both owners of a booked or cancelled call (call_booked, call_cancelled). */
export async function sendBookingAlert(_job: BookingAlertJob, _env: Env): Promise<number | undefined> {
  throw new Error('not written yet');
}

/** STUB: records a booking alert that ran out of retries. */
export async function recordDeadBookingAlert(_job: BookingAlertJob, _env: Env): Promise<void> {}
