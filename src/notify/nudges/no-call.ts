import { readConfig, type Env } from '../../env';
import { getBookingStore } from '../../store/bookings/open';
import type { LeadRecord } from '../../store/leads/listing';
import { getLeadStore } from '../../store/leads/open';

/** How far back past its hour a rule looks: a lead left alone longer than this is no longer nudged nor listed. */
export const LOOK_BACK_MS = 7 * 86_400_000;
/** At most this many quiz responses are looked at in one call (a week of quiz results holds fewer; each costs one bookings read). */
const LIMIT = 50;

/** A quiz response owners can still move on: neither booked, a client nor closed. */
const OPEN_STATUSES: readonly string[] = ['new', 'contacted'];

/**
 * Quiz responses that got a recommendation NUDGE_NO_CALL_HOURS or more ago (and at most LOOK_BACK_MS before that)
 * and have no call: their status is still new or contacted and no booking is linked to them. Newest first. Leads
 * Turnstile did not vouch for are left out: the owners hear of those only as a count in the digest.
 */
export async function leadsWithoutCall(env: Env, now = new Date()): Promise<LeadRecord[]> {
  const to = now.getTime() - readConfig(env).alerts.nudgeNoCallHours * 3_600_000;
  const page = await getLeadStore(env).list({
    kind: 'quiz',
    from: new Date(to - LOOK_BACK_MS).toISOString(),
    to: new Date(to).toISOString(),
    limit: LIMIT,
  });
  const candidates = page.leads.filter(
    (lead) =>
      lead.kind === 'quiz' &&
      lead.recommended.length > 0 &&
      lead.verified !== false &&
      OPEN_STATUSES.includes(lead.desk.status),
  );
  const bookings = getBookingStore(env);
  const booked = await Promise.all(
    candidates.map(async (lead) => (await bookings.forLead('quiz', lead.id)).length > 0),
  );
  return candidates.filter((_, i) => !booked[i]);
}
