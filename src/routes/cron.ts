import type { Env } from '../env';
import { refreshFeedsOnSchedule, refreshPodcastOnSchedule } from '../feeds/schedule';
import { runHealthCheck } from '../health/run';
import { pruneDeliveries } from '../notify/ledger/prune';
import { queueMarkedReplays } from '../notify/ledger/replay';
import { sendCallReminders } from '../notify/reminders/call-reminders';
import { sendLeadNudges } from '../notify/nudges/lead-nudges';
import { sendLastSessionAlerts } from '../notify/clients/last-session';
import { pruneFunnel } from '../store/sources/counters';
import { pruneDeadLeads } from '../store/leads/dead-leads';
import { pruneErasedContacts } from '../store/people/erasures';
import { pruneExpiredLeads } from '../store/people/retention';
import { backfillSearchWords } from '../store/leads/search-backfill';
import { pruneContentVersions } from '../store/site-content/site-content';
import { rollUpVisits } from '../store/sources/visits';

/** A step the Worker's assembly (src/index.ts) hands the cron from a layer above the routes, run at the run's time. */
export type CronStep = (env: Env, now: Date) => Promise<unknown>;

/**
 * The cron's work (wrangler.toml's triggers): each step runs on its own and logs its own failure, so one
 * step failing never stops the others. `more`: the steps that read the desk (the Monday report reads the Sources
 * page's figures), which the routes may not import, since the desk imports them.
 */
export function cron(...more: CronStep[]) {
  return async function scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    const steps = [
      refreshFeedsOnSchedule(env),
      refreshPodcastOnSchedule(env),
      pruneDeliveries(env),
      pruneDeadLeads(env.DB),
      pruneExpiredLeads(env),
      pruneErasedContacts(env.DB),
      runHealthCheck(env),
      pruneFunnel(env.DB),
      rollUpVisits(env.DB),
      pruneContentVersions(env.DB),
      queueMarkedReplays(env),
      backfillSearchWords(env),
      sendCallReminders(env),
      sendLeadNudges(env, new Date(controller.scheduledTime)),
      sendLastSessionAlerts(env, new Date(controller.scheduledTime)),
      ...more.map((step) => step(env, new Date(controller.scheduledTime))),
    ];
    for (const step of steps) ctx.waitUntil(step);
    await Promise.allSettled(steps);
  };
}
