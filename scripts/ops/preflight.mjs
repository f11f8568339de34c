// `npm run preflight [-- --env staging|production] [--secrets-file FILE] [--live | --skip-live]`
// One table of every setting the Worker reads: ok, missing, invalid, placeholder, problem (set but unusable, such
// as a key cut at its first newline) or unknown, with what it is for. Vars come from the wrangler configuration;
// secrets from --secrets-file, `.dev.vars` (local) or the names `wrangler secret list` reports. When it cannot know whether a secret is set it says so and fails.
// A secrets file for a deployed environment must hold the declared secrets only (no var, no unknown name, no
// unescaped `$`), and FIRESTORE_PRIVATE_KEY must parse as a private key.
// The live checks make one harmless call to each configured service, with the secret values: they run whenever
// a deployed environment's secrets file is given (--skip-live says not to, and what that risks), or with --live.
// It says which booking webhook is on (its key set) and which answers 404 (booking-webhooks.mjs), and whether payment
// links and the payment webhook are on (payments.mjs).
// Exits 1 on any problem; warnings (a safety net that is off, such as no OWNER_EMAILS) are printed, not failed.
import { createPrivateKey } from 'node:crypto';
import { parseConfig } from '../../src/config/index.ts';
import { SETTINGS } from '../../src/config/read/settings.ts';
import { bookingWebhooks } from './booking-webhooks.mjs';
import { liveChecks } from './live-checks.mjs';
import { paymentsSection } from './payments.mjs';
import { parseArgs, readSecrets, readWranglerConfig } from './settings-source.mjs';

const PLACEHOLDER = /REPLACE_WITH|(^|\.)example\.(com|org|net)(\/|$)/;

/** Values that pass the format checks, standing in for secrets known only by name. */
const SET_BUT_UNSEEN = {
  WHATSAPP_TOKEN: 'set',
  OWNER_PHONES: '+919800000001',
  FIRESTORE_PROJECT_ID: 'set',
  FIRESTORE_CLIENT_EMAIL: 'set@set.iam.gserviceaccount.com',
  FIRESTORE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----',
  TURNSTILE_SECRET_KEY: 'set',
  OWNER_EMAILS: 'set@set.invalid',
  OPERATOR_EMAIL: 'set@set.invalid',
  HEALTHCHECK_URL: 'https://set.invalid/',
  CALCOM_WEBHOOK_SECRET: 'set-but-not-seen-here',
  CALENDLY_WEBHOOK_SIGNING_KEY: 'set-but-not-seen-here',
  RAZORPAY_WEBHOOK_SECRET: 'set-but-not-seen-here',
  KIT_WEBHOOK_SECRET: 'set-but-not-seen-here',
  MAILCHIMP_WEBHOOK_SECRET: 'set-but-not-seen-here-set-but-not-seen-here',
};

export async function preflight(args) {
  const wrangler = await readWranglerConfig(args.config, args.env);
  const secrets = readSecrets(args);
  const local = !args.env;
  // Locally .dev.vars overrides the vars of wrangler.toml, as in `wrangler dev`.
  const vars = local ? { ...wrangler.vars, ...secrets.values } : wrangler.vars;
  const raw = { ...vars };
  for (const s of SETTINGS.filter((x) => x.kind === 'secret')) {
    if (secrets.values) raw[s.name] = secrets.values[s.name];
    else if (secrets.names?.includes(s.name)) raw[s.name] = SET_BUT_UNSEEN[s.name] ?? 'set';
  }
  const config = parseConfig(raw);
  const environment = config.environment;

  const rows = [];
  const problems = [];
  // A value that is set but unusable (a key cut at its first newline) is a problem in the table as in the list.
  const keyProblem = privateKeyProblem(secrets.values?.FIRESTORE_PRIVATE_KEY);
  const valueProblems = { FIRESTORE_PRIVATE_KEY: keyProblem };
  for (const setting of SETTINGS) {
    const value = raw[setting.name]?.trim() ?? '';
    const own = config.problems.filter((p) => p.setting === setting.name);
    const required = wrangler.requiredSecrets.includes(setting.name);
    let state;
    let note = setting.purpose;
    if (setting.kind === 'secret' && !secrets.known) {
      state = 'unknown';
      note = `cannot tell whether it is set; ${setting.purpose}`;
      if (required || own.length > 0) problems.push(`${setting.name}: cannot tell whether it is set`);
    } else if (own.length > 0) {
      state = value === '' ? 'missing' : 'invalid';
      note = own.map((p) => p.message).join(' ');
      problems.push(...own.map((p) => `${setting.name}: ${p.message}`));
    } else if (value !== '' && setting.kind === 'var' && PLACEHOLDER.test(value)) {
      state = 'placeholder';
      note = `still the placeholder "${value}"; ${setting.purpose}`;
      problems.push(`${setting.name}: still a placeholder`);
    } else if (value === '' && required) {
      state = 'missing';
      note = `required by secrets.required of [env.${args.env}]; ${setting.purpose}`;
      problems.push(`${setting.name}: missing`);
    } else if (value === '') {
      state = '—';
    } else if (valueProblems[setting.name]) {
      state = 'problem';
      note = valueProblems[setting.name];
    } else {
      state = setting.kind === 'secret' && !secrets.values ? 'set' : 'ok';
    }
    rows.push([setting.name, setting.kind, state, note]);
  }
  for (const p of config.problems.filter((p) => !SETTINGS.some((s) => s.name === p.setting))) {
    problems.push(p.message);
  }
  if (args.env && secrets.fileProblems) problems.push(...secrets.fileProblems.map((p) => `${args.secretsFile}: ${p}`));
  if (keyProblem) problems.push(`FIRESTORE_PRIVATE_KEY: ${keyProblem}`);
  // The top level of wrangler.toml is development's own Worker; a deployed environment is [env.staging] or
  // [env.production]. A top level (or .dev.vars) that says otherwise would put development's settings live.
  if (local && environment !== 'development') {
    problems.push(
      `ENVIRONMENT=${environment} at the top level of ${args.config}: the top level is development only; ` +
        'check a deployed environment with --env staging|production',
    );
  }
  for (const route of wrangler.routes) {
    const pattern = typeof route === 'string' ? route : route.pattern;
    if (PLACEHOLDER.test(pattern)) problems.push(`route ${pattern}: still a placeholder domain`);
  }

  const header = `preflight: ${args.env ? `[env.${args.env}]` : 'local setup'} of ${args.config} (ENVIRONMENT=${environment}); secrets: ${secrets.source}`;
  const lines = [header, '', ...table(['setting', 'kind', 'state', 'what it is for / what is wrong'], rows)];

  const bookings = bookingWebhooks(config, secrets.known);
  lines.push('', bookings.heading, ...table(['tool', 'route', 'state'], bookings.rows), bookings.note);
  const payments = paymentsSection(config, secrets.known);
  lines.push('', payments.heading);
  if (payments.rows.length > 0) lines.push(...table(['part', 'state'], payments.rows), payments.note);

  const live = args.live || (Boolean(args.env) && Boolean(args.secretsFile) && !args.skipLive);
  if (args.skipLive) {
    lines.push(
      '',
      'live checks: skipped (--skip-live). Nothing has shown that the token, the number, the templates, the Firestore key',
      'and the Turnstile secret work together: if one does not, every message fails or every lead parks after the deploy.',
      ...(config.payments.provider
        ? ['Nor that Razorpay takes the key: if not, every payment request is refused.']
        : []),
    );
  } else if (live) {
    lines.push('', 'live checks:');
    if (!secrets.values) {
      problems.push('live checks need the secret values: pass --secrets-file');
      lines.push('  not run: the secret values are not available here (pass --secrets-file FILE)');
    } else {
      const results = await liveChecks(config);
      lines.push(
        ...table(
          ['service', 'check', 'result'],
          results.map((r) => [r.service, r.check, `${r.ok ? 'ok' : 'FAIL'}: ${r.detail}`]),
        ),
      );
      problems.push(...results.filter((r) => !r.ok).map((r) => `${r.service} ${r.check}: ${r.detail}`));
    }
  }
  if (!secrets.known) {
    lines.push(
      '',
      `Cannot tell which secrets are set (${secrets.source}).`,
      'Sign in (`wrangler login`, or CLOUDFLARE_API_TOKEN) or pass --secrets-file FILE.',
    );
  }
  // Warnings do not fail the preflight: the site works, one safety net or step is off (no owner email, no result email).
  // The alerts' only when the secrets are known: an OWNER_EMAILS that cannot be seen is not "not set".
  // The bookings' about a webhook key likewise; the one about BOOKING_PROVIDER (a var) always. The payments' about
  // the webhook secret likewise; the one about a test key in production (RAZORPAY_KEY_ID, a var) always.
  const warnings = [
    ...(secrets.known ? config.alerts.warnings : []),
    ...config.quiz.warnings,
    ...config.bookings.warnings.filter((w) => secrets.known || w.startsWith('BOOKING_PROVIDER')),
    ...config.payments.warnings.filter((w) => secrets.known || w.startsWith('RAZORPAY_KEY_ID')),
  ];
  if (warnings.length > 0) {
    lines.push('', 'Warnings:', ...warnings.map((w) => `  - ${w}`));
  }
  lines.push(
    '',
    problems.length === 0 ? 'preflight: all settings ok' : `preflight: ${problems.length} problem(s):`,
    ...problems.map((p) => `  - ${p}`),
  );
  return { ok: problems.length === 0, text: lines.join('\n'), problems, warnings };
}

/** Why a FIRESTORE_PRIVATE_KEY value is not a usable private key, or nothing (unset, or it parses). */
export function privateKeyProblem(value) {
  if (!value) return undefined;
  const pem = value.replace(/\\n/g, '\n').trim();
  if (!pem.includes('\n'))
    return (
      'is one line: the key was cut at its first newline (a one-line prompt does that). Put the whole "private_key" ' +
      'of the service-account JSON in the secrets file (JSON, or dotenv in double quotes with \\n escapes)'
    );
  try {
    createPrivateKey(pem);
    return undefined;
  } catch (err) {
    return `does not parse as a private key (${err.message}). Copy the whole "private_key" of the service-account JSON again`;
  }
}

function table(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => `| ${r.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`preflight: ${err.message}`);
    process.exit(2);
  }
  const result = await preflight(args);
  console.log(result.text);
  process.exit(result.ok ? 0 : 1);
}
