import { Hono, type Context } from 'hono';
import { deskBookings as copy } from './words';
import { LinkForm, candidatesFor } from './bookings';
import { callList } from './call-list';
import { deskCalls } from './calls-words';
import { BookingsPage, type UnlinkedView } from './bookings-page';
import { linkBooking } from '../../bookings/apply';
import { readRequestBody } from '../../http/body';
import { getBookingStore } from '../../store/bookings/open';
import { getLeadStore } from '../../store/leads/open';
import { leadPath, renderDeskPage, type DeskEnv } from '../page';
import { readPart } from '../part';
import { ownerNames } from './outcome';
import { countQuestions } from '../clients/count-questions';

/** Bookings listed at most: the unlinked ones are few (a link from the site or the lead's email matches most). */
const UNLINKED = 50;

/**
 * The calls (`/desk/bookings`): bookings no lead was found for first, then every call by when it is; and an owner's link of one to a lead by a form post
 * (`booking` = `<provider>:<id>`, `lead` = `<kind>:<id>`): nothing personal is ever in an address.
 */
export const bookings = new Hono<DeskEnv>();

bookings.get('/bookings', (c) => page(c));

/** A refused link changes nothing and shows the page again with why, by the booking's form. */
bookings.post('/bookings/link', async (c) => {
  const fields = (await readRequestBody(c)).fields;
  const form = LinkForm.safeParse(fields);
  if (!form.success) {
    const bad = form.error.issues.find((i) => i.path[0] === 'booking') ? 'booking' : 'lead';
    const named = typeof fields.booking === 'string' ? fields.booking : '';
    return bad === 'booking' ? page(c, { top: copy.errors.booking }) : page(c, { key: named, text: copy.errors.lead });
  }
  const { booking: ref, lead: to } = form.data;
  const key = `${ref.provider}:${ref.id}`;
  const booking = await getBookingStore(c.env).get(ref.provider, ref.id);
  if (!booking) return page(c, { top: copy.errors.noBooking });
  if (booking.lead) return page(c, { top: copy.errors.alreadyLinked });
  if (!(await getLeadStore(c.env).get(to.kind, to.id))) return page(c, { key, text: copy.errors.noLead });
  // linkBooking logs the link itself (booking.linked).
  const outcome = await linkBooking(c.env, ref, to, c.var.owner.email, new Date());
  if (outcome === 'linked') return c.redirect(leadPath(to.kind, to.id), 303);
  if (outcome === 'no_lead') return page(c, { key, text: copy.errors.noLead });
  return page(c, { top: outcome === 'no_booking' ? copy.errors.noBooking : copy.errors.alreadyLinked });
});

/** A refused link's message: at the top of the page, or by the form of the booking `key`. */
type Refusal = { top: string } | { key: string; text: string };

async function page(c: Context<DeskEnv>, refusal?: Refusal) {
  const listed = await getBookingStore(c.env).unlinked(UNLINKED);
  const items: UnlinkedView[] = [];
  for (const booking of listed) {
    const candidates = await candidatesFor(c.env, booking);
    const mine = refusal && 'key' in refusal && refusal.key === `${booking.provider}:${booking.id}`;
    items.push({ booking, candidates, ...(mine && { error: refusal.text }) });
  }
  // A message for a booking no longer listed goes at the top, so it is never lost.
  const shown = items.some((i) => i.error);
  const top = refusal && 'top' in refusal ? refusal.top : refusal && !shown ? refusal.text : undefined;
  const now = new Date();
  const calls = await readPart('calls', () => callList(c.env, now), new URL(c.req.url).pathname);
  const marked = calls.ok ? [...calls.value.today, ...calls.value.past] : [];
  const counts = await readPart('counts', () => countQuestions(c.env, marked, now), new URL(c.req.url).pathname);
  const marks = {
    now,
    who: ownerNames(c.env),
    from: 'bookings' as const,
    ...(counts.ok && { counts: counts.value }),
  };
  const body = <BookingsPage items={items} calls={calls.ok ? calls.value : null} marks={marks} error={top} />;
  return renderDeskPage(c, deskCalls.title, 'bookings', {}, body, refusal ? 400 : 200);
}
