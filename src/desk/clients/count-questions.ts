import type { Env } from '../../env';
import { countSessions } from '../../clients/sessions';
import type { BookingRecord } from '../../store/bookings/bookings';
import { getBookingStore } from '../../store/bookings/open';
import type { EngagementRecord } from '../../store/clients/clients';
import { getClientStore } from '../../store/clients/open';

/** A no-show's "count this session?": the engagement it was booked through and what is left of it now. */
export interface CountQuestionOf {
  engagement: EngagementRecord;
  left: number;
}

/** The key a call's question is found by: `provider:id`, as the call's other offers are. */
export const callKey = (b: Pick<BookingRecord, 'provider' | 'id'>) => `${b.provider}:${b.id}`;

/**
 * The "count this session?" of each no-show among these calls that a client booked from their page (its reference
 * is an engagement's), answered or not, by callKey. One read per engagement and its lead's calls.
 */
export async function countQuestions(
  env: Env,
  bookings: BookingRecord[],
  now: Date,
): Promise<Map<string, CountQuestionOf>> {
  const questions = new Map<string, CountQuestionOf>();
  const byRef = new Map<string, CountQuestionOf | null>();
  for (const booking of bookings) {
    if (booking.outcome?.value !== 'no_show' || !booking.ref) continue;
    if (!byRef.has(booking.ref)) byRef.set(booking.ref, await questionOf(env, booking.ref, now));
    const question = byRef.get(booking.ref);
    if (question) questions.set(callKey(booking), question);
  }
  return questions;
}

async function questionOf(env: Env, ref: string, now: Date): Promise<CountQuestionOf | null> {
  const engagement = await getClientStore(env).engagementByReference(ref);
  if (!engagement) return null;
  const theirs = await getBookingStore(env).forLead(engagement.lead.kind, engagement.lead.id);
  return { engagement, left: countSessions(engagement, theirs, now).left };
}
