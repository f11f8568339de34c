import { Hono } from 'hono';
import type { Env } from '../env';
import { htmlForms } from '../http/html-forms';
import { requestBody } from '../http/body';
import { DONE_PATHS } from '../shared/lead-rules';
import { honeypot, refuseCrossSite, submitRateLimit } from '../security/guards';
import { renderLanding, renderQuizAfter } from './pages';
import { turnstile } from '../security/turnstile';
import { leadForms } from './api/leads';
import { videos } from './api/videos';
import { funnel } from './api/funnel';

/** All /api routes, one small sub-app per resource (each file owns its handlers). */
export const api = new Hono<{ Bindings: Env }>();

// A plain HTML form post (no JavaScript) gets pages: a 303 to the form's thank-you when accepted,
// the form again with its messages when refused. It wraps everything below, so it sees every answer.
api.use(
  '*',
  htmlForms({
    '/api/newsletter': {
      done: DONE_PATHS.newsletter,
      render: (c, form, status) => renderLanding(c, { newsletter: form }, status),
    },
    '/api/enquiry': {
      done: DONE_PATHS.enquiry,
      render: (c, form, status) => renderLanding(c, { enquiry: form }, status),
    },
    '/api/quiz': { done: DONE_PATHS.quiz, render: renderQuizAfter },
  }),
);
// Order matters. Cross-site writes are refused; every address is counted (bots too); then, on the lead
// forms, the body (JSON or form fields) is read once, capped as it arrives (readBody: 413 over
// MAX_BODY_BYTES), and shared by the honeypot, Turnstile and the route's validation.
api.use('*', refuseCrossSite());
// Quiz funnel counts are not submissions: registered before the submission guards, which they skip.
api.use('/funnel', requestBody());
api.route('/funnel', funnel);
api.use('*', submitRateLimit());
for (const form of ['quiz', 'newsletter', 'enquiry'] as const) {
  api.use(`/${form}`, requestBody(), honeypot(), turnstile(form));
}

api.route('/', leadForms);
api.route('/videos', videos);
