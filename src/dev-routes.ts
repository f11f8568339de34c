import { Hono, type Context, type Next } from 'hono';
import { localRequest, readConfig, type Env } from './env';
import { FEEDS_KEY, LOCK_KEY } from './feeds/cache';
import { PODCAST_KEY, PODCAST_LOCK_KEY } from './feeds/podcast-cache';
import { COLLECTIONS, LEAD_KINDS } from './store/leads/lead';
import { sourceReport } from './desk/sources/sources';
import { SOURCE_PERIODS, type SourcePeriod } from './desk/sources/source-report';
import { sendCallReminders } from './notify/reminders/call-reminders';
import { sendLeadNudges } from './notify/nudges/lead-nudges';
import { weeklyReport } from './desk/report/report-data';
import { reportEmail, sendWeeklyReports } from './desk/report/send-reports';
import { BOOKING_PROVIDERS } from './shared/booking';
import { moveCallBack } from './bookings/move-back';
import { moveLeadBack } from './leads/move-back';
import { issueLink, startEngagement, termsHash } from './clients/start';

type DevContext = Context<{ Bindings: Env }>;

/**
 * Aids for the local run, its end-to-end tests and the measuring scripts: read what the local D1 store
 * and the delivery ledger hold and empty the feeds cache, through the Worker's own bindings instead of
 * the runtime's files on disk.
 * They exist only in development and only for a request from this machine (see localRequest); anywhere else the request
 * falls through to the routes after them, exactly as for a path that does not exist.
 */
export const dev = new Hono<{ Bindings: Env }>();

function developmentOnly(handler: (c: DevContext) => Promise<Response>) {
  return async function developmentOnly(c: DevContext, next: Next) {
    if (!localRequest(c.env, c.req.url)) return next();
    return handler(c);
  };
}

/** GET /__dev/leads?email=… or ?id=…: the stored leads of each kind that match, as D1 holds them. */
dev.get(
  '/__dev/leads',
  developmentOnly(async (c) => {
    const email = c.req.query('email');
    const id = c.req.query('id');
    if (!email === !id) return c.json({ ok: false, error: 'give exactly one of email or id' }, 400);
    const where = id
      ? { quiz: 'id = ?', newsletter: 'id = ?', enquiry: 'id = ?' }
      : { quiz: "json_extract(contact, '$.email') = ?", newsletter: 'email = ?', enquiry: 'email = ?' };
    const leads: Record<string, unknown[]> = {};
    for (const kind of LEAD_KINDS) {
      const { results } = await c.env.DB.prepare(`SELECT * FROM ${COLLECTIONS[kind]} WHERE ${where[kind]}`)
        .bind(id ?? email)
        .all();
      leads[COLLECTIONS[kind]] = results;
    }
    return c.json({ ok: true, leads });
  }),
);

/** The ledger's columns a reader needs: who was (or was not) told what, when and why; not the message texts. */
const LEDGER_COLUMNS = [
  'submission_id',
  'lead_kind',
  'template',
  'recipient',
  'audience',
  'status',
  'skip_reason',
  'digest_hour',
  'attempts',
  'last_error_code',
  'created_at',
  'updated_at',
  'sent_at',
  'channel',
  'provider_message_id',
  'receipt',
  'receipt_at',
  'receipt_error_code',
].join(', ');

/**
 * GET /__dev/deliveries (every row of the delivery ledger, oldest first) or ?submission=… (one submission's
 * rows; a digest's submission is `digest:<hour>`).
 */
dev.get(
  '/__dev/deliveries',
  developmentOnly(async (c) => {
    const submission = c.req.query('submission');
    const statement = submission
      ? c.env.DB.prepare(`SELECT ${LEDGER_COLUMNS} FROM deliveries WHERE submission_id = ? ORDER BY created_at`).bind(
          submission,
        )
      : c.env.DB.prepare(`SELECT ${LEDGER_COLUMNS} FROM deliveries ORDER BY created_at, submission_id`);
    const { results } = await statement.all();
    return c.json({ ok: true, deliveries: results });
  }),
);

/** Every local table a person's data can be in: the lead store, its search words and follow-up, and the ledger. */
const PERSONAL_TABLES = [
  ...Object.values(COLLECTIONS),
  'lead_search',
  'lead_desk',
  'dead_leads',
  'deliveries',
  'delivery_attempts',
  'erasures',
  'erased_contacts',
];

/**
 * POST /__dev/holds {text}: how many rows of each table hold `text` (lower case, anywhere in any column), so a
 * test can search the whole local store and ledger for an erased address or number. A POST: the text is a
 * person's address or number, which never goes in a URL.
 */
dev.post(
  '/__dev/holds',
  developmentOnly(async (c) => {
    const { text } = await c.req.json<{ text?: unknown }>();
    if (typeof text !== 'string' || text.length < 3)
      return c.json({ ok: false, error: 'give text (3+ characters)' }, 400);
    const tables: Record<string, number> = {};
    for (const table of PERSONAL_TABLES) {
      const { results } = await c.env.DB.prepare(`SELECT name FROM pragma_table_info(?)`)
        .bind(table)
        .all<{ name: string }>();
      const where = results.map((col) => `instr(lower(CAST("${col.name}" AS TEXT)), ?1) > 0`).join(' OR ');
      const row = await c.env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
        .bind(text.toLowerCase())
        .first<{ n: number }>();
      tables[table] = row?.n ?? 0;
    }
    return c.json({ ok: true, tables });
  }),
);

/** POST /__dev/feeds/reset: empties the feeds caches (videos, podcast), so the next page view fetches them again. */
dev.post(
  '/__dev/feeds/reset',
  developmentOnly(async (c) => {
    const keys = [FEEDS_KEY, LOCK_KEY, PODCAST_KEY, PODCAST_LOCK_KEY];
    await Promise.all(keys.map((key) => c.env.FEEDS.delete(key)));
    return c.json({ ok: true });
  }),
);

/** GET /__dev/sources-report?days=90[&source=…]: the Sources page's report as JSON (the benchmark times it). */
dev.get(
  '/__dev/sources-report',
  developmentOnly(async (c) => {
    const days = Number(c.req.query('days') ?? 30);
    if (!SOURCE_PERIODS.includes(days as SourcePeriod)) return c.json({ ok: false, error: 'days: 7, 30 or 90' }, 400);
    return c.json({ ok: true, report: await sourceReport(c.env, days as SourcePeriod, c.req.query('source')) });
  }),
);

/**
 * POST /__dev/reminders?at=<ISO time>: runs the cron's call reminders as if it were that time, so a journey need not
 * wait a day; answers how many of each outcome (counts only).
 */
dev.post(
  '/__dev/reminders',
  developmentOnly(async (c) => {
    const at = Date.parse(c.req.query('at') ?? '');
    if (Number.isNaN(at)) return c.json({ ok: false, error: 'at: an ISO date and time' }, 400);
    return c.json({ ok: true, reminders: await sendCallReminders(c.env, new Date(at)) });
  }),
);

/**
 * POST /__dev/nudges?at=<ISO time>: runs the cron's owner nudges (due next dates, leads left alone) as if it were
 * that time; answers the run's counts only.
 */
dev.post(
  '/__dev/nudges',
  developmentOnly(async (c) => {
    const at = Date.parse(c.req.query('at') ?? '');
    if (Number.isNaN(at)) return c.json({ ok: false, error: 'at: an ISO date and time' }, 400);
    return c.json({ ok: true, nudges: await sendLeadNudges(c.env, new Date(at)) });
  }),
);

/** A reader of a dev route's fields, each from the body (JSON or a form) or else the query; '' when absent. */
async function fieldsOf(c: DevContext): Promise<(name: string) => string> {
  const type = c.req.header('content-type') ?? '';
  const body: Record<string, unknown> = type.includes('json')
    ? await c.req.json<Record<string, unknown>>().catch(() => ({}))
    : type.includes('form')
      ? await c.req.parseBody()
      : {};
  return (name: string) => String(body[name] ?? c.req.query(name) ?? '');
}

/**
 * POST /__dev/bookings/pass (body or query `provider`, `id`, `hours`): time passing for a stored booking, which
 * moves its call (`startAt`, `endAt`, and its history's current step) `hours` back, so a journey sees a call's end
 * pass without waiting. Written through the booking store, so it works alike on any store; an outcome stays.
 */
dev.post(
  '/__dev/bookings/pass',
  developmentOnly(async (c) => {
    const field = await fieldsOf(c);
    const provider = BOOKING_PROVIDERS.find((p) => p === field('provider'));
    const hours = Number(field('hours'));
    if (!provider || !field('id') || !Number.isFinite(hours) || hours <= 0 || hours > 24 * 400) {
      return c.json({ ok: false, error: 'give provider (calcom or calendly), id and hours (a positive number)' }, 400);
    }
    const moved = await moveCallBack(c.env, provider, field('id'), hours);
    if (!moved) return c.json({ ok: false, error: 'no such booking' }, 404);
    return c.json({ ok: true, ...moved });
  }),
);

/**
 * POST /__dev/leads/age (body or query `kind`, `id`, `hours`): time passing for a stored lead, whose arrival time
 * (a quiz response's result) moves `hours` back in the local D1, so a journey sees a lead left alone for days, such as
 * a quiz lead under the inbox's "No call yet", without waiting. Answers the new arrival time.
 */
dev.post(
  '/__dev/leads/age',
  developmentOnly(async (c) => {
    const field = await fieldsOf(c);
    const kind = LEAD_KINDS.find((k) => k === field('kind'));
    const hours = Number(field('hours'));
    if (!kind || !field('id') || !Number.isFinite(hours) || hours <= 0 || hours > 24 * 400) {
      return c.json(
        { ok: false, error: 'give kind (quiz, newsletter or enquiry), id and hours (a positive number)' },
        400,
      );
    }
    const moved = await moveLeadBack(c.env.DB, kind, field('id'), hours);
    if (!moved) return c.json({ ok: false, error: 'no such lead' }, 404);
    return c.json({ ok: true, ...moved });
  }),
);

/**
 * POST /__dev/clients/engagement (body `kind`, `id`, `sessions`, `validUntil`, `program`, optional `terms`): an engagement started on a
 * stored lead with a live link, as if an owner had started it, without sending anything: answers its id, reference
 * and the page's token, so a journey can open the client's page (the token is in no message of the local run).
 */
dev.post(
  '/__dev/clients/engagement',
  developmentOnly(async (c) => {
    const field = await fieldsOf(c);
    const kind = LEAD_KINDS.find((k) => k === field('kind'));
    const sessions = Number(field('sessions'));
    if (!kind || !field('id') || !Number.isInteger(sessions) || !/^\d{4}-\d{2}-\d{2}$/.test(field('validUntil'))) {
      return c.json({ ok: false, error: 'give kind, id, sessions (whole), validUntil (YYYY-MM-DD), program' }, 400);
    }
    const now = new Date();
    const start = { lead: { kind, id: field('id') }, program: field('program'), programTitle: field('program') };
    // Optional `terms`: a text for the client to accept, as if published in content version 1.
    const text = field('terms');
    const terms = text ? { terms: { versionId: 1, text, hash: await termsHash(text) } } : {};
    const engagement = await startEngagement(
      c.env,
      { ...start, ...terms, sessions, validUntil: field('validUntil') },
      'dev',
      now,
    );
    const { token } = await issueLink(c.env, engagement, 'dev', now);
    return c.json({ ok: true, id: engagement.id, reference: engagement.reference, token });
  }),
);

/**
 * GET /__dev/report?at=<ISO time>: the HTML of the Monday report the first owner would get in the week of `at` (last
 * week's figures), as a mail app shows it: no script may run and nothing is fetched (only its inline styles).
 * POST /__dev/report?at=<ISO time>: the cron's report step run as if it were that time (how many it finished).
 */
const reportAt = (c: DevContext) => {
  const at = Date.parse(c.req.query('at') ?? '');
  return Number.isNaN(at) ? null : new Date(at);
};
dev.get(
  '/__dev/report',
  developmentOnly(async (c) => {
    const at = reportAt(c);
    if (!at) return c.json({ ok: false, error: 'at: an ISO date and time' }, 400);
    const config = readConfig(c.env);
    const { html } = reportEmail(await weeklyReport(c.env, at), config.whatsapp.owners[0]?.name ?? '', config.site.url);
    return c.html(html, 200, { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" });
  }),
);
dev.post(
  '/__dev/report',
  developmentOnly(async (c) => {
    const at = reportAt(c);
    if (!at) return c.json({ ok: false, error: 'at: an ISO date and time' }, 400);
    return c.json({ ok: true, finished: await sendWeeklyReports(c.env, at) });
  }),
);
