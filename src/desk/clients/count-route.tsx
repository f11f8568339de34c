import { Hono } from 'hono';
import * as z from 'zod';
import { ApiException } from '../../http/errors';
import { readRequestBody } from '../../http/body';
import { logEvent } from '../../log';
import { getBookingStore } from '../../store/bookings/open';
import { getClientStore } from '../../store/clients/open';
import { sessionWords as words } from '../../words/clients/sessions';
import { leadPath, type DeskEnv } from '../page';
import { parse } from '../params';
import { COUNT_ANSWERS, COUNT_FROM } from './count-question';

const CountParams = z.object({ engagementId: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/, words.errors.engagement) });

/** The answer: the no-show (its booking id), count it or not, and the page it was on. */
const CountForm = z.object({
  booking: z.string().min(1, words.errors.booking).max(400, words.errors.booking),
  count: z.enum(COUNT_ANSWERS, words.errors.count),
  from: z.enum(COUNT_FROM).catch('lead'),
});

/**
 * An owner's answer to "count this session?" (`POST /desk/clients/:engagementId/count`, `booking`, `count` = yes |
 * no) for a no-show of a call the client booked through the engagement: the booking joins `answered` (the desk stops
 * asking) and, for no, `uncounted` (yes takes it out again: an owner may change their mind). 303 back to the page;
 * refused (400 by the field, 404, 409), nothing changes.
 */
export const sessionCounts = new Hono<DeskEnv>();

sessionCounts.post('/clients/:engagementId/count', async (c) => {
  const form = parse(CountForm, (await readRequestBody(c)).fields);
  const params = CountParams.safeParse(c.req.param());
  const clients = getClientStore(c.env);
  const engagement = params.success ? await clients.getEngagement(params.data.engagementId) : null;
  if (!engagement) throw new ApiException(404, 'not_found', words.errors.engagement);
  const theirs = await getBookingStore(c.env).forLead(engagement.lead.kind, engagement.lead.id);
  const booking = theirs.find((b) => b.id === form.booking && b.ref === engagement.reference);
  if (booking?.outcome?.value !== 'no_show') throw new ApiException(409, 'not_no_show', words.errors.booking);
  const others = (ids: string[]) => ids.filter((id) => id !== booking.id);
  await clients.putEngagement({
    ...engagement,
    answered: [...others(engagement.answered), booking.id],
    uncounted: form.count === 'no' ? [...others(engagement.uncounted), booking.id] : others(engagement.uncounted),
  });
  logEvent('info', 'desk.action', { action: `no-show ${form.count === 'no' ? 'not counted' : 'counted'}` });
  const back = { lead: leadPath(engagement.lead.kind, engagement.lead.id), bookings: '/desk/bookings', inbox: '/desk' };
  return c.redirect(back[form.from], 303);
});
