import { readConfig, type Env } from '../../env';
import { errorMessage, logEvent } from '../../log';
import { createEmailSender, emailMessage } from '../../notify/email/email';
import { readBudgets } from '../../notify/ledger/budgets';
import { deliver } from '../../notify/ledger/deliver';
import { deliveryStore } from '../../notify/ledger/ledger-store';
import { weeklyReport, type WeeklyReport } from './report-data';
import { reportHtml, reportText } from './report-html';
import { reportView } from './report-view';
import { isReportTime, reportWeek } from './week';

/** The ledger template of the Monday report email. */
export const WEEKLY_REPORT_EMAIL = 'weekly_report_email';
/** The ledger's kind for a report: it is about no lead. */
export const REPORT_KIND = 'report';

/** The ledger key of one owner's report for the week of `monday` (YYYY-MM-DD): one email per owner and week. */
export const reportId = (monday: string, label: string) => `report:${monday}:${label}`;

/** The email one owner gets: subject, plain text and HTML. */
export function reportEmail(report: WeeklyReport, ownerName: string, siteUrl: string) {
  const view = reportView(report, ownerName, siteUrl);
  return { subject: view.subject, text: reportText(view), html: reportHtml(view) };
}

/** Whether an owner's report of this week is already settled in the ledger (sent, failed for good, or skipped). */
async function settled(db: D1Database, submissionId: string): Promise<boolean> {
  const row = await db
    .prepare(`SELECT status FROM deliveries WHERE submission_id = ? AND template = ? LIMIT 1`)
    .bind(submissionId, WEEKLY_REPORT_EMAIL)
    .first<{ status: string }>();
  return row !== null && row.status !== 'pending';
}

/**
 * The cron's step: on Monday from 08:00 (owners' time) each owner with an email address gets last week's report
 * once, through the ledger (its key names the week and the owner, so the cron's later runs that Monday send
 * nothing more, and a send that failed for a while is tried again by the next run). None when WEEKLY_REPORT is off.
 * Answers how many owners' reports the run finished (sent, or failed for good and logged by the ledger).
 */
export async function sendWeeklyReports(env: Env, now = new Date()): Promise<number> {
  const config = readConfig(env);
  if (!config.alerts.weeklyReport || !isReportTime(now)) return 0;
  const { monday } = reportWeek(now);
  const due = [];
  for (const owner of config.whatsapp.owners)
    if (owner.email && !(await settled(env.DB, reportId(monday, owner.label))))
      due.push({ ...owner, email: owner.email });
  if (due.length === 0) return 0;
  let finished = 0;
  try {
    // Read once for every owner: the figures are the same, only the greeting differs.
    const report = await weeklyReport(env, now);
    const store = deliveryStore(env);
    const sender = createEmailSender(env);
    const rules = { budgets: readBudgets(env), verified: true };
    for (const owner of due) {
      const { subject, text, html } = reportEmail(report, owner.name, config.site.url);
      const ref = { submissionId: reportId(monday, owner.label), leadKind: REPORT_KIND };
      const step = await deliver(
        ref,
        emailMessage(WEEKLY_REPORT_EMAIL, owner.email, subject, text, { html }),
        store,
        sender,
        rules,
      );
      if (step.done) finished += 1;
    }
  } catch (err) {
    logEvent('error', 'report.weekly', { outcome: 'failed', week: monday, error: errorMessage(err) });
    return finished;
  }
  logEvent('info', 'report.weekly', { outcome: 'run', week: monday, owners: due.length, finished });
  return finished;
}
