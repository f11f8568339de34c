import { Hono } from 'hono';
import type { Env } from '../env';
import { keepBodyObject } from '../http/body';
import { honeypot, refuseCrossSite, submitRateLimit, turnstile } from '../security/guards';
import { leadForms } from './api/leads';
import { LEAD_KINDS } from '../store/leads/lead';
import { videos } from './api/videos';
import { funnel } from './api/funnel';
import { guideForm } from './api/guides';

/**
 * All /api routes, answered in JSON: the lead forms, the funnel and the videos from api/, behind the guards
 * every submission passes (security/guards.ts). A plain HTML form post of a lead form is answered with pages
 * by routes/forms.ts, which the app mounts around these routes.
 */
export const api = new Hono<{ Bindings: Env }>();

// Order matters. Cross-site writes are refused; every address is counted (bots too); then, on the lead
// forms, the body (JSON or form fields) is read once, capped as it arrives (readRequestBody: 413 over
// MAX_BODY_BYTES), and shared by the honeypot, Turnstile and the route's validation.
api.use('*', refuseCrossSite());
// Quiz funnel counts are not submissions: registered before the submission guards, which they skip.
api.use('/funnel', keepBodyObject());
api.route('/funnel', funnel);
api.use('*', submitRateLimit());
for (const form of LEAD_KINDS) {
  api.use(`/${form}`, keepBodyObject(), honeypot(), turnstile(form));
}
// The guide form is the newsletter's with a guide's slug: the same guards, its own Turnstile action.
api.use('/guide', keepBodyObject(), honeypot(), turnstile('guide'));

api.route('/', leadForms);
api.route('/guide', guideForm);
api.route('/videos', videos);
