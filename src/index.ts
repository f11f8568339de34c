import { Hono } from 'hono';
import type { Env } from './env';
import { onError, ApiException } from './http/errors';
import { pages } from './routes/pages';
import { thumbs } from './routes/thumbs';
import { securityHeaders } from './security/headers';
import { api } from './routes/api';
import { handleJobs, handleDeadLetters } from './notify/consumer';
import { refreshFeedsOnSchedule } from './feeds/schedule';

type AppEnv = { Bindings: Env };

export const app = new Hono<AppEnv>();

app.use('*', securityHeaders());
app.onError(onError);

app.route('/api', api);
app.all('/api/*', () => {
  throw new ApiException(404, 'not_found', 'No such API endpoint.');
});
app.route('/', thumbs);
app.route('/', pages);

export default {
  fetch: app.fetch,
  async queue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
    if (batch.queue.endsWith('-dlq')) await handleDeadLetters(batch, env);
    else await handleJobs(batch, env);
  },
  async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    ctx.waitUntil(refreshFeedsOnSchedule(env));
  },
} satisfies ExportedHandler<Env>;
