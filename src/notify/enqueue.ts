import type { Env } from '../env';
import type { Lead } from '../leads/types';
import { enqueue } from '../queue/jobs';

/**
 * The notification seam: called once a lead has been stored. It only enqueues;
 * the queue consumer sends the WhatsApp messages, so the API answers at once.
 */
export async function enqueueNotifications(env: Env, lead: Lead): Promise<void> {
  await enqueue(env, { type: 'notify', lead });
}
