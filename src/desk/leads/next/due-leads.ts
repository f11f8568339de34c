import type { Env } from '../../../env';
import type { LeadRecord } from '../../../store/leads/listing';
import { getLeadStore } from '../../../store/leads/open';
import { dueOf } from './next-time';

/** How many dated leads the inbox reads: the soonest first, so the overdue and today's come before later ones. */
const DATED_LIMIT = 50;

/** The leads whose next date has come: overdue ones (their day is over) and today's, each soonest first. */
export interface DueLeads {
  overdue: LeadRecord[];
  today: LeadRecord[];
}

/** The inbox's due leads, by the site's calendar day (see dueOf); leads dated after today are not listed. */
export async function dueLeads(env: Env, now: Date): Promise<DueLeads> {
  const dated = await getLeadStore(env).dated(DATED_LIMIT);
  const due: DueLeads = { overdue: [], today: [] };
  for (const lead of dated) {
    if (!lead.desk.nextAt) continue;
    const when = dueOf(lead.desk.nextAt, now);
    if (when !== 'later') due[when === 'overdue' ? 'overdue' : 'today'].push(lead);
  }
  return due;
}
