import type { Config } from '../config/groups';
import { FEEDS_KEY, type FeedsEntry } from '../feeds/cache';
import { getLeadStore } from '../store/port';
import { dayOf } from '../store/counters';
import { readBudgets } from '../notify/budgets';
import { windowsAt } from '../notify/budget-windows';
import type { Env } from '../env';
import { GRAPH_API_VERSION } from '../notify/whatsapp';
import { ALL_TEMPLATES } from '../notify/whatsapp-templates';
import { RETENTION } from '../content/privacy';
import { RETAINED_KINDS, retentionCutoff } from '../store/retention';
import { LEFT_IN_TOOL } from '../newsletter/http';

/** One line of the self-check: what was checked, whether it works, and what to do when it does not. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** A feed not fetched successfully for this long is a fault (the cron refreshes every 15 minutes). */
export const FEED_MAX_AGE_HOURS = 24;
/** The window the delivery counts look back over. */
export const DELIVERY_WINDOW_HOURS = 24;
const TIMEOUT_MS = 8_000;

const ok = (name: string, detail: string): Check => ({ name, ok: true, detail });
const failing = (name: string, detail: string): Check => ({ name, ok: false, detail });

interface GraphAnswer {
  status: number;
  json: { error?: { code?: number; message?: string } } & Record<string, unknown>;
}

async function graphGet(config: Config, path: string): Promise<GraphAnswer | string> {
  const sending = config.whatsapp.sending;
  if (!sending.ok) return sending.reason;
  try {
    const res = await fetch(`${config.whatsapp.apiUrl}/${GRAPH_API_VERSION}/${path}`, {
      headers: { authorization: `Bearer ${sending.token}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const json = (await res.json().catch(() => ({}))) as GraphAnswer['json'];
    return { status: res.status, json };
  } catch (err) {
    return `The Graph API did not answer (${(err as Error)?.name ?? 'network error'}).`;
  }
}

/** What a Graph error means for the operator. */
function graphProblem(answer: GraphAnswer): string {
  const code = answer.json.error?.code;
  if (code === 190) {
    return 'The WhatsApp token has expired or was revoked (code 190): create a new System User token and set WHATSAPP_TOKEN (docs/deploy.md, "Rotate a secret").';
  }
  return `The Graph API answered ${answer.status}${code !== undefined ? ` with error ${code}` : ''}: check WHATSAPP_PHONE_NUMBER_ID and the token's permissions.`;
}

/** The token and the phone number, in one Graph read. */
export async function checkWhatsApp(config: Config): Promise<Check> {
  const sending = config.whatsapp.sending;
  if (!sending.ok && config.environment === 'development' && !sending.misconfigured) {
    return ok('whatsapp', 'Not configured: development writes each message to the log.');
  }
  const answer = await graphGet(
    config,
    `${sending.ok ? sending.phoneNumberId : ''}?fields=verified_name,quality_rating,platform_type,status`,
  );
  if (typeof answer === 'string') return failing('whatsapp', answer);
  if (answer.status !== 200 || answer.json.error) return failing('whatsapp', graphProblem(answer));
  if (answer.json.platform_type !== undefined && answer.json.platform_type !== 'CLOUD_API') {
    return failing(
      'whatsapp',
      'The number is not registered with the Cloud API: every send fails. Run npm run whatsapp:register (docs/deploy.md, section 3, step 5b).',
    );
  }
  const quality = typeof answer.json.quality_rating === 'string' ? answer.json.quality_rating : 'unknown';
  if (quality === 'RED') {
    return failing('whatsapp', 'The number’s quality rating is RED: Meta may limit it. Check Meta’s WhatsApp Manager.');
  }
  return ok('whatsapp', `The token works and the number answers (quality ${quality}).`);
}

/** Every template the site sends must be APPROVED (a PENDING, PAUSED or REJECTED one fails every send). */
export async function checkTemplates(config: Config): Promise<Check> {
  const sending = config.whatsapp.sending;
  const account = config.whatsapp.businessAccountId;
  if (config.environment === 'development' && (!sending.ok || !account)) {
    return ok('templates', 'Not checked: development without WHATSAPP_BUSINESS_ACCOUNT_ID.');
  }
  if (!account)
    return failing('templates', 'WHATSAPP_BUSINESS_ACCOUNT_ID is not set: template approval cannot be checked.');
  const answer = await graphGet(config, `${account}/message_templates?fields=name,status,language&limit=100`);
  if (typeof answer === 'string') return failing('templates', answer);
  if (answer.status !== 200 || answer.json.error) return failing('templates', graphProblem(answer));
  const listed = Array.isArray(answer.json.data)
    ? (answer.json.data as { name?: string; status?: string; language?: string }[])
    : [];
  const problems = ALL_TEMPLATES.flatMap((t) => {
    const found = listed.find((l) => l.name === t.name && (l.language ?? 'en') === t.language);
    if (!found) return [`${t.name} is missing`];
    return found.status === 'APPROVED' ? [] : [`${t.name} is ${found.status ?? 'in an unknown state'}`];
  });
  if (problems.length > 0) {
    return failing('templates', `${problems.join('; ')}. Run npm run whatsapp:templates, or wait for Meta’s review.`);
  }
  return ok('templates', `All ${ALL_TEMPLATES.length} templates are approved.`);
}

/** One read through the lead store: for Firestore, a Google token exchange and a document read. */
export async function checkStore(env: Env, config: Config): Promise<Check> {
  try {
    const store = config.leads.store;
    await getLeadStore(env).get('enquiry', 'health-check');
    return ok('store', store === 'd1' ? 'Leads are stored in D1.' : 'Firestore answers (token exchange and one read).');
  } catch (err) {
    const name = (err as Error)?.name ?? 'Error';
    return failing(
      'store',
      `The lead store did not answer (${name}): new leads are parked in the queue until it does. Check the Firestore secrets and the project.`,
    );
  }
}

/** How long ago each feed was last fetched successfully. */
export async function checkFeeds(env: Env, config: Config, now: number): Promise<Check> {
  const entry = await env.FEEDS.get<FeedsEntry>(FEEDS_KEY, 'json');
  if (!entry) {
    return config.environment === 'development'
      ? ok('feeds', 'Not fetched yet.')
      : failing('feeds', 'The YouTube feeds have never been fetched: check YOUTUBE_FEED_URL and the cron.');
  }
  const stale = Object.entries(entry.feeds).filter(
    ([, feed]) => feed.okAt === null || now - feed.okAt > FEED_MAX_AGE_HOURS * 3_600_000,
  );
  if (stale.length > 0) {
    const names = stale.map(
      ([key, feed]) =>
        `${key} (${feed.okAt === null ? 'never' : `${Math.floor((now - feed.okAt) / 3_600_000)} h ago`})`,
    );
    return failing(
      'feeds',
      `Not fetched successfully for over ${FEED_MAX_AGE_HOURS} h: ${names.join(', ')}. The page shows older videos until they are 7 days old.`,
    );
  }
  return ok('feeds', `Every feed fetched in the last ${FEED_MAX_AGE_HOURS} h.`);
}

interface Counts {
  owner_failed: number;
  owner_unresolved: number;
  unconfirmed: number;
  visitor_failed: number;
  email_failed: number;
  unverified: number;
  dead_leads: number;
  parked: number;
}

/**
 * What the ledger says about the last day. Unhealthy while an owner alert failed or died and the owners
 * were not told another way (no alert email went out for that lead), an owner alert is unconfirmed past
 * OWNER_ALERT_CONFIRM_MINUTES, an email failed, a lead was refused for good, or a lead waits parked.
 * A visitor's message failing (a mistyped number) and skipped unverified submissions are reported only.
 */
export async function checkDeliveries(env: Env, config: Config, now: number): Promise<Check> {
  const since = new Date(now - DELIVERY_WINDOW_HOURS * 3_600_000).toISOString();
  const confirmBy = new Date(now - config.alerts.confirmMinutes * 60_000).toISOString();
  const row = await env.DB.prepare(
    `SELECT
       COUNT(*) FILTER (WHERE audience = 'owner' AND (status IN ('failed', 'dead') OR receipt = 'failed')) AS owner_failed,
       COUNT(*) FILTER (WHERE audience = 'owner' AND (status IN ('failed', 'dead') OR receipt = 'failed')
         AND NOT EXISTS (SELECT 1 FROM deliveries e WHERE e.submission_id = d.submission_id
           AND e.audience = 'email' AND e.status = 'sent')) AS owner_unresolved,
       COUNT(*) FILTER (WHERE audience = 'owner' AND status = 'sent' AND channel = 'graph'
         AND (receipt IS NULL OR receipt = 'sent') AND sent_at < ?2
         AND NOT EXISTS (SELECT 1 FROM deliveries e WHERE e.submission_id = d.submission_id
           AND e.audience = 'email' AND e.status = 'sent')) AS unconfirmed,
       COUNT(*) FILTER (WHERE audience = 'visitor' AND (status IN ('failed', 'dead') OR receipt = 'failed')) AS visitor_failed,
       COUNT(*) FILTER (WHERE audience = 'email' AND status IN ('failed', 'dead')) AS email_failed,
       COUNT(*) FILTER (WHERE status = 'skipped' AND skip_reason = 'unverified') AS unverified,
       (SELECT COUNT(*) FROM dead_leads WHERE created_at >= ?1) AS dead_leads,
       (SELECT COALESCE(SUM(CASE metric WHEN 'lead_parked' THEN count ELSE -count END), 0) FROM daily_counts
         WHERE metric IN ('lead_parked', 'lead_unparked')) AS parked
     FROM deliveries d WHERE created_at >= ?1`,
  )
    .bind(since, confirmBy)
    .first<Counts>();
  const c: Counts = {
    owner_failed: row?.owner_failed ?? 0,
    owner_unresolved: row?.owner_unresolved ?? 0,
    unconfirmed: row?.unconfirmed ?? 0,
    visitor_failed: row?.visitor_failed ?? 0,
    email_failed: row?.email_failed ?? 0,
    unverified: row?.unverified ?? 0,
    dead_leads: row?.dead_leads ?? 0,
    parked: Math.max(row?.parked ?? 0, 0),
  };
  const detail =
    `Last ${DELIVERY_WINDOW_HOURS} h: ${c.owner_failed} owner alerts failed (${c.owner_unresolved} not made up by email), ` +
    `${c.unconfirmed} unconfirmed after ${config.alerts.confirmMinutes} min, ${c.email_failed} emails failed, ` +
    `${c.visitor_failed} visitor messages failed, ${c.unverified} skipped as unverified, ${c.dead_leads} dead leads; ` +
    `${c.parked} leads parked now.`;
  const healthy = c.owner_unresolved + c.unconfirmed + c.email_failed + c.dead_leads + c.parked === 0;
  return healthy
    ? ok('deliveries', detail)
    : failing('deliveries', `${detail} Open the desk: resend failed messages, contact dead leads by hand.`);
}

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

/** An error code as the ledger stored it, or `none` when it is missing or not a code (never free text). */
function errorCode(code: string | null | undefined): string {
  return code && /^[A-Za-z0-9_.-]{1,40}$/.test(code) ? code : 'none';
}

/** A day of grace after a period ends: the cron deletes in batches every 15 minutes. */
const RETENTION_GRACE_MS = 86_400_000;

/**
 * Nothing is held longer than the privacy notice says: no quiz response or enquiry past its last contact's
 * period, no dead lead and no message record past theirs (a day of grace). Failing means a cron step that
 * deletes is failing (its log event names it).
 */
export async function checkRetention(env: Env, now: number): Promise<Check> {
  const late: string[] = [];
  const store = getLeadStore(env);
  for (const kind of RETAINED_KINDS) {
    if ((await store.expired(kind, retentionCutoff(now - RETENTION_GRACE_MS), 1)).length > 0) late.push(kind);
  }
  const older = async (table: string, days: number) =>
    (await env.DB.prepare(`SELECT 1 FROM ${table} WHERE created_at < ? LIMIT 1`)
      .bind(new Date(now - days * 86_400_000 - RETENTION_GRACE_MS).toISOString())
      .first()) !== null;
  if (await older('dead_leads', RETENTION.deadLeadDays)) late.push('dead leads');
  if (await older('deliveries', RETENTION.messageDays)) late.push('message records');
  if (late.length === 0) return ok('retention', 'Nothing is kept longer than the privacy notice says.');
  return failing(
    'retention',
    `Kept longer than the privacy notice says: ${late.join(', ')}. The cron's deleting step is failing: see the logs (events lead.expired, dead_lead.pruned, delivery.pruned).`,
  );
}

/**
 * The newsletter tool (NEWSLETTER_PROVIDER): unhealthy while it is named without its settings, or when it
 * refused a sign-up or an unsubscribe in the last day (a bad key, a missing form or list): those subscribers
 * are on the desk with the tool's answer and a Resend. A sign-up to an address the tool has as unsubscribed is
 * no fault (the desk shows it). Also while an erasure of the last day could not be passed on to it (the erasure
 * log on the desk's People page says which): an owner removes that person there by hand. The detail names the
 * tool and its last error code, never the tool's words: they may carry a subscriber's address, and this text goes
 * into /desk/health, its JSON and the alert emails (and their ledger rows), which no erasure reaches.
 */
export async function checkNewsletter(env: Env, config: Config, now: number): Promise<Check> {
  const provider = config.newsletter.provider;
  if (provider.name === 'none') return ok('newsletter', 'No newsletter tool: sign-ups stay on the desk.');
  if (!provider.ok)
    return failing('newsletter', `${provider.reason} Every sign-up is recorded as failed until it is set.`);
  const since = new Date(now - DELIVERY_WINDOW_HOURS * 3_600_000).toISOString();
  const refusedSince = `audience = 'newsletter' AND status IN ('failed', 'dead') AND updated_at >= ?1
    AND COALESCE(last_error_code, '') <> ?2`;
  const row = await env.DB.prepare(
    `SELECT COUNT(*) AS refused,
       (SELECT last_error_code FROM deliveries WHERE ${refusedSince} ORDER BY updated_at DESC LIMIT 1) AS last
     FROM deliveries WHERE ${refusedSince}`,
  )
    .bind(since, LEFT_IN_TOOL)
    .first<{ refused: number; last: string | null }>();
  const erasures = await env.DB.prepare(
    `SELECT COUNT(*) AS n FROM erasures WHERE erased_at >= ? AND json_extract(newsletter_tool, '$.state') = 'failed'`,
  )
    .bind(since)
    .first<{ n: number }>();
  const refused = row?.refused ?? 0;
  const notErased = erasures?.n ?? 0;
  const name = provider.name === 'kit' ? 'Kit' : 'Mailchimp';
  if (refused === 0 && notErased === 0)
    return ok(
      'newsletter',
      `${name} took every sign-up, unsubscribe and erasure of the last ${DELIVERY_WINDOW_HOURS} h.`,
    );
  const problems: string[] = [];
  if (refused > 0) {
    problems.push(
      `${name} refused ${refused} sign-up${refused === 1 ? '' : 's'} or unsubscribe${refused === 1 ? '' : 's'} in the last ${DELIVERY_WINDOW_HOURS} h (last error code: ${errorCode(row?.last)}). Check the key and the ${provider.name === 'kit' ? 'form (KIT_API_KEY, KIT_FORM_ID)' : 'list (MAILCHIMP_API_KEY, MAILCHIMP_LIST_ID)'}, then resend from each subscriber's page on the desk.`,
    );
  }
  if (notErased > 0) {
    problems.push(
      `${notErased} erasure${notErased === 1 ? '' : 's'} of the last ${DELIVERY_WINDOW_HOURS} h could not be passed on to ${name}: remove ${notErased === 1 ? 'that person' : 'those people'} there by hand (the erasure log on the desk's People page).`,
    );
  }
  return failing('newsletter', problems.join(' '));
}
