import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { desk as copy } from '../../words/desk';
import { deskClients as words } from '../../words/clients/desk-clients';
import { LeadParams, parse } from '../params';
import { logEvent } from '../../log';
import { ApiException } from '../../http/errors';
import { readRequestBody } from '../../http/body';
import { getLeadStore } from '../../store/leads/open';
import { getClientStore } from '../../store/clients/open';
import type { LeadRecord } from '../../store/leads/listing';
import type { EngagementRecord } from '../../store/clients/clients';
import { issueLink, revokeLink, startEngagementOnce } from '../../clients/start';
import { indiaDay, isValid } from '../../clients/validity';
import { queueClientLink } from '../../notify/clients/client-link';
import { leadPath, type DeskEnv } from '../page';
import { newFormId } from '../payments/lead-payments';
import { engagementIdOf, engagementOffer, readEngagementForm, type EngagementFormState } from './engagement-form';
import { ClientCard, type ClientCardView } from './client-card';
import type { BookingRecord } from '../../store/bookings/bookings';

/** The lead's page with the start form refused (desk/index.ts passes the lead page's renderer: no import cycle). */
export type RefusedStart = (
  c: Context<DeskEnv>,
  lead: LeadRecord,
  state: EngagementFormState,
  status: 400 | 409,
) => Response | Promise<Response>;

const EngagementParams = LeadParams.extend({ eid: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Unknown engagement.') });

/** The notices a 303 back to the page shows, by the `client` query value. */
const DONE: Record<string, string> = {
  started: words.card.started,
  sent: words.card.sent,
  revoked: words.card.revoked,
  'asked-told': words.card.askedTold,
  'asked-untold': words.card.askedUntold,
};
export const backTo = (kind: string, id: string, done: keyof typeof DONE) =>
  `${leadPath(kind, id)}?client=${done}#client`;

async function leadOf(c: Context<DeskEnv>, kind: LeadParams['kind'], id: string): Promise<LeadRecord> {
  const lead = await getLeadStore(c.env).get(kind, id);
  if (!lead) throw new ApiException(404, 'not_found', copy.lead.notFound);
  return lead;
}

/** The lead's engagement the address names, or 404. */
async function engagementOf(c: Context<DeskEnv>): Promise<{ lead: LeadRecord; engagement: EngagementRecord }> {
  const { kind, id, eid } = parse(EngagementParams, c.req.param());
  const engagement = await getClientStore(c.env).getEngagement(eid);
  if (!engagement || engagement.lead.kind !== kind || engagement.lead.id !== id) {
    throw new ApiException(404, 'not_found', copy.lead.notFound);
  }
  return { lead: await leadOf(c, kind, id), engagement };
}

/**
 * A client's engagements from their lead page: start one (`POST /desk/leads/:kind/:id/engagement`), send a fresh
 * link (`…/engagement/:eid/link`) and revoke it (`…/engagement/:eid/revoke`). Each answers 303 back to the page; a
 * refused start shows the form again with the message by its field and changes nothing.
 */
export function engagementRoutes(refused: RefusedStart) {
  const engagements = new Hono<DeskEnv>();
  engagements.post('/leads/:kind/:id/engagement', async (c) => {
    const { kind, id } = parse(LeadParams, c.req.param());
    const lead = await leadOf(c, kind, id);
    const fields = (await readRequestBody(c)).fields;
    const now = new Date();
    const read = await readEngagementForm(fields, await engagementOffer(c.env), now);
    if (lead.desk.status !== 'client') {
      const values = read.ok ? {} : read.state.values;
      const state: EngagementFormState = { values, errors: { status: words.errors.notClient } };
      return refused(c, lead, state, 409);
    }
    if (!read.ok) return refused(c, lead, read.state, 400);
    const { formId: _form, ...start } = read.value;
    const started = await startEngagementOnce(
      c.env,
      { lead: { kind, id }, ...start },
      await engagementIdOf(read.value.formId),
      c.var.owner.email,
      now,
    );
    // A second post of the same form finds the engagement started: nothing more is sent.
    if (started) {
      const { engagement, token } = await issueLink(c.env, started, c.var.owner.email, now);
      logEvent('info', 'desk.action', { action: 'engagement started' });
      await queueClientLink(c.env, lead, engagement, token, now);
    }
    return c.redirect(backTo(kind, id, 'started'), 303);
  });

  engagements.post('/leads/:kind/:id/engagement/:eid/link', async (c) => {
    const { lead, engagement } = await engagementOf(c);
    const now = new Date();
    // An ended engagement's page would open on nothing to book: the owners start a new one instead.
    if (!isValid(engagement, now)) throw new ApiException(409, 'ended', words.errors.ended);
    const fresh = await issueLink(c.env, engagement, c.var.owner.email, now);
    logEvent('info', 'desk.action', { action: 'client link replaced' });
    await queueClientLink(c.env, lead, fresh.engagement, fresh.token, now);
    return c.redirect(backTo(lead.kind, lead.id, 'sent'), 303);
  });

  engagements.post('/leads/:kind/:id/engagement/:eid/revoke', async (c) => {
    const { lead, engagement } = await engagementOf(c);
    // A second tap finds it revoked already and changes nothing.
    if (engagement.link) {
      await revokeLink(c.env, engagement, c.var.owner.email, new Date());
      logEvent('info', 'desk.action', { action: 'client link revoked' });
    }
    return c.redirect(backTo(lead.kind, lead.id, 'revoked'), 303);
  });
  return engagements;
}

/**
 * The lead page's "Client" card, or null for a subscriber (who books no calls): the lead's engagements and, for a
 * client, the start form (`state`: the refused one).
 */
export async function clientCard(
  c: Context<DeskEnv>,
  lead: LeadRecord,
  bookings: BookingRecord[],
  state?: EngagementFormState,
  extras?: ClientCardView['extras'],
) {
  if (lead.kind === 'newsletter') return null;
  const now = new Date();
  const [list, offer] = await Promise.all([
    getClientStore(c.env).engagementsForLead({ kind: lead.kind, id: lead.id }),
    engagementOffer(c.env),
  ]);
  const done = DONE[c.req.query('client') ?? ''];
  const view: ClientCardView = {
    base: leadPath(lead.kind, lead.id),
    isClient: lead.desk.status === 'client',
    engagements: list,
    bookings,
    now,
    offer,
    formId: newFormId(),
    today: indiaDay(now),
    ...(done && { done }),
    ...(state && { state }),
    ...(extras && { extras }),
  };
  return <ClientCard view={view} />;
}
