import { Hono } from 'hono';
import { desk as deskCopy } from '../../../words/desk';
import { LeadParams } from '../../params';
import { leadPath, type DeskEnv } from '../../page';
import { readRequestBody } from '../../../http/body';
import { ApiException } from '../../../http/errors';
import { logEvent } from '../../../log';
import { getLeadStore } from '../../../store/leads/open';
import { renderLead } from '../lead-route';
import { NEXT_DONE, readNextForm } from './next-form';

/**
 * When an owner means to come back to a quiz response or an enquiry (`POST /desk/leads/:kind/:id/next`, fields `at`
 * in the site's time zone, empty to clear, and `note`): saved as a UTC instant with who and when, then 303 back to
 * the lead's page with a banner. Refused, the page shows the form again with the message by its field (400) and
 * nothing changes. A newsletter subscription has no next date (404).
 */
export const nextDates = new Hono<DeskEnv>();

nextDates.post('/leads/:kind/:id/next', async (c) => {
  // No such lead: an unknown kind, a subscription or a malformed id is as unknown as a missing one.
  const params = LeadParams.safeParse(c.req.param());
  if (!params.success || params.data.kind === 'newsletter')
    throw new ApiException(404, 'not_found', deskCopy.lead.notFound);
  const { kind, id } = params.data;
  const { fields } = await readRequestBody(c);
  const store = getLeadStore(c.env);
  const lead = await store.get(kind, id);
  if (!lead) throw new ApiException(404, 'not_found', deskCopy.lead.notFound);
  const now = new Date();
  const read = readNextForm(fields, now);
  if (!read.ok) return renderLead(c, lead, undefined, 400, undefined, undefined, read.state);
  const updated = await store.update(kind, id, { next: read.next, by: c.var.owner.email, at: now.toISOString() });
  if (!updated) throw new ApiException(404, 'not_found', deskCopy.lead.notFound);
  logEvent('info', 'desk.action', { action: read.next ? 'next date set' : 'next date cleared' });
  return c.redirect(`${leadPath(kind, id)}?done=${read.next ? NEXT_DONE.set : NEXT_DONE.cleared}`, 303);
});
