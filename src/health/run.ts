import { health as copy } from '../words/health';
import { readConfig, type Env } from '../env';
import { logEvent } from '../log';
import { readBudgets } from '../notify/ledger/budgets';
import { deliver } from '../notify/ledger/deliver';
import { deliveryStore } from '../notify/ledger/ledger-store';
import { createEmailSender, emailMessage } from '../notify/email/email';
import { checkBookings } from './checks/bookings';
import type { Check } from './checks/check';
import { checkDeliveries } from './checks/deliveries';
import { checkFeeds } from './checks/feeds';
import { checkMedia } from './checks/media';
import { checkNewsletter } from './checks/newsletter';
import { checkPayments } from './checks/payments';
import { checkPrivacy } from './checks/privacy';
import { checkRetention } from './checks/retention';
import { checkStore } from './checks/store';
import { checkTemplates } from './checks/templates';
import { checkVisitors } from './checks/visitors';
import { checkWhatsApp } from './checks/whatsapp';

/** The self-check's result, as /desk/health.json shows it. */
export interface HealthReport {
  ok: boolean;
  checkedAt: string;
  checks: Check[];
}

/** The ledger template of the emails a change of health sends. */
export const HEALTH_EMAIL = 'health_email';
const HEARTBEAT_TIMEOUT_MS = 5_000;

/** The last stored result, or null before the first run. */
export async function lastHealth(db: D1Database): Promise<HealthReport | null> {
  const row = await db
    .prepare('SELECT ok, checked_at, checks FROM health WHERE id = 1')
    .first<{ ok: number; checked_at: string; checks: string }>();
  return row ? { ok: row.ok === 1, checkedAt: row.checked_at, checks: JSON.parse(row.checks) as Check[] } : null;
}

/** Runs every check (each catches its own faults), so one broken service never hides the others. */
export async function checkHealth(env: Env, now = Date.now()): Promise<HealthReport> {
  const config = readConfig(env);
  const guarded = (name: string, run: () => Promise<Check>) =>
    run().catch((err: unknown): Check => ({
      name,
      ok: false,
      detail: `The check itself failed (${(err as Error)?.name ?? 'error'}): see the Worker's logs (event health.checked).`,
    }));
  const checks = await Promise.all([
    guarded('whatsapp', () => checkWhatsApp(config)),
    guarded('templates', () => checkTemplates(config)),
    guarded('store', () => checkStore(env, config)),
    guarded('feeds', () => checkFeeds(env, config, now)),
    guarded('media', () => checkMedia(env, config)),
    guarded('deliveries', () => checkDeliveries(env, config, now)),
    guarded('visitors', () => checkVisitors(env, now)),
    guarded('retention', () => checkRetention(env, now)),
    guarded('newsletter', () => checkNewsletter(env, config, now)),
    guarded('privacy', () => checkPrivacy(config)),
    guarded('bookings', () => checkBookings(config)),
    guarded('payments', () => checkPayments(config)),
  ]);
  return { ok: checks.every((c) => c.ok), checkedAt: new Date(now).toISOString(), checks };
}

/**
 * The cron's self-check: stores the result, emails the owners (and the operator) once when the site turns
 * unhealthy and once when it recovers — not on every run in between — and, while healthy, pings the
 * dead-man's switch so that a Worker or cron that stops altogether is noticed from outside.
 */
export async function runHealthCheck(env: Env, now = Date.now()): Promise<HealthReport> {
  const before = await lastHealth(env.DB);
  const report = await checkHealth(env, now);
  await env.DB.prepare(
    `INSERT INTO health (id, ok, checked_at, checks) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET ok = excluded.ok, checked_at = excluded.checked_at, checks = excluded.checks`,
  )
    .bind(report.ok ? 1 : 0, report.checkedAt, JSON.stringify(report.checks))
    .run();
  const failingNames = report.checks.filter((c) => !c.ok).map((c) => c.name);
  logEvent(report.ok ? 'info' : 'warn', 'health.checked', {
    ok: report.ok,
    failing: failingNames.join(',') || undefined,
  });
  // Before the first run the site counts as healthy: a first unhealthy run is a change worth telling.
  const wasOk = before?.ok ?? true;
  if (wasOk !== report.ok) {
    logEvent(report.ok ? 'info' : 'error', 'health.changed', {
      ok: report.ok,
      failing: failingNames.join(',') || undefined,
    });
    await tellOfChange(env, report);
  }
  if (report.ok) await heartbeat(env);
  return report;
}

async function tellOfChange(env: Env, report: HealthReport): Promise<void> {
  const config = readConfig(env);
  const recipients = [
    ...new Set([
      ...config.whatsapp.owners.flatMap((o) => (o.email ? [o.email] : [])),
      ...(config.alerts.operatorEmail ? [config.alerts.operatorEmail] : []),
    ]),
  ];
  if (recipients.length === 0) return;
  const failingChecks = report.checks.filter((c) => !c.ok);
  const names = failingChecks.map((c) => copy.names[c.name] ?? c.name);
  const subject = report.ok ? copy.email.recoveredSubject : copy.email.brokeSubject(names);
  const lines = report.ok
    ? [copy.email.recovered]
    : [copy.email.broke, '', ...failingChecks.map((c) => `${copy.names[c.name] ?? c.name}: ${c.detail}`)];
  let site = '';
  try {
    site = config.site.url;
  } catch {
    // A broken SITE_URL is itself reported by the checks; the email still goes.
  }
  const text = [...lines, '', copy.email.see, `${site}/desk/health`].join('\n');
  const store = deliveryStore(env);
  const sender = createEmailSender(env);
  const rules = { budgets: readBudgets(env), verified: true };
  for (const to of recipients) {
    const ref = { submissionId: `health:${report.checkedAt}`, leadKind: 'health' };
    await deliver(ref, emailMessage(HEALTH_EMAIL, to, subject, text), store, sender, rules);
  }
}

/** GET to HEALTHCHECK_URL; a failure is logged, never thrown (the switch's silence is the alarm). */
async function heartbeat(env: Env): Promise<void> {
  const url = readConfig(env).alerts.healthcheckUrl;
  if (!url) return;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(HEARTBEAT_TIMEOUT_MS) });
    logEvent(res.ok ? 'info' : 'warn', 'health.heartbeat', { status: res.status });
  } catch (err) {
    logEvent('warn', 'health.heartbeat', { error: (err as Error)?.name ?? 'error' });
  }
}
