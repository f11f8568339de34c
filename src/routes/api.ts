import { Hono } from 'hono';
import type { Env } from '../env';
import { quiz } from './api/quiz';
import { newsletter } from './api/newsletter';
import { enquiry } from './api/enquiry';

/** All /api routes, one small sub-app per resource (each file owns its handlers). */
export const api = new Hono<{ Bindings: Env }>();

// Registered by the leads and feeds work:
// api.route('/quiz', quiz); api.route('/newsletter', newsletter); api.route('/enquiry', enquiry); api.route('/videos', videos);
api.route('/quiz', quiz);
api.route('/newsletter', newsletter);
api.route('/enquiry', enquiry);
