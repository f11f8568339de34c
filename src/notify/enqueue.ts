import type { Env } from '../env';
import type { Job, Lead } from '../leads/types';

/**
 * The notification seam: called once a lead has been stored. It only enqueues;
 * the queue consumer sends the WhatsApp messages, so the API answers at once.
 */
export async function enqueueNotifications(env: Env, lead: Lead): Promise<void> {
  const job: Job = { type: 'notify', lead };
  await env.JOBS.send(job, { contentType: 'json' });
}
