import { Hono } from 'hono';
import type { Env } from './env';
import { onError, ApiException } from './http/errors';
import { pages } from './routes/pages';
import { securityHeaders } from './security/headers';

type AppEnv = { Bindings: Env };

export const app = new Hono<AppEnv>();

app.use('*', securityHeaders());
app.onError(onError);

app.all('/api/*', () => {
  throw new ApiException(404, 'not_found', 'No such API endpoint.');
});
app.route('/', pages);

export default {
  fetch: app.fetch,
  async queue(batch: MessageBatch<unknown>, _env: Env): Promise<void> {
    // Consumers are registered by the notification and lead-parking work.
    for (const message of batch.messages) message.ack();
  },
  async scheduled(_controller: ScheduledController, _env: Env, _ctx: ExecutionContext): Promise<void> {
    // The feed refresh plugs in here.
  },
} satisfies ExportedHandler<Env>;
