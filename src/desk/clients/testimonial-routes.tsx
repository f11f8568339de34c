import { backTo } from './engagement-route';
import { Hono } from 'hono';
import * as z from 'zod';
import { desk as deskWords } from '../../words/desk';
import { testimonialWords } from '../../words/clients/testimonials';
import { LeadParams, parse } from '../params';
import { ApiException } from '../../http/errors';
import { readRequestBody } from '../../http/body';
import { getLeadStore } from '../../store/leads/open';
import { getClientStore } from '../../store/clients/open';
import { approveTestimonial, declineTestimonial, markAsked, type Decision } from '../../clients/testimonials';
import { tellClientAsked } from '../../notify/clients/testimonial-notices';
import { logEvent } from '../../log';
import { renderDeskPage, type DeskEnv } from '../page';
import type { Banner } from '../document';
import { PENDING_PATH } from './testimonial-card';
import { PendingTestimonials } from './pending-testimonials';

const copy = testimonialWords.desk;

/**
 * Testimonials on the desk: asking a client for one from their lead page (`POST /desk/leads/:kind/:id/
 * testimonial-request`, field `engagement`), the pending ones (`GET /desk/clients/testimonials`) and an owner's
 * answer to each (`POST …/:id/approve` into the content draft, or `…/:id/decline`). Each post answers 303 back.
 */
export const testimonialDesk = new Hono<DeskEnv>();

const Id = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Unknown testimonial.');

testimonialDesk.post('/leads/:kind/:id/testimonial-request', async (c) => {
  const { kind, id } = parse(LeadParams, c.req.param());
  const lead = await getLeadStore(c.env).get(kind, id);
  if (!lead) throw new ApiException(404, 'not_found', deskWords.lead.notFound);
  const field = (await readRequestBody(c)).fields.engagement ?? '';
  const engagement = Id.safeParse(field).success ? await getClientStore(c.env).getEngagement(field) : null;
  if (!engagement || engagement.lead.kind !== kind || engagement.lead.id !== id) {
    throw new ApiException(400, 'invalid_input', copy.noEngagement, { engagement: copy.noEngagement });
  }
  const now = new Date();
  const asked = await markAsked(c.env, engagement, c.var.owner.email, now);
  const told = await tellClientAsked(c.env, lead, asked, c.var.owner.email, now);
  logEvent('info', 'desk.action', { action: 'testimonial request message', outcome: told });
  return c.redirect(backTo(kind, id, told === 'queued' ? 'asked-told' : 'asked-untold'), 303);
});

const DONE: Partial<Record<Decision, Banner>> = {
  approved: { tone: 'info', text: copy.approved, href: '/desk/content' },
  declined: { tone: 'info', text: copy.declined },
  full: { tone: 'warning', text: copy.draftFull, href: '/desk/content' },
  invalid: { tone: 'warning', text: copy.draftInvalid, href: '/desk/content' },
};

testimonialDesk.get('/clients/testimonials', async (c) => {
  const pending = await getClientStore(c.env).testimonialsIn('pending', 100);
  const done = DONE[c.req.query('done') as Decision];
  return renderDeskPage(c, copy.pendingTitle, 'clients', {}, <PendingTestimonials pending={pending} />, 200, [
    ...(done ? [done] : []),
  ]);
});

for (const [action, decide] of [
  ['approve', approveTestimonial],
  ['decline', declineTestimonial],
] as const) {
  testimonialDesk.post(`/clients/testimonials/:id/${action}`, async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) throw new ApiException(404, 'not_found', id.error.issues[0]!.message);
    const outcome = await decide(c.env, id.data, c.var.owner.email, new Date());
    if (outcome === 'not_found') throw new ApiException(404, 'not_found', 'Unknown testimonial.');
    // One already decided (the other owner, a double tap): the list again, as it now stands.
    return c.redirect(outcome === 'not_pending' ? PENDING_PATH : `${PENDING_PATH}?done=${outcome}`, 303);
  });
}
