import { readConfig, type Env } from '../../env';
import { logEvent } from '../../log';
import type { JobOf } from '../../queue/jobs';
import { type BookingRecord } from '../../store/bookings/bookings';
import { getBookingStore } from '../../store/bookings/open';
import { getLeadStore } from '../../store/leads/open';
import { publishedContent } from '../../store/site-content/published-content';
import { leadRules, readBudgets } from '../ledger/budgets';
import { BOOKING_ALERT_KIND, bookingAlertId, bookingAlertSends, bookingDeskLink } from './booking-templates';
import { recordDeadOwnerAlerts, sendOwnerAlerts, type OwnerAlertPlan } from '../leads/owner-alert-plan';
import { othersThan } from '../leads/owner-routing';

// The owners hear of a booked or cancelled call through the ledger like every owner alert: once per booking event,
// inside OWNER_ALERTS_PER_HOUR (past it, the digest), by email when WhatsApp fails or stays unconfirmed. A call of a
// lead one owner took goes to that owner; the other's alert is folded into their digest.

/**
 * What a booking event's alerts are, or null when the booking is gone (erased since the job was queued). A booking
 * linked to a lead a person sent is alerted like that lead; one linked to no lead (anyone can book on the tool's
 * public page), or to a lead whose Turnstile token was refused, is held to the rule of an unverified lead: its
 * alerts are folded into the hour's digest.
 */
async function planOf(job: JobOf<'booking-alert'>, env: Env): Promise<OwnerAlertPlan | null> {
  const booking = await getBookingStore(env).get(job.provider, job.bookingId);
  if (!booking) return null;
  const config = readConfig(env);
  const [lead, { content }] = await Promise.all([linkedLead(booking, env), publishedContent(env.FEEDS)]);
  const link = bookingDeskLink(config.site.url, lead ?? undefined);
  return {
    submissionId: await bookingAlertId(job),
    sends: bookingAlertSends(booking, job, config.whatsapp, link, content.programs),
    rules: {
      ...leadRules(lead ?? { verified: false }, readBudgets(env)),
      foldFor: othersThan(lead, config.whatsapp.owners),
    },
  };
}

/** The lead a booking is linked to, while it is stored. */
async function linkedLead(booking: BookingRecord, env: Env) {
  if (!booking.lead) return null;
  return getLeadStore(env).get(booking.lead.kind, booking.lead.id);
}

/**
 * Tells both owners of a booked call (call_booked) or a cancelled one (call_cancelled); nothing for a booking no
 * longer stored. Returns the wait before a retry, or undefined when every alert is done.
 */
export async function sendBookingAlert(job: JobOf<'booking-alert'>, env: Env): Promise<number | undefined> {
  const plan = await planOf(job, env);
  if (!plan) {
    logEvent('info', 'delivery.skipped', {
      submissionId: await bookingAlertId(job),
      kind: BOOKING_ALERT_KIND,
      reason: 'booking_gone',
    });
    return undefined;
  }
  return sendOwnerAlerts(env, plan, BOOKING_ALERT_KIND);
}

/** A booking-alert job that ran out of retries: its unsent alerts are recorded as dead (and emailed). */
export async function recordDeadBookingAlert(job: JobOf<'booking-alert'>, env: Env): Promise<void> {
  const plan = await planOf(job, env);
  if (!plan) return;
  await recordDeadOwnerAlerts(env, plan, BOOKING_ALERT_KIND);
}
