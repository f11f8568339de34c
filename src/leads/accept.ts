import type { Env } from '../env';
import { logEvent } from '../log';
import { enqueueNotifications } from '../notify/enqueue';
import { count } from '../desk/counters';
import { getLeadStore } from './store';
import { parkLead } from './parked';
import { LeadStoreError, errorMessage } from './port';
import type { Lead } from './types';

/** Where a lead is once accepted: in the store, or parked in the queue until the store takes it. */
export type Accepted = 'stored' | 'parked';

/**
 * What every lead route does once its input is valid: store first, then hand
 * the notifications to the queue. A store that is down or slow parks the lead
 * in the queue instead. Throws LeadStoreError only when the lead could be
 * neither stored nor parked; the route decides what the visitor hears.
 */
export async function acceptLead(env: Env, lead: Lead): Promise<Accepted> {
  let created: boolean;
  try {
    ({ created } = await getLeadStore(env).save(lead));
  } catch (err) {
    logEvent('error', 'lead.parked', { submissionId: lead.id, kind: lead.kind, error: errorMessage(err) });
    try {
      await parkLead(env, lead);
    } catch (parkErr) {
      throw new LeadStoreError(`Lead ${lead.kind} ${lead.id} could not be parked either: ${errorMessage(parkErr)}`, {
        cause: parkErr,
      });
    }
    return 'parked';
  }

  logEvent('info', 'lead.stored', { submissionId: lead.id, kind: lead.kind, created });
  // Counted once, by the write that created it.
  if (created) await count(env.DB, `lead_${lead.kind}`);
  // Queued whenever the lead is known to be stored, also when this save found it already there: the
  // write that created it may have timed out before queueing anything (a late answer, a parked job, a
  // visitor's retry). The delivery ledger sends each message of a submission at most once.
  try {
    await enqueueNotifications(env, lead);
  } catch (err) {
    // The lead is safe in the store; a lost notification must not turn into an error the visitor retries.
    logEvent('error', 'lead.stored', {
      submissionId: lead.id,
      kind: lead.kind,
      notify: 'not queued',
      error: errorMessage(err),
    });
  }
  return 'stored';
}
