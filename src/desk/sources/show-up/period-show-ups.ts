import type { Env } from '../../../env';
import { sourceOf } from '../../../shared/visit-source';
import { getBookingStore } from '../../../store/bookings/open';
import { getLeadStore } from '../../../store/leads/open';
import type { LeadRecord } from '../../../store/leads/listing';
import { ERASED_SOURCE } from '../money/revenue';
import type { PeriodShowUp } from './show-up';

/** Bookings read for one period: far above the calls a period holds; the rest is not counted. */
const LIMIT = 2000;

/**
 * The calls starting in [start, end) (ISO) that an owner marked attended or a no-show, each with its lead's source
 * and campaign (whenever the lead arrived). Only a call still on counts: a moved call is counted at its new time
 * (the booking that replaced it), a cancelled one never happened. A booking linked to no lead has no source and is
 * not counted, as calls booked are not; one whose lead is gone counts under ERASED_SOURCE.
 */
export async function periodShowUps(env: Env, start: string, end: string): Promise<PeriodShowUp[]> {
  const calls = await getBookingStore(env).starting(start, end, 'asc', LIMIT);
  const marked = calls.filter((b) => b.status === 'booked' && b.outcome && b.lead);
  const store = getLeadStore(env);
  // Each lead read once, however many of its calls were marked.
  const leads = new Map<string, Promise<LeadRecord | null>>();
  return Promise.all(
    marked.map(async (b) => {
      const { kind, id } = b.lead!;
      const key = `${kind}:${id}`;
      const lead = await (leads.get(key) ?? leads.set(key, store.get(kind, id)).get(key)!);
      const { source, campaign } = lead ? sourceOf(lead.attribution) : { source: ERASED_SOURCE, campaign: '' };
      return { source, campaign, value: b.outcome!.value };
    }),
  );
}
