import { Hono } from 'hono';
import type { Env } from './env';
import { onError, ApiException } from './http/errors';
import { dev } from './dev-routes';
import { pages } from './routes/pages';
import { unsubscribePages } from './routes/unsubscribe';
import { guidePages } from './routes/guides/guide-pages';
import { clientPages } from './routes/client/client-routes';
import { clientTestimonials } from './routes/client/testimonial-route';
import { files } from './routes/files';
import { securityHeaders } from './security/headers';
import { api } from './routes/api';
import { formPosts } from './routes/forms';
import { desk } from './desk';
import { webhooks } from './routes/webhooks';
import { handleQueue } from './consumer/consume';
import { cron } from './routes/cron';
import { sendWeeklyReports } from './desk/report/send-reports';

type AppEnv = { Bindings: Env };

export const app = new Hono<AppEnv>();

app.use('*', securityHeaders());
app.onError(onError);

// A plain HTML post of a lead form (no JavaScript) is answered with pages: this wraps every /api route.
app.use('/api/*', formPosts);
app.route('/api', api);
app.all('/api/*', () => {
  throw new ApiException(404, 'not_found', 'No such API endpoint.');
});
app.route('/desk', desk);
app.route('/webhooks', webhooks);
app.route('/', dev);
app.route('/', files);
app.route('/', unsubscribePages);
app.route('/', guidePages);
app.route('/', clientPages());
app.route('/', clientTestimonials());
app.route('/', pages);

export default {
  fetch: app.fetch,
  queue: handleQueue,
  // The Monday report (on Mondays from 08:00, India time) beside the cron's own steps.
  scheduled: cron(sendWeeklyReports),
} satisfies ExportedHandler<Env>;
