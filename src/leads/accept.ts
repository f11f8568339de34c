import type { Env } from '../env';
import { ApiException } from '../http/errors';
import { site } from '../content/site';
import { enqueueNotifications } from '../notify/enqueue';
import { count } from '../desk/counters';
import { getLeadStore } from './store';
import { parkLead } from './parked';
import { errorMessage } from './port';
import type { Lead } from './types';

/**
 * What every lead route does once its input is valid: store first, then hand
 * the notifications to the queue. The one place that decides what the visitor
 * hears when the store or the queue fails: a store that is down or slow parks
 * the lead in the queue instead of refusing it.
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

  // Counted once, by the write that created it.
  if (created) await count(env.DB, `lead_${lead.kind}`);
  // Queued whenever the lead is known to be stored, also when this save found it already there: the
  // write that created it may have timed out before queueing anything (a late answer, a parked job, a
  // visitor's retry). The delivery ledger sends each message of a submission at most once.
  try {
    await enqueueNotifications(env, lead);
  } catch (err) {
    // The lead is safe in the store; a lost notification must not turn into an error the visitor retries.
    console.error(`Lead ${lead.kind} ${lead.id} is stored but its notifications were not queued: ${errorMessage(err)}`);
  }
  return { id: lead.id, status: 201 };
}
