import { Hono } from 'hono';
import type { Env } from './env';
import { onError, ApiException } from './http/errors';
import { dev } from './routes/dev';
import { pages } from './routes/pages';
import { thumbs } from './routes/thumbs';
import { siteFiles } from './routes/site-files';
import { securityHeaders } from './security/headers';
import { api } from './routes/api';
import { desk } from './routes/desk';
import { webhooks } from './routes/webhooks';
import { handleQueue } from './queue/dispatch';
import { pruneDeliveries } from './notify/prune';
import { refreshFeedsOnSchedule } from './feeds/schedule';
import { runHealthCheck } from './health/run';
import { pruneFunnel } from './desk/counters';
import { queueMarkedReplays } from './notify/replay';
import { backfillSearchWords } from './leads/search-backfill';

type AppEnv = { Bindings: Env };

export const app = new Hono<AppEnv>();

app.use('*', securityHeaders());
app.onError(onError);

app.route('/api', api);
app.all('/api/*', () => {
  throw new ApiException(404, 'not_found', 'No such API endpoint.');
});
app.route('/desk', desk);
app.route('/webhooks', webhooks);
app.route('/', dev);
app.route('/', thumbs);
app.route('/', siteFiles);
app.route('/', pages);

export default {
  fetch: app.fetch,
  queue: handleQueue,
  async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    ctx.waitUntil(refreshFeedsOnSchedule(env));
    ctx.waitUntil(pruneDeliveries(env));
    ctx.waitUntil(runHealthCheck(env));
    ctx.waitUntil(pruneFunnel(env.DB));
    ctx.waitUntil(queueMarkedReplays(env));
    ctx.waitUntil(backfillSearchWords(env));
  },
} satisfies ExportedHandler<Env>;
