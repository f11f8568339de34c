// `npm run rotate -- --env staging|production --secrets-file FILE NAME [--from-file NEW]`
// Replaces one secret without losing a message:
//   1. reads the new value from --from-file or stdin (never a one-line prompt: a multi-line key arrives whole).
//      For FIRESTORE_PRIVATE_KEY or FIRESTORE_CLIENT_EMAIL the input may be the service-account JSON Google gives:
//      its client_email and private_key then go together, as one version;
//   2. verifies it live with the other current values of FILE before anything changes (the preflight's checks of
//      that service); a value that does not work stops here, and nothing changed;
//   3. puts it with `wrangler secret bulk` (a new version of the Worker) and writes it into FILE, so the next
//      `npm run deploy -- --secrets-file FILE` does not bring the old value back;
//   4. WHATSAPP_TOKEN: sends each owner a check message (hourly_digest, "0 more leads") with the new token, and marks
//      the owner messages that failed with an expired token (190) or no configuration in the last 7 days for replay
//      (`wrangler d1 execute`): the next cron run (within 15 minutes) queues the replay, each row sent once;
//   5. prints what the operator must still do: revoke the old value (or, for a booking webhook's key, give the
//      booking tool the same value), then run the live checks again.
// No value is made here: a random one (the unsubscribe and erasure keys, Cal.com's webhook secret, Calendly's
// signing key, Razorpay's webhook secret) comes from `openssl rand`, the others from the service that issues them.
// OPERATOR_WRANGLER names another wrangler executable (the operator tests use a recording stand-in).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseConfig } from '../../src/config/index.ts';
import { SETTINGS } from '../../src/config/read/settings.ts';
import { liveChecks } from './live-checks.mjs';
import {
  graphMessage,
  parseArgs,
  readSecrets,
  readWranglerConfig,
  secretsFileProblems,
  updateSecretsFile,
  WRANGLER,
  wranglerEnv,
} from './settings-source.mjs';
import { privateKeyProblem } from './preflight.mjs';
import { GRAPH_VERSION } from './whatsapp-templates.mjs';

/** Which live checks prove a secret works: the preflight's checks of its service. */
const SERVICE = {
  WHATSAPP_TOKEN: 'whatsapp',
  FIRESTORE_CLIENT_EMAIL: 'firestore',
  FIRESTORE_PRIVATE_KEY: 'firestore',
  FIRESTORE_PROJECT_ID: 'firestore',
  TURNSTILE_SECRET_KEY: 'turnstile',
  KIT_API_KEY: 'kit',
  MAILCHIMP_API_KEY: 'mailchimp',
  RAZORPAY_KEY_SECRET: 'razorpay',
};
/** Replays cover the last 7 days: the ledger keeps failed rows at least that long. */
const REPLAY_DAYS = 7;

const wrangler = process.env.OPERATOR_WRANGLER ? [process.env.OPERATOR_WRANGLER] : WRANGLER;
function runWrangler(args) {
  const r = spawnSync(wrangler[0], [...wrangler.slice(1), ...args], {
    env: wranglerEnv,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() };
}

async function readInput(fromFile) {
  if (fromFile) return readFileSync(fromFile, 'utf8');
  if (process.stdin.isTTY) {
    process.stderr.write('Paste the new value, then Ctrl-D on a line of its own:\n');
  }
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

/** The new values a rotation of NAME puts: one, or the service account's email and key together. */
export function newValues(name, input) {
  const text = input.replace(/\r?\n$/, '');
  if (name.startsWith('FIRESTORE_') && text.trim().startsWith('{')) {
    const json = JSON.parse(text);
    if (typeof json.private_key !== 'string' || typeof json.client_email !== 'string') {
      throw new Error('the JSON has no client_email and private_key: use the key file of the service account');
    }
    return { FIRESTORE_CLIENT_EMAIL: json.client_email, FIRESTORE_PRIVATE_KEY: json.private_key };
  }
  if (text.trim() === '') throw new Error(`no new value for ${name} (give --from-file, or pipe it on stdin)`);
  return { [name]: name === 'FIRESTORE_PRIVATE_KEY' ? text : text.trim() };
}

export async function rotate(args, input, log = console.log) {
  if (!['staging', 'production'].includes(args.env)) throw new Error('say which environment: --env staging|production');
  if (!args.secretsFile)
    throw new Error('--secrets-file FILE is needed: the new value is checked with its other values');
  if (args.names.length !== 1) throw new Error('name exactly one secret to rotate, e.g. WHATSAPP_TOKEN');
  const [name] = args.names;
  const setting = SETTINGS.find((s) => s.name === name);
  if (!setting || setting.kind !== 'secret') throw new Error(`${name} is not a secret of this site`);

  const updates = newValues(name, input);
  const problems = secretsFileProblems('{}', updates);
  const keyProblem = privateKeyProblem(updates.FIRESTORE_PRIVATE_KEY);
  if (keyProblem) problems.push(`FIRESTORE_PRIVATE_KEY ${keyProblem}`);
  const vars = (await readWranglerConfig(args.config, args.env)).vars;
  const current = readSecrets(args).values ?? {};
  const config = parseConfig({ ...vars, ...current, ...updates });
  problems.push(...config.problems.filter((p) => p.setting in updates).map((p) => `${p.setting}: ${p.message}`));
  const service = SERVICE[name];
  if (problems.length === 0 && service) {
    const results = (await liveChecks(config)).filter((r) => r.service === service);
    for (const r of results) log(`  live ${r.service} ${r.check}: ${r.ok ? 'ok' : 'FAIL'}: ${r.detail}`);
    problems.push(...results.filter((r) => !r.ok).map((r) => `${r.service} ${r.check}: ${r.detail}`));
  }
  if (problems.length > 0) {
    throw new Error(`the new value does not work; nothing changed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  log(`1. the new ${Object.keys(updates).join(' and ')} ${service ? 'work' : 'are well formed'}`);

  // One version with every new value (a Firestore email and key never go live apart).
  const dir = mkdtempSync(path.join(tmpdir(), 'rotate-'));
  const bulk = path.join(dir, 'secrets.json');
  try {
    writeFileSync(bulk, JSON.stringify(updates), { mode: 0o600 });
    const put = runWrangler(['secret', 'bulk', bulk, '--env', args.env, '--config', args.config]);
    if (!put.ok) throw new Error(`wrangler secret bulk failed; the Worker keeps the old value:\n${put.out}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  updateSecretsFile(args.secretsFile, updates);
  log(`2. put as a new version of the Worker (wrangler secret bulk), and written into ${args.secretsFile}`);

  const todo = [];
  if (name === 'WHATSAPP_TOKEN') {
    await checkMessage(config, log);
    const since = new Date(Date.now() - REPLAY_DAYS * 86_400_000).toISOString();
    const sql =
      "UPDATE deliveries SET status = 'replay' WHERE audience IN ('owner', 'digest') AND status IN ('failed', 'dead') " +
      `AND last_error_code IN ('190', 'not_configured') AND created_at >= '${since}'`;
    const marked = runWrangler([
      'd1',
      'execute',
      'DB',
      '--remote',
      '--env',
      args.env,
      '--config',
      args.config,
      '--command',
      sql,
    ]);
    if (!marked.ok) {
      todo.push(
        `mark the failed owner messages for replay by hand (docs/deploy.md, "Resending after a fix"):\n${marked.out}`,
      );
    } else {
      log(`4. owner messages that failed with an expired token since ${since.slice(0, 10)} are marked for replay;`);
      log('   the next cron run (within 15 minutes) sends each once');
    }
  }
  todo.push(
    {
      WHATSAPP_TOKEN: 'revoke the old token: Business settings → System users → the user → Revoke tokens',
      FIRESTORE_PRIVATE_KEY: 'delete the old key: Google Cloud console → IAM → Service accounts → the account → Keys',
      FIRESTORE_CLIENT_EMAIL: 'delete the old key: Google Cloud console → IAM → Service accounts → the account → Keys',
      TURNSTILE_SECRET_KEY: "end the old secret's grace period in Turnstile if it may have leaked",
      UNSUBSCRIBE_SECRET:
        'the unsubscribe links in letters already sent stop working (they show "This link does not work"): ' +
        'rotate only if the old value leaked, and tell subscribers who write in to use the link of a newer letter',
      WHATSAPP_APP_SECRET:
        'reset the app secret in Meta (App settings → Basic) to this value now: until both match, every webhook ' +
        'is refused (401) and Meta retries it for days, so no delivery receipt or visitor message is lost, only late',
      WHATSAPP_WEBHOOK_VERIFY_TOKEN:
        'save the same verify token in Meta (WhatsApp → Configuration → Webhook) the next time the callback is ' +
        'verified; events already subscribed keep arriving meanwhile',
      ERASURE_KEY:
        'rotate only if the old value leaked: erasures of the last 30 days no longer stop a replayed event or a ' +
        'queued job for the people erased, the ledger keys a WhatsApp sender anew (one more alert of the current ' +
        'hour may go out), and the erasure-proof of older erasures is lost; erase those people again after rotating',
      KIT_API_KEY: 'delete the old key in Kit (Settings → Developer), then resend refused sign-ups from the desk',
      MAILCHIMP_API_KEY:
        'disable the old key in Mailchimp (Account → Extras → API keys), then resend refused sign-ups from the desk',
      KIT_WEBHOOK_SECRET:
        'Kit makes this secret, not you: create a new webhook endpoint in Kit (Settings → Developer → Webhooks, the ' +
        'same URL and events), rotate to the secret it shows, then delete the old endpoint; deliveries refused (401) ' +
        'meanwhile are retried by Kit',
      MAILCHIMP_WEBHOOK_SECRET:
        'edit the webhook in Mailchimp now (Audience → Settings → Webhooks) to end its URL with the new value: until ' +
        'then each event posts to the old address and gets 404, and does not come back (docs/deploy.md, section 5b)',
      CALCOM_WEBHOOK_SECRET:
        'paste the same value as the secret of the webhook in Cal.com now (Settings → Developer → Webhooks → the ' +
        'webhook → Secret → Save): until both match, each booking is refused (401) and Cal.com does not send it ' +
        'again, so a call booked meanwhile is only on Cal.com, not on the desk',
      CALENDLY_WEBHOOK_SIGNING_KEY:
        'check that the Calendly webhook subscription is the one created with this value as signing_key, and that ' +
        'the old subscription is deleted (docs/deploy.md, "Booking webhooks"): deliveries refused (401) meanwhile ' +
        'are retried by Calendly for 24 hours, so they arrive late, not lost',
      RAZORPAY_KEY_SECRET:
        'if RAZORPAY_KEY_ID changed with the secret (Razorpay regenerates the pair), deploy now: the new id in ' +
        'wrangler.toml goes live only with a deploy, and until then every payment request is refused. Then check ' +
        'that the old key no longer works in Razorpay (Account & Settings → API keys)',
      RAZORPAY_WEBHOOK_SECRET:
        'paste the same value as the secret of the webhook in Razorpay now (Account & Settings → Webhooks → the ' +
        'webhook → Edit → Secret → Save). Until both match, each payment event is refused (401) and Razorpay retries ' +
        'it for 24 hours; an event first sent before the change keeps its old signature and is never taken, so ' +
        'check the webhook\'s failed deliveries in Razorpay against /desk/payments (docs/deploy.md, "Payments")',
    }[name] ?? `the old ${name} no longer matters once the new version is live`,
    `run the live checks again: npm run preflight -- --env ${args.env} --secrets-file ${args.secretsFile}`,
    'open /desk/health after the next cron run (15 minutes): it should say Working',
  );
  log('\nStill to do:', ...todo.map((t, i) => `\n  ${i + 1}. ${t}`));
  return { updates: Object.keys(updates) };
}

/** One harmless template to each owner with the new token: "0 more leads arrived in the last hour". */
async function checkMessage(config, log) {
  const { sending, apiUrl, owners } = config.whatsapp;
  if (!sending.ok) throw new Error(`WhatsApp is not configured: ${sending.reason}`);
  const desk = `${config.site.url.replace(/\/+$/, '')}/desk`;
  let sent = 0;
  for (const owner of owners) {
    const res = await fetch(`${apiUrl}/${GRAPH_VERSION}/${encodeURIComponent(sending.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sending.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: owner.phone,
        type: 'template',
        template: {
          name: 'hourly_digest',
          language: { code: 'en' },
          components: [
            { type: 'body', parameters: [owner.name, '0', '0', desk].map((text) => ({ type: 'text', text })) },
          ],
        },
      }),
    });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`the check message to ${owner.name} failed: ${graphMessage(res.status, json)}`);
    sent++;
  }
  log(`3. a check message ("0 more leads") went to ${sent} owner(s) with the new token`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const args = parseArgs(process.argv.slice(2));
    await rotate(args, await readInput(args.fromFile));
  } catch (err) {
    console.error(`rotate: ${err.message}`);
    process.exit(1);
  }
}
