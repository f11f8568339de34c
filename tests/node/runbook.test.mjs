// The runbook rehearsed (docs/deploy.md), its commands in the order an operator meets them, against the https
// stand-ins for Meta, Google and Turnstile and a recording stand-in for wrangler (nothing reaches an account):
// the secrets file, the preflight's refusals, template creation, number registration, the preflight passing,
// the deploy (live checks, Time Travel bookmark, migrations, a tagged version), a rotation of the WhatsApp
// token, a rollback (the previous version deployed with today's secrets), a rotation of the Firestore key. The
// production build started locally with production's settings is ./runbook-local-production.test.mjs. A runbook
// step that stops working fails here.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SETTINGS } from '../../src/config/read/settings.ts';
import { ALL_TEMPLATES, requiredTemplates } from '../../src/notify/whatsapp/whatsapp-templates.ts';
import {
  approvedTemplates,
  configureServices,
  control,
  dir,
  privatePem,
  publicPem,
  recordingWrangler,
  run,
  secretsFile,
  standinConfig,
  TOKEN,
} from './support/operator.mjs';

const PIN = '314159';
const NEW_TOKEN = 'EAAG-rotated-token';
const config = standinConfig();
const secrets = secretsFile();
const env = ['--env', 'production', '--config', config];
/** The secrets file step 7 rotates the WhatsApp token in, and step 8 rolls back with. */
const rotated = secretsFile();

describe('the runbook, rehearsed', { timeout: 600_000 }, () => {
  it('1. secrets.env.example lists exactly the secrets, and a filled-in secrets file is ignored by git', () => {
    const example = readFileSync('secrets.env.example', 'utf8');
    const names = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]).sort();
    const secretNames = SETTINGS.filter((s) => s.kind === 'secret')
      .map((s) => s.name)
      .sort();
    assert.deepEqual(names, secretNames);
    for (const file of ['production.secrets.env', 'staging.secrets.env']) {
      assert.equal(spawnSync('git', ['check-ignore', '-q', file]).status, 0, `${file} is ignored by git`);
    }
  });

  it('2. the preflight refuses a var in the secrets file, a key cut at its first newline, and a "$" wrangler would expand', async () => {
    await configureServices();
    const withVar = path.join(dir, 'with-var.secrets.env');
    const current = JSON.parse(readFileSync(secrets, 'utf8'));
    writeFileSync(withVar, `${dotenv(current)}WHATSAPP_PHONE_NUMBER_ID=100000000000001\nSITE_NAME_TYPO=x\n`);
    let { code, out } = await run('scripts/ops/preflight.mjs', [...env, '--secrets-file', withVar]);
    assert.equal(code, 1, out);
    assert.match(
      out,
      /WHATSAPP_PHONE_NUMBER_ID is a var, not a secret: uploaded from the secrets file it would become a secret that overrides the var in wrangler\.toml\. Remove it from the secrets file/,
    );
    assert.match(out, /SITE_NAME_TYPO is not a setting this site reads: remove it from the secrets file/);

    const cut = secretsFile({ FIRESTORE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----' });
    ({ code, out } = await run('scripts/ops/preflight.mjs', [...env, '--secrets-file', cut]));
    assert.equal(code, 1, out);
    assert.match(out, /FIRESTORE_PRIVATE_KEY: is one line: the key was cut at its first newline/);
    const mangled = secretsFile({ FIRESTORE_PRIVATE_KEY: privatePem.replace(/[A-Za-z]{8}\n/, '\n') });
    ({ code, out } = await run('scripts/ops/preflight.mjs', [...env, '--secrets-file', mangled]));
    assert.equal(code, 1, out);
    assert.match(out, /FIRESTORE_PRIVATE_KEY: does not parse as a private key/);

    const dollar = path.join(dir, 'dollar.secrets.env');
    writeFileSync(dollar, dotenv({ ...current, WHATSAPP_APP_SECRET: 'ab$cd' }));
    ({ code, out } = await run('scripts/ops/preflight.mjs', [...env, '--secrets-file', dollar]));
    assert.equal(code, 1, out);
    assert.match(out, /WHATSAPP_APP_SECRET holds a "\$", which wrangler expands in a dotenv file: write it as \\\$/);
  });

  it('3. templates: created by npm run whatsapp:templates; the preflight fails while Meta reviews them', async () => {
    await configureServices({ graph: { managed: [], registered: false, pin: PIN } });
    const created = await run('scripts/ops/whatsapp-templates.mjs', [...env, '--secrets-file', secrets]);
    assert.equal(created.code, 0, created.out);
    assert.match(created.out, new RegExp(`${ALL_TEMPLATES.length} created`));
    // No --live: with a deployed environment's secrets file the live checks always run.
    const { code, out } = await run('scripts/ops/preflight.mjs', [...env, '--secrets-file', secrets]);
    assert.equal(code, 1, out);
    // The booking alerts are asked for only with a booking webhook on (tests/node/operator-scripts.test.mjs).
    for (const t of requiredTemplates({})) assert.match(out, new RegExp(`template ${t.name} +\\| FAIL: PENDING`));
    assert.match(
      out,
      /registration +\| FAIL: not registered with the Cloud API .*npm run whatsapp:register -- --env <name> --secrets-file FILE/,
    );
    // Meta approves them.
    await control({ service: 'graph', managed: approvedTemplates() });
  });

  it('4. the number: registered with the two-step PIN (a wrong PIN is refused), then read back', async () => {
    const wrong = await run('scripts/ops/whatsapp-register.mjs', [...env, '--secrets-file', secrets], {}, '000000\n');
    assert.equal(wrong.code, 1, wrong.out);
    assert.match(wrong.out, /registering failed: code 133005: Two step verification PIN Mismatch/);
    const right = await run('scripts/ops/whatsapp-register.mjs', [...env, '--secrets-file', secrets], {}, `${PIN}\n`);
    assert.equal(right.code, 0, right.out);
    assert.match(right.out, /is registered with the Cloud API \(status CONNECTED\)/);
    const again = await run('scripts/ops/whatsapp-register.mjs', [...env, '--secrets-file', secrets], {}, '');
    assert.equal(again.code, 0, again.out);
    assert.match(again.out, /already registered/);
  });

  it('5. the preflight passes: every setting, and the live checks of each service', async () => {
    const { code, out } = await run('scripts/ops/preflight.mjs', [...env, '--secrets-file', secrets]);
    assert.equal(code, 0, out);
    assert.match(out, /registration +\| ok: registered with the Cloud API/);
    assert.match(out, /preflight: all settings ok/);
    const skipped = await run('scripts/ops/preflight.mjs', [...env, '--secrets-file', secrets, '--skip-live']);
    assert.equal(skipped.code, 0, skipped.out);
    assert.match(skipped.out, /live checks: skipped \(--skip-live\)\. Nothing has shown that the token/);
  });

  it('6. the deploy: refused without the live checks; then bookmark, migrations and a tagged version, in that order', async () => {
    const wrangler = recordingWrangler();
    const refused = await run('scripts/ops/deploy.mjs', env, wrangler.env);
    assert.equal(refused.code, 2, refused.out);
    assert.match(refused.out, /pass --secrets-file production\.secrets\.env, or --skip-live/);
    assert.deepEqual(wrangler.calls(), []);

    const { code, out } = await run('scripts/ops/deploy.mjs', [...env, '--secrets-file', secrets], wrangler.env);
    assert.equal(code, 0, out);
    assert.match(out, /D1 bookmark before migrating: 00000085-/);
    assert.match(out, /npx wrangler d1 time-travel restore DB --bookmark=00000085-\S+ --env production/);
    const calls = wrangler.calls().map((c) => c.args);
    assert.deepEqual(
      calls.map((a) => a.slice(0, 3).join(' ')),
      ['d1 time-travel info', 'd1 migrations apply', 'deploy --env production'],
    );
    const deploy = calls[2];
    const tag = spawnSync('git', ['describe', '--always', '--dirty', '--abbrev=12'], {
      encoding: 'utf8',
    }).stdout.trim();
    assert.equal(deploy[deploy.indexOf('--tag') + 1], tag);
    assert.ok(deploy[deploy.indexOf('--message') + 1].length > 0);
    assert.equal(deploy[deploy.indexOf('--secrets-file') + 1], secrets);
    assert.ok(calls[1].includes('--remote'));
  });

  it('7. rotating the WhatsApp token: a token that does not work changes nothing; a working one is put, checked and replays', async () => {
    const wrangler = recordingWrangler();
    const file = rotated;
    const bad = await run(
      'scripts/ops/rotate.mjs',
      [...env, '--secrets-file', file, 'WHATSAPP_TOKEN'],
      wrangler.env,
      'EAAG-typo\n',
    );
    assert.equal(bad.code, 1, bad.out);
    assert.match(bad.out, /the new value does not work; nothing changed/);
    assert.deepEqual(wrangler.calls(), []);
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).WHATSAPP_TOKEN, TOKEN);

    // Meta issues the new token; the old one still works until the operator revokes it.
    await control({ service: 'graph', tokens: [TOKEN, NEW_TOKEN] });
    const before = (await control({ service: 'graph' })).received.graph.length;
    const { code, out } = await run(
      'scripts/ops/rotate.mjs',
      [...env, '--secrets-file', file, 'WHATSAPP_TOKEN'],
      wrangler.env,
      `${NEW_TOKEN}\n`,
    );
    assert.equal(code, 0, out);
    const calls = wrangler.calls();
    assert.deepEqual(calls[0].args.slice(0, 2), ['secret', 'bulk']);
    assert.deepEqual(calls[0].uploaded, { WHATSAPP_TOKEN: NEW_TOKEN });
    assert.deepEqual(calls[1].args.slice(0, 3), ['d1', 'execute', 'DB']);
    const sql = calls[1].args[calls[1].args.indexOf('--command') + 1];
    assert.match(sql, /^UPDATE deliveries SET status = 'replay' WHERE audience IN \('owner', 'digest'\)/);
    assert.match(sql, /last_error_code IN \('190', 'not_configured'\)/);
    // The file now holds the new token, so the next deploy does not bring the old one back.
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).WHATSAPP_TOKEN, NEW_TOKEN);
    // A check message to each owner, with the new token.
    const sends = (await control({ service: 'graph' })).received.graph
      .slice(before)
      .filter((r) => r.method === 'POST' && r.path.endsWith('/messages'));
    assert.deepEqual(
      sends.map((r) => [JSON.parse(r.body).to, JSON.parse(r.body).template.name, r.headers.authorization]),
      [
        ['+919800000001', 'hourly_digest', `Bearer ${NEW_TOKEN}`],
        ['+919800000002', 'hourly_digest', `Bearer ${NEW_TOKEN}`],
      ],
    );
    assert.match(out, /Still to do:\s+1\. revoke the old token/);
    assert.match(out, /npm run preflight -- --env production --secrets-file /);
  });

  it('7b. rotating the erasure key and the app secret says what each one breaks, not that it is harmless', async () => {
    const wrangler = recordingWrangler();
    const key = 'a-new-erasure-key-of-at-least-thirty-two-characters';
    const erasure = await run(
      'scripts/ops/rotate.mjs',
      [...env, '--secrets-file', rotated, 'ERASURE_KEY'],
      wrangler.env,
      `${key}\n`,
    );
    assert.equal(erasure.code, 0, erasure.out);
    assert.deepEqual(wrangler.calls()[0].uploaded, { ERASURE_KEY: key });
    assert.match(
      erasure.out,
      /Still to do:\s+1\. rotate only if the old value leaked: erasures of the last 30 days no longer stop/,
    );
    assert.doesNotMatch(erasure.out, /no longer matters/);
    const secret = await run(
      'scripts/ops/rotate.mjs',
      [...env, '--secrets-file', rotated, 'WHATSAPP_APP_SECRET'],
      recordingWrangler().env,
      'a-new-app-secret\n',
    );
    assert.equal(secret.code, 0, secret.out);
    assert.match(secret.out, /reset the app secret in Meta .* every webhook is refused \(401\)/s);
  });

  it("7c. rotating a booking webhook's key: a short one changes nothing; a new one is put and the tool named", async () => {
    const wrangler = recordingWrangler();
    const file = secretsFile();
    const short = await run(
      'scripts/ops/rotate.mjs',
      [...env, '--secrets-file', file, 'CALCOM_WEBHOOK_SECRET'],
      wrangler.env,
      'too-short\n',
    );
    assert.equal(short.code, 1, short.out);
    assert.match(short.out, /CALCOM_WEBHOOK_SECRET: CALCOM_WEBHOOK_SECRET must be at least 16 characters/);
    assert.deepEqual(wrangler.calls(), []);
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).CALCOM_WEBHOOK_SECRET, undefined);

    // docs/deploy.md, "Booking webhooks": openssl rand -hex 32, the same value pasted into Cal.com.
    const secret = 'f'.repeat(64);
    const calcom = await run(
      'scripts/ops/rotate.mjs',
      [...env, '--secrets-file', file, 'CALCOM_WEBHOOK_SECRET'],
      wrangler.env,
      `${secret}\n`,
    );
    assert.equal(calcom.code, 0, calcom.out);
    assert.deepEqual(wrangler.calls()[0].uploaded, { CALCOM_WEBHOOK_SECRET: secret });
    assert.equal(wrangler.calls().length, 1, 'no replay for a webhook key');
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).CALCOM_WEBHOOK_SECRET, secret);
    assert.match(calcom.out, /Still to do:\s+1\. paste the same value as the secret of the webhook in Cal\.com now/);
    assert.ok(!calcom.out.includes(secret), 'the rotation never prints the secret');

    const calendly = await run(
      'scripts/ops/rotate.mjs',
      [...env, '--secrets-file', file, 'CALENDLY_WEBHOOK_SIGNING_KEY'],
      recordingWrangler().env,
      `${'e'.repeat(64)}\n`,
    );
    assert.equal(calendly.code, 0, calendly.out);
    assert.match(calendly.out, /created with this value as signing_key.*retried by Calendly for 24 hours/s);
  });

  it("8. rolling back: the previous version deployed with today's secrets, a new bookmark first", async () => {
    // docs/deploy.md, "Roll back": git checkout <tag of the good version>, then the same deploy command. (The
    // checkout is the operator's; here the tree stays as it is.) The rotated token goes up, never the revoked one.
    const wrangler = recordingWrangler();
    const { code, out } = await run('scripts/ops/deploy.mjs', [...env, '--secrets-file', rotated], wrangler.env);
    assert.equal(code, 0, out);
    const calls = wrangler.calls();
    assert.deepEqual(
      calls.map((c) => c.args.slice(0, 3).join(' ')),
      ['d1 time-travel info', 'd1 migrations apply', 'deploy --env production'],
    );
    assert.equal(calls[2].uploaded.WHATSAPP_TOKEN, NEW_TOKEN);
    assert.match(
      out,
      /to restore the database: npx wrangler d1 time-travel restore DB --bookmark=\S+ --env production/,
    );
    const log = readFileSync(path.join('.wrangler', 'deploys-production.log'), 'utf8').trim().split('\n');
    assert.match(log.at(-1), /tag=\S+ bookmark=00000085-/);
  });

  it("9. rotating the Firestore key: the service account's JSON puts the email and key together, once Google accepts it", async () => {
    const wrangler = recordingWrangler();
    const file = secretsFile();
    const next = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = next.privateKey.export({ type: 'pkcs8', format: 'pem' });
    const account = JSON.stringify({
      type: 'service_account',
      client_email: 'site-writer@coach-leads.iam.gserviceaccount.com',
      private_key: key,
    });
    // Google does not know the new key yet: refused, nothing changed.
    const early = await run(
      'scripts/ops/rotate.mjs',
      [...env, '--secrets-file', file, 'FIRESTORE_PRIVATE_KEY'],
      wrangler.env,
      account,
    );
    assert.equal(early.code, 1, early.out);
    assert.match(early.out, /firestore token exchange: Google refused the key/);
    assert.deepEqual(wrangler.calls(), []);

    await control({
      service: 'google',
      trusted: {
        'site-writer@coach-leads.iam.gserviceaccount.com': next.publicKey.export({ type: 'spki', format: 'pem' }),
      },
    });
    const { code, out } = await run(
      'scripts/ops/rotate.mjs',
      [...env, '--secrets-file', file, 'FIRESTORE_PRIVATE_KEY'],
      wrangler.env,
      account,
    );
    assert.equal(code, 0, out);
    assert.deepEqual(wrangler.calls()[0].uploaded, {
      FIRESTORE_CLIENT_EMAIL: 'site-writer@coach-leads.iam.gserviceaccount.com',
      FIRESTORE_PRIVATE_KEY: key,
    });
    assert.equal(wrangler.calls().length, 1, 'no replay for a key');
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).FIRESTORE_PRIVATE_KEY, key);
    assert.match(out, /delete the old key: Google Cloud console/);
    await control({ service: 'google', trusted: { 'site-writer@coach-leads.iam.gserviceaccount.com': publicPem } });
  });
});

/** A secrets file in dotenv form, the private key in double quotes with \n escapes. */
function dotenv(values) {
  return Object.entries(values)
    .map(([k, v]) => `${k}=${v.includes('\n') ? `"${v.replace(/\n/g, '\\n')}"` : v}`)
    .join('\n')
    .concat('\n');
}
