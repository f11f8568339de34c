import { readConfig, type Env } from '../../env';
import { errorMessage, logEvent } from '../../log';
import { readBudgets } from '../ledger/budgets';
import { alertedOwners, sendOwnerAlerts } from '../leads/owner-alert-plan';
import { nudgeSends, type Nudge } from './nudge-message';
import { dueNudges, newNudges, noCallNudges, waitingNudges } from './nudge-rules';

/** What a run came to: the nudges looked at (sent now, sent before or folded), those left to retry, the failures. */
export interface NudgeCounts {
  nudges: number;
  retry: number;
  failed: number;
}

const RULES = { due: dueNudges, new: newNudges, nocall: noCallNudges, waiting: waitingNudges };

/**
 * The cron's step: each nudge due now (nudge-rules.ts) goes once to the lead's owner, or both owners when nobody
 * took it, as one `lead_due` each through the ledger, like every owner alert: counted in OWNER_ALERTS_PER_HOUR and
 * folded into the hour's digest past it, emailed when WhatsApp fails or stays unconfirmed. The ledger's key makes
 * a second run (or two at once) send nothing more; a send left to retry is tried again by the next run. Nothing is
 * looked at while WhatsApp cannot send: the nudges wait for it (each within its rule's look-back) rather than
 * being spent as failures.
 */
export async function sendLeadNudges(env: Env, now = new Date()): Promise<NudgeCounts> {
  const counts: NudgeCounts = { nudges: 0, retry: 0, failed: 0 };
  const config = readConfig(env);
  const owners = alertedOwners(config);
  if (owners.length === 0) return counts;
  const found: Nudge[] = [];
  for (const [rule, nudgesOf] of Object.entries(RULES)) {
    try {
      found.push(...(await nudgesOf(env, now)));
    } catch (err) {
      counts.failed += 1;
      logEvent('error', 'lead.nudge', { rule, outcome: 'unreadable', error: errorMessage(err) });
    }
  }
  const budgets = readBudgets(env);
  for (const nudge of found) {
    try {
      // The owners' own reminder: held to their hourly budget, never to a visitor's rules.
      const plan = {
        submissionId: nudge.submissionId,
        sends: nudgeSends(nudge, owners),
        rules: { budgets, verified: true },
      };
      const wait = await sendOwnerAlerts(env, plan, nudge.leadKind);
      counts[wait === undefined ? 'nudges' : 'retry'] += 1;
    } catch (err) {
      counts.failed += 1;
      logEvent('error', 'lead.nudge', {
        submissionId: nudge.submissionId,
        outcome: 'failed',
        error: errorMessage(err),
      });
    }
  }
  return counts;
}
