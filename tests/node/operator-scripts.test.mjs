// The operator scripts against the stand-ins (Node's test runner: they are Node programs, not Worker code).
// The stand-ins serve https with a certificate made here, because deployed settings must be https.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import https from 'node:https';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startStandins } from '../../scripts/standins/index.mjs';
import { EXPECT } from '../../scripts/standins/graph.mjs';
import '../../scripts/standins/google.mjs';
import '../../scripts/standins/turnstile.mjs';
import { ALL_TEMPLATES, parameterCount } from '../../src/notify/whatsapp-templates.ts';

const PORT = Number(process.env.OPERATOR_STANDIN_PORT || 8306);
const BASE = `https://127.0.0.1:${PORT}`;
const TOKEN = 'EAAG-operator-test-token';
const dir = mkdtempSync(path.join(tmpdir(), 'operator-scripts-'));
const certFile = path.join(dir, 'cert.pem');
let server;

const key = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = key.privateKey.export({ type: 'pkcs8', format: 'pem' });
const publicPem = key.publicKey.export({ type: 'spki', format: 'pem' });
const otherPublicPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
  type: 'spki',
  format: 'pem',
});

/** wrangler.toml with the production environment pointed at the stand-ins and every placeholder filled in. */
function standinConfig() {
  const config = path.join(process.cwd(), '.wrangler', `operator-test-${PORT}`, 'wrangler.toml');
  mkdirSync(path.dirname(config), { recursive: true });
  const source = readFileSync('wrangler.toml', 'utf8')
    .replace('main = "src/index.ts"', 'main = "../../src/index.ts"')
    .replace('directory = "./public"', 'directory = "../../public"')
    .replaceAll('migrations_dir = "migrations"', 'migrations_dir = "../../migrations"')
    .replaceAll('https://graph.facebook.com', `${BASE}/graph`)
    .replaceAll('REPLACE_WITH_PHONE_NUMBER_ID', EXPECT.phoneNumberId)
    .replaceAll('REPLACE_WITH_WHATSAPP_BUSINESS_ACCOUNT_ID', EXPECT.businessAccountId)
    .replaceAll('REPLACE_WITH_TURNSTILE_SITE_KEY', '1x00000000000000000000AA')
    .replaceAll('https://REPLACE_WITH_TEAM.cloudflareaccess.com', 'https://coach-team.cloudflareaccess.com')
    .replaceAll(/REPLACE_WITH_(STAGING|PRODUCTION)_ACCESS_AUD/g, 'aud-tag-of-the-desk-application')
    .replaceAll('TURNSTILE_VERIFY_URL = ""', `TURNSTILE_VERIFY_URL = "${BASE}/turnstile/siteverify"`)
    .replaceAll('example.com', 'coach.test');
  writeFileSync(config, source);
  return config;
}

function secretsFile(overrides = {}) {
  const file = path.join(dir, `secrets-${Math.random().toString(36).slice(2)}.json`);
  const secrets = {
    WHATSAPP_TOKEN: TOKEN,
    OWNER_PHONES: '+919800000001,+919800000002',
    FIRESTORE_PROJECT_ID: 'coach-leads',
    FIRESTORE_CLIENT_EMAIL: 'site-writer@coach-leads.iam.gserviceaccount.com',
    FIRESTORE_PRIVATE_KEY: privatePem,
    TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
    WHATSAPP_WEBHOOK_VERIFY_TOKEN: 'verify-token-for-meta',
    WHATSAPP_APP_SECRET: 'app-secret-from-meta',
    ...overrides,
  };
  writeFileSync(file, JSON.stringify(Object.fromEntries(Object.entries(secrets).filter(([, v]) => v !== undefined))));
  return file;
}

function run(script, args, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: {
        ...process.env,
        NODE_EXTRA_CA_CERTS: certFile,
        PREFLIGHT_GOOGLE_TOKEN_URL: `${BASE}/google/token`,
        PREFLIGHT_FIRESTORE_URL: `${BASE}/google`,
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** The stand-ins' control API (this process trusts the test certificate explicitly; the scripts get NODE_EXTRA_CA_CERTS). */
function control(body) {
  const data = Buffer.from(JSON.stringify(body ?? {}));
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${BASE}/__control`,
      { method: body ? 'POST' : 'DELETE', ca: readFileSync(certFile), headers: { 'content-length': data.length } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const approvedTemplates = () =>
  ALL_TEMPLATES.map((t) => ({ name: t.name, language: 'en', category: t.category, status: 'APPROVED' }));

async function configureServices(extra = {}) {
  await control();
  await control({ service: 'graph', tokens: [TOKEN], managed: approvedTemplates(), ...extra.graph });
  await control({
    service: 'google',
    projectId: 'coach-leads',
    trusted: { 'site-writer@coach-leads.iam.gserviceaccount.com': publicPem },
    ...extra.google,
  });
}

before(async () => {
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  assert.equal(r.status, 0, 'openssl could not make a test certificate');
  server = await startStandins(PORT, {
    tls: { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(certFile) },
  });
});
after(() => server?.close());

describe('the top level of wrangler.toml is never deployed', { timeout: 120_000 }, () => {
  it('npm run deploy without --env, or with an environment that is not deployed, refuses and changes nothing', async () => {
    for (const args of [[], ['--env', 'development'], ['--env', 'dev']]) {
      const { code, out } = await run('scripts/deploy.mjs', args);
      assert.equal(code, 2, out);
      assert.match(out, /say which environment: npm run deploy -- --env staging\|production/);
    }
  });

  it('the preflight of a top level that says ENVIRONMENT=production fails and says why', async () => {
    const toml = readFileSync('wrangler.toml', 'utf8').replace(
      'ENVIRONMENT = "development"',
      'ENVIRONMENT = "production"',
    );
    const config = path.join(process.cwd(), '.wrangler', 'top-level-production.toml');
    mkdirSync(path.dirname(config), { recursive: true });
    writeFileSync(config, toml);
    const { code, out } = await run('scripts/preflight.mjs', ['--config', config]);
    assert.equal(code, 1, out);
    assert.match(out, /ENVIRONMENT=production at the top level of .*: the top level is development only/);
  });
});

describe('npm run preflight', { timeout: 600_000 }, () => {
  it('fails on a fresh clone for production, naming every secret it cannot confirm and every placeholder', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'no-login-'));
    const { code, out } = await run('scripts/preflight.mjs', ['--env', 'production'], {
      HOME: home,
      XDG_CONFIG_HOME: home,
      CLOUDFLARE_API_TOKEN: '',
      CLOUDFLARE_ACCOUNT_ID: '',
    });
    assert.equal(code, 1, out);
    for (const name of [
      'WHATSAPP_TOKEN',
      'OWNER_PHONES',
      'FIRESTORE_PROJECT_ID',
      'FIRESTORE_CLIENT_EMAIL',
      'FIRESTORE_PRIVATE_KEY',
      'TURNSTILE_SECRET_KEY',
    ]) {
      assert.match(out, new RegExp(`\\| ${name} +\\| secret \\| unknown `), `${name} row`);
      assert.match(out, new RegExp(`- ${name}: cannot tell whether it is set`));
    }
    assert.match(out, /Cannot tell which secrets are set/);
    assert.match(out, /\| WHATSAPP_PHONE_NUMBER_ID +\| var +\| placeholder /);
    assert.match(out, /\| SITE_URL +\| var +\| placeholder .*www\.example\.com/);
    assert.match(out, /route www\.example\.com: still a placeholder domain/);
  });

  it('names each missing secret of an incomplete production configuration', async () => {
    const { code, out } = await run('scripts/preflight.mjs', [
      '--env',
      'production',
      '--secrets-file',
      secretsFile({ OWNER_PHONES: undefined, FIRESTORE_PRIVATE_KEY: undefined, TURNSTILE_SECRET_KEY: undefined }),
    ]);
    assert.equal(code, 1, out);
    assert.match(out, /\| OWNER_PHONES +\| secret \| missing +\| OWNER_PHONES is empty/);
    assert.match(
      out,
      /\| FIRESTORE_PRIVATE_KEY +\| secret \| missing +\| Firestore is partly configured: FIRESTORE_PRIVATE_KEY is missing/,
    );
    assert.match(out, /\| TURNSTILE_SECRET_KEY +\| secret \| missing /);
    assert.match(out, /\| WHATSAPP_TOKEN +\| secret \| ok /);
  });

  it('passes with the stand-ins configured, and --live reports each service', async () => {
    await configureServices();
    const { code, out } = await run('scripts/preflight.mjs', [
      '--env',
      'production',
      '--config',
      standinConfig(),
      '--secrets-file',
      secretsFile(),
      '--live',
    ]);
    assert.equal(code, 0, out);
    assert.match(out, /\| whatsapp +\| phone number id +\| ok: \+91 98000 00000/);
    for (const t of ALL_TEMPLATES)
      assert.match(out, new RegExp(`\\| whatsapp +\\| template ${t.name} +\\| ok: APPROVED`));
    assert.match(out, /\| firestore +\| token exchange +\| ok/);
    assert.match(out, /\| firestore +\| one read +\| ok: project coach-leads answers/);
    assert.match(out, /\| turnstile +\| siteverify +\| ok: secret accepted/);
    assert.match(out, /preflight: all settings ok/);
    // The second channel is optional: without OWNER_EMAILS the preflight says so, as a warning.
    assert.match(
      out,
      /Warnings:\n {2}- OWNER_EMAILS is not set: when WhatsApp fails, the owners are not told by email\./,
    );
  });

  it('reports an expired WhatsApp token (code 190) and fails', async () => {
    await configureServices({ graph: { expiredTokens: [TOKEN] } });
    const { code, out } = await run('scripts/preflight.mjs', [
      '--env',
      'production',
      '--config',
      standinConfig(),
      '--secrets-file',
      secretsFile(),
      '--live',
    ]);
    assert.equal(code, 1, out);
    assert.match(
      out,
      /\| whatsapp +\| phone number id +\| FAIL: access token expired or invalid \(code 190: Error validating access token: Session has expired/,
    );
  });

  it('reports a Firestore key that Google refuses and fails', async () => {
    await configureServices({
      google: { trusted: { 'site-writer@coach-leads.iam.gserviceaccount.com': otherPublicPem } },
    });
    const { code, out } = await run('scripts/preflight.mjs', [
      '--env',
      'production',
      '--config',
      standinConfig(),
      '--secrets-file',
      secretsFile(),
      '--live',
    ]);
    assert.equal(code, 1, out);
    assert.match(
      out,
      /\| firestore +\| token exchange +\| FAIL: Google refused the key: HTTP 400: invalid_grant Invalid JWT Signature\./,
    );
  });

  it('reports templates that are missing or not approved yet', async () => {
    await configureServices({
      graph: { managed: [{ name: 'journey_users', language: 'en', category: 'UTILITY', status: 'PENDING' }] },
    });
    const { code, out } = await run('scripts/preflight.mjs', [
      '--env',
      'production',
      '--config',
      standinConfig(),
      '--secrets-file',
      secretsFile(),
      '--live',
    ]);
    assert.equal(code, 1, out);
    assert.match(out, /template journey_users +\| FAIL: PENDING/);
    assert.match(out, /template journey_owner +\| FAIL: missing: run npm run whatsapp:templates/);
  });
});

describe('npm run whatsapp:templates', { timeout: 300_000 }, () => {
  it('creates the missing templates with the right parameter counts, and a second run changes nothing', async () => {
    await configureServices({ graph: { managed: [] } });
    const args = ['--env', 'production', '--config', standinConfig(), '--secrets-file', secretsFile()];
    const first = await run('scripts/whatsapp-templates.mjs', args);
    assert.equal(first.code, 0, first.out);
    assert.match(first.out, new RegExp(`${ALL_TEMPLATES.length} created, 0 already there`));
    const state = await control({ service: 'graph' });
    const created = state.config.graph.managed;
    assert.deepEqual(
      created.map((t) => t.name),
      ALL_TEMPLATES.map((t) => t.name),
    );
    for (const definition of ALL_TEMPLATES) {
      const sent = state.received.graph.find((r) => r.method === 'POST' && JSON.parse(r.body).name === definition.name);
      const body = JSON.parse(sent.body);
      const header = body.components.find((c) => c.type === 'HEADER');
      const bodyText = body.components.find((c) => c.type === 'BODY');
      assert.equal(header?.example?.header_text?.length ?? 0, parameterCount(definition.header));
      assert.equal(bodyText.example?.body_text?.[0]?.length ?? 0, parameterCount(definition.body));
    }
    const second = await run('scripts/whatsapp-templates.mjs', args);
    assert.equal(second.code, 0, second.out);
    assert.match(second.out, new RegExp(`0 created, ${ALL_TEMPLATES.length} already there`));
    const after = await control({ service: 'graph' });
    assert.equal(after.received.graph.filter((r) => r.method === 'POST').length, ALL_TEMPLATES.length);
  });
});
