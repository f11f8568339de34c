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
import { seedGuideRequest, seedSampleGuide } from './dev-guides';

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

/** Answers with `answer` at the time in `?at=`, or 400 when it gives none. */
function atTime(c: DevContext, answer: (at: Date) => Promise<Response>): Promise<Response> {
  const at = Date.parse(c.req.query('at') ?? '');
  if (Number.isNaN(at)) return Promise.resolve(c.json({ ok: false, error: 'at: an ISO date and time' }, 400));
  return answer(new Date(at));
}

/** POST `path`?at=<ISO time>: runs one of the cron's steps as if it were that time; answers its counts as `name`. */
function cronStepAt(path: string, name: string, step: (env: Env, at: Date) => Promise<unknown>) {
  dev.post(
    path,
    developmentOnly((c) => atTime(c, async (at) => c.json({ ok: true, [name]: await step(c.env, at) }))),
  );
}

/** The cron's call reminders, so a journey need not wait a day (counts of each outcome only). */
cronStepAt('/__dev/reminders', 'reminders', sendCallReminders);
/** The cron's owner nudges (due next dates, leads left alone). */
cronStepAt('/__dev/nudges', 'nudges', sendLeadNudges);

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
 * POST `path` (body or query `key`, `id`, `hours`): time passing for a stored record, which `move` moves `hours` back
 * (a positive number, at most 400 days), so a journey sees it without waiting. Answers the new times; 404 when no record
 * has the id.
 */
function timePassing<K extends string>(
  path: string,
  key: string,
  keys: readonly K[],
  missing: string,
  move: (env: Env, k: K, id: string, hours: number) => Promise<object | null>,
) {
  dev.post(
    path,
    developmentOnly(async (c) => {
      const field = await fieldsOf(c);
      const found = keys.find((k) => k === field(key));
      const hours = Number(field('hours'));
      if (!found || !field('id') || !Number.isFinite(hours) || hours <= 0 || hours > 24 * 400) {
        const choices = `${keys.slice(0, -1).join(', ')} or ${keys[keys.length - 1]}`;
        return c.json({ ok: false, error: `give ${key} (${choices}), id and hours (a positive number)` }, 400);
      }
      const moved = await move(c.env, found, field('id'), hours);
      return moved ? c.json({ ok: true, ...moved }) : c.json({ ok: false, error: missing }, 404);
    }),
  );
}

/**
 * POST /__dev/bookings/pass: a stored booking's call (`startAt`, `endAt`, and its history's current step), so a
 * journey sees a call's end pass. Written through the booking store, so it works alike on any store; an outcome stays.
 */
timePassing('/__dev/bookings/pass', 'provider', BOOKING_PROVIDERS, 'no such booking', moveCallBack);
/**
 * POST /__dev/leads/age: a stored lead's arrival time (a quiz response's result) in the local D1, so a journey sees a
 * lead left alone for days, such as a quiz lead under the inbox's "No call yet".
 */
timePassing('/__dev/leads/age', 'kind', LEAD_KINDS, 'no such lead', (env, ...move) => moveLeadBack(env.DB, ...move));

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

/** POST /__dev/guides/seed: the sample guide offered (its PDF, in the draft, published); the same again is a no-op. */
dev.post(
  '/__dev/guides/seed',
  developmentOnly(async (c) => c.json({ ok: true, ...(await seedSampleGuide(c.env)) })),
);
/** POST /__dev/guides/request {email, guide?, source?, confirmed?, downloads?}: a guide request, through the stores. */
dev.post(
  '/__dev/guides/request',
  developmentOnly(async (c) => {
    const made = await seedGuideRequest(c.env, await c.req.json().catch(() => null));
    return c.json(made, made.ok ? 200 : 400);
  }),
);

/**
 * GET /__dev/report?at=<ISO time>: the HTML of the Monday report the first owner would get in the week of `at` (last
 * week's figures), as a mail app shows it: no script may run and nothing is fetched (only its inline styles).
 */
dev.get(
  '/__dev/report',
  developmentOnly((c) =>
    atTime(c, async (at) => {
      const config = readConfig(c.env);
      const { html } = reportEmail(
        await weeklyReport(c.env, at),
        config.whatsapp.owners[0]?.name ?? '',
        config.site.url,
      );
      return c.html(html, 200, { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" });
    }),
  ),
);
/** The cron's report step (how many reports it finished). */
cronStepAt('/__dev/report', 'finished', sendWeeklyReports);
