import { Hono } from 'hono';
import type { Env } from './env';
import { onError, ApiException } from './http/errors';
import { dev } from './routes/dev';
import { pages } from './routes/pages';
import { thumbs } from './routes/thumbs';
import { securityHeaders } from './security/headers';
import { api } from './routes/api';
import { desk } from './routes/desk';
import { handleJobs, handleDeadLetters } from './notify/consumer';
import { refreshFeedsOnSchedule } from './feeds/schedule';
import { handleStoreJob, isStoreJob } from './leads/parked';
import type { StoreJob } from './leads/types';

type AppEnv = { Bindings: Env };

export const app = new Hono<AppEnv>();

app.use('*', securityHeaders());
app.onError(onError);

app.route('/api', api);
app.all('/api/*', () => {
  throw new ApiException(404, 'not_found', 'No such API endpoint.');
});
app.route('/desk', desk);
app.route('/', dev);
app.route('/', thumbs);
app.route('/', pages);

export default {
  fetch: app.fetch,
  async queue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
    // Parked leads are written first; everything else is a notification job.
    const parked = batch.messages.filter((m): m is Message<StoreJob> => isStoreJob(m.body));
    for (const message of parked) await handleStoreJob(message, env);
    const messages = batch.messages.filter((m) => !isStoreJob(m.body));
    if (messages.length === 0) return;
    const rest: MessageBatch<unknown> = {
      queue: batch.queue,
      metadata: batch.metadata,
      messages,
      ackAll: () => messages.forEach((m) => m.ack()),
      retryAll: (options) => messages.forEach((m) => m.retry(options)),
    };
    if (batch.queue.endsWith('-dlq')) await handleDeadLetters(rest, env);
    else await handleJobs(rest, env);
  },
  async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    ctx.waitUntil(refreshFeedsOnSchedule(env));
  },
} satisfies ExportedHandler<Env>;
