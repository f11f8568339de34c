import { Hono } from 'hono';
import * as z from 'zod';
import { desk as copy } from '../../words/desk';
import { ownerWords } from '../../words/leads/owner';
import { ApiException } from '../../http/errors';
import { readRequestBody } from '../../http/body';
import { logEvent } from '../../log';
import { getLeadStore } from '../../store/leads/open';
import { BOOKABLE_KINDS } from '../../store/leads/lead';
import { LeadParams } from '../params';
import { leadPath, type DeskEnv } from '../page';
import { renderLead } from './lead-route';
import { OWNER_SAVED, refuseOwner } from './owner/owner-card';
import { leadOwners, ownerNamed } from './owner/owners';

/** The form: an owner's address (any case) or their label (Admin1, Admin2: what the page's buttons send), or empty for nobody's. */
const OwnerForm = z.object({ owner: z.string().trim().toLowerCase().max(254).default('') });

/**
 * An owner takes a lead, gives it to the other owner or to nobody (`POST /desk/leads/:kind/:id/owner`, field
 * `owner`): only a quiz response or an enquiry (a newsletter subscription is no lead to take). 303 back to the page
 * with a banner; an address that is not an owner's: 400, the page with the message by the buttons, nothing changed.
 */
export const leadOwnerForms = new Hono<DeskEnv>();

leadOwnerForms.post('/leads/:kind/:id/owner', async (c) => {
  const params = LeadParams.safeParse(c.req.param());
  const kind = params.success ? params.data.kind : undefined;
  if (!params.success || !(BOOKABLE_KINDS as readonly string[]).includes(kind!)) {
    throw new ApiException(404, 'not_found', copy.lead.notFound);
  }
  const { id } = params.data;
  const store = getLeadStore(c.env);
  const lead = await store.get(params.data.kind, id);
  if (!lead) throw new ApiException(404, 'not_found', copy.lead.notFound);
  const form = OwnerForm.safeParse((await readRequestBody(c)).fields);
  const value = form.success ? form.data.owner : undefined;
  const named = value ? ownerNamed(leadOwners(c.env), value) : undefined;
  if (value === undefined || (value !== '' && !named)) {
    refuseOwner(c, ownerWords.notAnOwner);
    return renderLead(c, lead, undefined, 400);
  }
  const owner = named?.email ?? '';
  const updated = await store.update(lead.kind, id, { owner, by: c.var.owner.email, at: new Date().toISOString() });
  if (!updated) throw new ApiException(404, 'not_found', copy.lead.notFound);
  logEvent('info', 'lead.owner', { submissionId: id, kind: lead.kind, taken: owner !== '' });
  return c.redirect(`${leadPath(lead.kind, id)}?${OWNER_SAVED}`, 303);
});
