import { pruneMedia } from '../media/open';
import type { Env } from '../../env';
import { RETENTION } from '../../words/privacy';
import { errorMessage, logEvent } from '../../log';
import { RETENTION_ERASER, logErasure, type ErasureCounts } from './erasures';
import type { LeadKind } from '../leads/lead';
import { getLeadStore } from '../leads/open';
import { getConversationStore } from '../conversations/open';
import { getConversationStateStore } from '../conversations/open';
import { getBookingStore } from '../bookings/open';
import { getPaymentStore } from '../payments/open';
import { getClientStore } from '../clients/open';
import { prunePayments } from '../payments/retention';
import { getGuideStore } from '../guides/open';

/**
 * The kinds deleted RETENTION.leadYears after their last contact (and the WhatsApp messages visitors wrote,
 * that long after they wrote them); subscriptions stay until unsubscribed.
 */
export const RETAINED_KINDS: LeadKind[] = ['quiz', 'enquiry'];

/** A booking linked to no lead is kept this long after its call, for an owner to link it, then deleted. */
export const UNLINKED_BOOKING_DAYS = RETENTION.unlinkedBookingDays;

/** Leads deleted per kind and cron run: a few hundred store calls at most. */
export const RETENTION_BATCH = 200;

/** The cutoff: leads whose last contact is before it have been kept as long as the notice says. */
export function retentionCutoff(now: number): string {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - RETENTION.leadYears);
  return cutoff.toISOString();
}

/**
 * Run by the cron: deletes quiz responses and enquiries whose last contact (arrival, status or note) is more
 * than RETENTION.leadYears old, oldest first, a bounded batch per kind; the erasure log records the counts
 * (by "retention"). Their ledger rows went long before (RETENTION.messageDays). A lead's booked calls, payment
 * requests and engagements (with their terms acceptances and testimonials) go with it; its payments stay as
 * accounting copies until PAYMENT_RECORD_YEARS after they were paid. Requests for a free guide go by their own
 * periods (never confirmed: RETENTION.unconfirmedGuideDays; confirmed: RETENTION.leadYears after asked); what the
 * newsletter tool reported about an address stays until an erasure. A failure is logged and the next run takes the
 * same leads again.
 */
export async function pruneExpiredLeads(
  env: Env,
  now = Date.now(),
  batch = RETENTION_BATCH,
): Promise<Omit<ErasureCounts, 'identifiers'>> {
  const counts: Omit<ErasureCounts, 'identifiers'> = {
    quiz: 0,
    newsletter: 0,
    enquiry: 0,
    dead: 0,
    messages: 0,
    conversation: 0,
  };
  const before = retentionCutoff(now);
  try {
    const store = getLeadStore(env);
    const bookings = getBookingStore(env);
    const payments = getPaymentStore(env);
    const clients = getClientStore(env);
    let calls = 0;
    const paid = { requests: 0, payments: 0 };
    const client = { engagements: 0, testimonials: 0 };
    for (const kind of RETAINED_KINDS) {
      for (const id of await store.expired(kind, before, batch)) {
        // A lead's booked calls are part of it: they go first, so a failure leaves the lead to take them next run.
        for (const b of await bookings.forLead(kind, id)) if (await bookings.erase(b.provider, b.id)) calls += 1;
        // So do its payment requests; its payments stay as the accounting copy, deleted below when old enough.
        const erased = await payments.eraseLead({ kind, id }, new Date(now).toISOString());
        paid.requests += erased.requests;
        paid.payments += erased.payments;
        // And its engagements, with their terms acceptances and the testimonials sent from them.
        const gone = await clients.eraseLead({ kind, id });
        client.engagements += gone.engagements;
        client.testimonials += gone.testimonials;
        if (await store.erase(kind, id)) counts[kind] += 1;
      }
    }
    const unlinkedBefore = new Date(now - UNLINKED_BOOKING_DAYS * 86_400_000).toISOString();
    for (const b of await bookings.expiredUnlinked(unlinkedBefore, batch)) {
      if (await bookings.erase(b.provider, b.id)) calls += 1;
    }
    if (calls > 0) counts.bookings = calls;
    if (paid.requests + paid.payments > 0)
      Object.assign(counts, { paymentRequests: paid.requests, payments: paid.payments });
    if (client.engagements + client.testimonials > 0) Object.assign(counts, client);
    // What visitors wrote on WhatsApp: the same period, from when they wrote it.
    counts.conversation = await getConversationStore(env).pruneBefore(before, batch);
    // The owners' read marks and state of a conversation: the same period, from when they last changed.
    await getConversationStateStore(env).pruneBefore(before, batch);
    // Their attachments with them (rows and R2 objects), by the same date.
    await pruneMedia(env, before, batch);
    // The accounting copies past PAYMENT_RECORD_YEARS, those of the leads erased above included.
    const copies = await prunePayments(env, now, batch);
    if (copies > 0) counts.paymentCopies = copies;
    // Guide requests: never confirmed, RETENTION.unconfirmedGuideDays after asked; confirmed, the leads' period.
    const unconfirmedBefore = new Date(now - RETENTION.unconfirmedGuideDays * 86_400_000).toISOString();
    const guides = await getGuideStore(env).prune(unconfirmedBefore, before);
    if (guides > 0) counts.guideRequests = guides;
  } catch (err) {
    logEvent('error', 'lead.expired', { outcome: 'failed', error: errorMessage(err), ...counts });
  }
  const paymentRecords = (counts.paymentRequests ?? 0) + (counts.payments ?? 0) + (counts.paymentCopies ?? 0);
  const clientRecords = (counts.engagements ?? 0) + (counts.testimonials ?? 0);
  const leadRecords =
    counts.quiz + counts.enquiry + (counts.conversation ?? 0) + (counts.bookings ?? 0) + (counts.guideRequests ?? 0);
  if (leadRecords + paymentRecords + clientRecords > 0) {
    await logErasure(env.DB, RETENTION_ERASER, new Date(now).toISOString(), counts);
    logEvent('info', 'lead.expired', { ...counts, olderThanYears: RETENTION.leadYears });
  }
  return counts;
}
