import type { Env } from '../env';
import { ApiException } from '../http/errors';
import { site } from '../content/site';
import { enqueueNotifications } from '../notify/enqueue';
import { getLeadStore } from './store';
import { parkLead } from './parked';
import { errorMessage } from './port';
import type { Lead } from './types';

/**
 * What every lead route does once its input is valid: store first, then hand
 * the notifications to the queue. The one place that decides what the visitor
 * hears when the store or the queue fails (issue 6 parks the lead in the queue
 * here instead of refusing it).
 */
export async function acceptLead(env: Env, lead: Lead): Promise<{ id: string; status: 201 | 202 }> {
  let created: boolean;
  try {
    ({ created } = await getLeadStore(env).save(lead));
  } catch (err) {
    console.error(`Lead ${lead.kind} ${lead.id} was not stored: ${errorMessage(err)}`);
    // The store is down or slow: park the lead in the queue, which writes it once the store recovers.
    try {
      await parkLead(env, lead);
    } catch (parkErr) {
      console.error(`Lead ${lead.kind} ${lead.id} could not be parked either: ${errorMessage(parkErr)}`);
      throw new ApiException(503, 'store_unavailable', site.forms.failed);
    }
    return { id: lead.id, status: 202 };
  }

  // A repeat of a stored submission (double click, retry) was notified the first time.
  if (created) {
    try {
      await enqueueNotifications(env, lead);
    } catch (err) {
      // The lead is safe in the store; a lost notification must not turn into an error the visitor retries.
      console.error(
        `Lead ${lead.kind} ${lead.id} is stored but its notifications were not queued: ${errorMessage(err)}`,
      );
    }
  }
  return { id: lead.id, status: 201 };
}
