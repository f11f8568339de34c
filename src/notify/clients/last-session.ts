import { readConfig, type Env } from '../../env';
import { errorMessage, logEvent } from '../../log';
import { countSessions } from '../../clients/sessions';
import { indiaDay } from '../../clients/validity';
import { getBookingStore } from '../../store/bookings/open';
import type { EngagementRecord } from '../../store/clients/clients';
import { getClientStore } from '../../store/clients/open';
import { contactOf } from '../../store/leads/lead';
import type { LeadRecord } from '../../store/leads/listing';
import { getLeadStore } from '../../store/leads/open';
import type { Owner } from '../../config/index';
import { readBudgets } from '../ledger/budgets';
import { templateMessage, type Send } from '../ledger/templates';
import { alertedOwners, sendOwnerAlerts } from '../leads/owner-alert-plan';
import { WHATSAPP_TEMPLATES } from '../whatsapp/whatsapp-templates';

/** At most this many engagements still valid are read per run, the soonest to end first. */
const READ = 200;

/**
 * The ledger key of an engagement's last-session alert: once per engagement. It holds the lead's id, so a person's
 * copy and erasure find the rows (they carry the client's name) as they find the nudges about the lead.
 */
export const lastSessionKey = (e: Pick<EngagementRecord, 'id' | 'lead'>) =>
  `client-last:${e.lead.kind}:${e.lead.id}:${e.id}`;

/** What a run came to: the alerts looked at (sent now or before), those left to retry, the failures. */
export interface LastSessionCounts {
  alerts: number;
  retry: number;
  failed: number;
}

/** One `client_last_session` per owner: the client's name, the program, the lead's desk page. */
export function lastSessionSends(
  engagement: EngagementRecord,
  lead: LeadRecord,
  owners: readonly Owner[],
  siteUrl: string,
): Send[] {
  const { name, email } = contactOf(lead);
  const link = `${siteUrl}/desk/leads/${lead.kind}/${encodeURIComponent(lead.id)}`;
  return owners.map((owner) =>
    templateMessage(WHATSAPP_TEMPLATES.clientLastSession, owner.phone, 'owner', {
      body: [owner.name, name.trim() || email, engagement.programTitle, link],
    }),
  );
}

/**
 * The cron's step: each engagement still valid whose sessions came down to one left (after at least one used: a
 * one-session package is not "down to its last") tells both owners once, through the ledger like every owner alert
 * (OWNER_ALERTS_PER_HOUR, the digest past it, email when WhatsApp fails or stays unconfirmed). The ledger's key makes
 * a second run send nothing more. It runs every few minutes, so a call's end or an owner's answer is heard soon.
 */
export async function sendLastSessionAlerts(env: Env, now = new Date()): Promise<LastSessionCounts> {
  const counts: LastSessionCounts = { alerts: 0, retry: 0, failed: 0 };
  const config = readConfig(env);
  const owners = alertedOwners(config);
  if (owners.length === 0) return counts;
  const budgets = readBudgets(env);
  let engagements: EngagementRecord[];
  try {
    engagements = await getClientStore(env).validFrom(indiaDay(now), READ);
  } catch (err) {
    logEvent('error', 'client.last_session', { outcome: 'unreadable', error: errorMessage(err) });
    return { ...counts, failed: 1 };
  }
  for (const engagement of engagements) {
    try {
      const theirs = await getBookingStore(env).forLead(engagement.lead.kind, engagement.lead.id);
      const { used, left } = countSessions(engagement, theirs, now);
      if (left !== 1 || used === 0) continue;
      const lead = await getLeadStore(env).get(engagement.lead.kind, engagement.lead.id);
      if (!lead) continue;
      const plan = {
        submissionId: lastSessionKey(engagement),
        sends: lastSessionSends(engagement, lead, owners, config.site.url),
        rules: { budgets, verified: true },
      };
      const wait = await sendOwnerAlerts(env, plan, lead.kind);
      counts[wait === undefined ? 'alerts' : 'retry'] += 1;
    } catch (err) {
      counts.failed += 1;
      logEvent('error', 'client.last_session', { outcome: 'failed', error: errorMessage(err) });
    }
  }
  return counts;
}
