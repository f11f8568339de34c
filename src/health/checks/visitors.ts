import type { Env } from '../../env';
import { readBudgets } from '../../notify/ledger/budgets';
import { windowsAt } from '../../notify/ledger/budget-windows';
import { dayOf } from '../../store/sources/counters';
import { failing, ok, type Check } from './check';

/**
 * What stopped visitors' confirmations today (the owners' day, as the budgets count it): Turnstile's
 * siteverify could not be reached (such leads told the owners, but no visitor got a message), or the
 * day's visitor budget (VISITOR_MESSAGES_DAILY_BUDGET) is spent. Either turns the check red until the day
 * is over, so the owners and the operator hear of it once (the self-check emails on a change of state).
 */
export async function checkVisitors(env: Env, now: number): Promise<Check> {
  const budgets = readBudgets(env);
  const { dayStart, dayEnd } = windowsAt(new Date(now), budgets.scale);
  const row = await env.DB.prepare(
    `SELECT
       (SELECT COALESCE(SUM(count), 0) FROM daily_counts WHERE day = ?1 AND metric = 'turnstile_unreachable') AS unreachable,
       (SELECT COUNT(*) FROM deliveries WHERE audience = 'visitor' AND status = 'skipped' AND skip_reason = 'budget'
          AND created_at >= ?2 AND created_at < ?3) AS over_budget`,
  )
    .bind(dayOf(now), dayStart, dayEnd)
    .first<{ unreachable: number; over_budget: number }>();
  const unreachable = row?.unreachable ?? 0;
  const overBudget = row?.over_budget ?? 0;
  const problems: string[] = [];
  if (unreachable > 0) {
    problems.push(
      `Turnstile could not be reached ${unreachable} times today: those visitors got no WhatsApp confirmation (the owners were told). Check Cloudflare's status and TURNSTILE_VERIFY_URL.`,
    );
  }
  if (overBudget > 0) {
    problems.push(
      `The day's ${budgets.dailyBudget} visitor messages are spent: ${overBudget} visitors got no confirmation today. A flood, or raise VISITOR_MESSAGES_DAILY_BUDGET.`,
    );
  }
  return problems.length === 0
    ? ok('visitors', "Turnstile answered, and the day's visitor budget is not spent.")
    : failing('visitors', problems.join(' '));
}
