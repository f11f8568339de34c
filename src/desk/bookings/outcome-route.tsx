import { Hono, type Context } from 'hono';
import { ApiException } from '../../http/errors';
import { readRequestBody } from '../../http/body';
import { logEvent } from '../../log';
import { planRebook, sendRebook } from '../../notify/reminders/rebook';
import type { BookingRecord } from '../../store/bookings/bookings';
import { getBookingStore } from '../../store/bookings/open';
import type { LeadRecord } from '../../store/leads/listing';
import { getLeadStore } from '../../store/leads/open';
import { rebookWords } from '../../words/reminders/rebook';
import type { Banner } from '../document';
import { parse } from '../params';
import type { DeskEnv } from '../page';
import { rebookRefusalText, type RebookOffer } from './call-mark';
import { BookingParams, OutcomeForm, RebookForm, backTo, notMarkable, ownerNames } from './outcome';
import { deskOutcome as copy } from './outcome-words';

/** The query a lead's page is sent back with once a rebook message went: its banner says so. */
const SENT = 'sent=rebook';

/**
 * An owner's mark of a call (`POST /desk/bookings/:provider/:id/outcome`, `outcome` = attended | no_show), once
 * its end has passed and while it is on; marking again replaces the mark. And the rebook message to a no-show
 * (`POST /desk/bookings/:provider/:id/rebook`), once per booking. Each answers 303 back to the page it came from;
 * refused, nothing changes and the answer says why (400 by the field, 404, 409).
 */
export const callOutcomes = new Hono<DeskEnv>();

callOutcomes.post('/bookings/:provider/:id/outcome', async (c) => {
  const form = parse(OutcomeForm, (await readRequestBody(c)).fields);
  const booking = await bookingOf(c);
  const now = new Date();
  const refused = notMarkable(booking, now);
  if (refused) throw new ApiException(409, 'not_markable', refused);
  const outcome = { value: form.outcome, by: c.var.owner.email, at: now.toISOString() };
  if (!(await getBookingStore(c.env).setOutcome(booking.provider, booking.id, outcome))) {
    throw new ApiException(404, 'not_found', copy.errors.booking);
  }
  logEvent('info', 'desk.action', { action: `call marked ${form.outcome}` });
  return c.redirect(backTo(booking, form.from), 303);
});

callOutcomes.post('/bookings/:provider/:id/rebook', async (c) => {
  const fields = (await readRequestBody(c)).fields;
  const form = RebookForm.safeParse(fields);
  if (!form.success) throw new ApiException(400, 'invalid_input', rebookWords.reload, { formId: rebookWords.reload });
  const booking = await bookingOf(c);
  if (booking.outcome?.value !== 'no_show') throw new ApiException(409, 'not_no_show', rebookWords.refused.not_no_show);
  const lead = booking.lead && (await getLeadStore(c.env).get(booking.lead.kind, booking.lead.id));
  if (!lead) throw new ApiException(409, 'no_lead', rebookWords.refused.no_lead);
  const refusal = await sendRebook(c.env, lead, booking, c.var.owner.email);
  if (refusal) throw new ApiException(409, refusal.reason, rebookRefusalText(refusal, ownerNames(c.env), true));
  return c.redirect(`${backTo(booking, form.data.from)}?${SENT}`, 303);
});

/** The booking the path names; an unknown tool or id is as unknown as a missing booking (404, nothing changed). */
async function bookingOf(c: Context<DeskEnv>): Promise<BookingRecord> {
  const params = BookingParams.safeParse(c.req.param());
  const booking = params.success && (await getBookingStore(c.env).get(params.data.provider, params.data.id));
  if (!booking) throw new ApiException(404, 'not_found', copy.errors.booking);
  return booking;
}

/** The rebook message each of a lead's no-shows offers (its card on the lead's page), by `provider:id`. */
export async function rebookOffers(
  c: Context<DeskEnv>,
  lead: LeadRecord,
  bookings: BookingRecord[],
): Promise<Map<string, RebookOffer>> {
  const offers = new Map<string, RebookOffer>();
  for (const booking of bookings.filter((b) => b.outcome?.value === 'no_show')) {
    const plan = await planRebook(c.env, lead, booking);
    const offer = plan.refusal
      ? { formId: '', preview: '', refusal: plan.refusal }
      : { formId: crypto.randomUUID(), preview: plan.message.text.replace(/\n/g, ' '), refusal: null };
    offers.set(`${booking.provider}:${booking.id}`, offer);
  }
  return offers;
}

/** The banner of a page a rebook message was just sent from. */
export function rebookBanners(c: Context<DeskEnv>): Banner[] {
  return c.req.query('sent') === 'rebook' ? [{ tone: 'info', text: rebookWords.sentBanner }] : [];
}
