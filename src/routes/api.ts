import { Hono } from 'hono';
import type { Env } from '../env';
import { refuseCrossSite } from '../security/api-guard';
import { honeypot } from '../security/honeypot';
import { submitRateLimit } from '../security/rate-limit';
import { turnstile } from '../security/turnstile';
import { quiz } from './api/quiz';
import { newsletter } from './api/newsletter';
import { enquiry } from './api/enquiry';
import { videos } from './api/videos';
import { funnel } from './api/funnel';

/** All /api routes, one small sub-app per resource (each file owns its handlers). */
export const api = new Hono<{ Bindings: Env }>();

// Order matters: refuse cross-site writes, count the address (bots too), drop honeypot hits,
// then (when configured) verify the Turnstile token.
api.use('*', refuseCrossSite());
// Quiz funnel counts are not submissions: registered before the submission guards, which they skip.
api.route('/funnel', funnel);
api.use('*', submitRateLimit());
api.use('*', honeypot());
api.use('*', turnstile());

api.route('/quiz', quiz);
api.route('/newsletter', newsletter);
api.route('/enquiry', enquiry);
api.route('/videos', videos);
