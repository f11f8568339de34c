// The operator scripts' test harness: https stand-ins for Meta, Google, Turnstile, Kit, Mailchimp and Razorpay on one port (deployed settings
// must be https, so a certificate is made here), a wrangler.toml whose production environment points at them,
// secrets files, a recording stand-in for wrangler itself, and a runner for the scripts.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import https from 'node:https';
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { startStandins } from '../../standins/http/index.mjs';
import { EXPECT } from '../../standins/http/graph.mjs';
import '../../standins/http/google.mjs';
import '../../standins/http/turnstile.mjs';
import '../../standins/http/newsletter.mjs';
import '../../standins/http/razorpay.mjs';
import { ALL_TEMPLATES } from '../../../src/notify/whatsapp/whatsapp-templates.ts';

export const PORT = Number(process.env.OPERATOR_STANDIN_PORT || 8306);
export const BASE = `https://127.0.0.1:${PORT}`;
export const TOKEN = 'EAAG-operator-test-token';
export const dir = mkdtempSync(path.join(tmpdir(), 'operator-scripts-'));
/** The test certificate authority: what the scripts (NODE_EXTRA_CA_CERTS) and workerd (SSL_CERT_FILE) trust. */
export const caFile = path.join(dir, 'ca.pem');
const certFile = path.join(dir, 'cert.pem');
let server;

const key = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const privatePem = key.privateKey.export({ type: 'pkcs8', format: 'pem' });
export const publicPem = key.publicKey.export({ type: 'spki', format: 'pem' });
export const otherPublicPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
  type: 'spki',
  format: 'pem',
});

/**
 * wrangler.toml with the production environment pointed at the stand-ins and every placeholder filled in. It sits
 * beside wrangler.toml (ignored by git): wrangler resolves `tsconfig` against a configuration elsewhere twice.
 */
export function standinConfig() {
  const config = path.join(process.cwd(), `wrangler.operator-test-${PORT}.toml`);
  const source = readFileSync('wrangler.toml', 'utf8')
    .replaceAll('https://graph.facebook.com', `${BASE}/graph`)
    .replaceAll('REPLACE_WITH_PHONE_NUMBER_ID', EXPECT.phoneNumberId)
    .replaceAll('REPLACE_WITH_WHATSAPP_BUSINESS_ACCOUNT_ID', EXPECT.businessAccountId)
    .replaceAll('REPLACE_WITH_TURNSTILE_SITE_KEY', '1x00000000000000000000AA')
    .replaceAll('https://REPLACE_WITH_TEAM.cloudflareaccess.com', 'https://coach-team.cloudflareaccess.com')
    .replaceAll(/REPLACE_WITH_(STAGING|PRODUCTION)_ACCESS_AUD/g, 'aud-tag-of-the-desk-application')
    .replaceAll('TURNSTILE_VERIFY_URL = ""', `TURNSTILE_VERIFY_URL = "${BASE}/turnstile/siteverify"`)
    .replaceAll('https://api.kit.com', `${BASE}/kit`)
    .replaceAll('https://{dc}.api.mailchimp.com', `${BASE}/mailchimp/{dc}`)
    .replaceAll('https://api.razorpay.com', `${BASE}/razorpay`)
    .replaceAll('example.com', 'coach.test');
  writeFileSync(config, source);
  return config;
}

export function secretsFile(overrides = {}) {
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
    UNSUBSCRIBE_SECRET: 'unsubscribe-secret-of-the-operator-tests-0123456789',
    ERASURE_KEY: 'erasure-key-of-the-operator-tests-0123456789abcdef',
    ...overrides,
  };
  writeFileSync(file, JSON.stringify(Object.fromEntries(Object.entries(secrets).filter(([, v]) => v !== undefined))));
  return file;
}

export function run(script, args, extraEnv = {}, stdin = undefined) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: {
        ...process.env,
        NODE_EXTRA_CA_CERTS: caFile,
        PREFLIGHT_GOOGLE_TOKEN_URL: `${BASE}/google/token`,
        PREFLIGHT_FIRESTORE_URL: `${BASE}/google`,
        ...extraEnv,
      },
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (stdin !== undefined) child.stdin.end(stdin);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** The stand-ins' control API (this process trusts the test certificate explicitly; the scripts get NODE_EXTRA_CA_CERTS). */
/** The production preflight of `config` with a secrets file of `secrets`, with its live checks (`--live`) or not. */
export const preflightOf = (config, secrets, live = '--live') =>
  run('scripts/ops/preflight.mjs', [
    '--env',
    'production',
    '--config',
    config,
    '--secrets-file',
    secretsFile(secrets),
    live,
  ]);

export function control(body) {
  const data = Buffer.from(JSON.stringify(body ?? {}));
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${BASE}/__control`,
      { method: body ? 'POST' : 'DELETE', ca: readFileSync(caFile), headers: { 'content-length': data.length } },
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

export const approvedTemplates = () =>
  ALL_TEMPLATES.map((t) => ({ name: t.name, language: 'en', category: t.category, status: 'APPROVED' }));

export async function configureServices(extra = {}) {
  await control();
  await control({ service: 'graph', tokens: [TOKEN], managed: approvedTemplates(), ...extra.graph });
  await control({
    service: 'google',
    projectId: 'coach-leads',
    trusted: { 'site-writer@coach-leads.iam.gserviceaccount.com': publicPem },
    ...extra.google,
  });
}

/** openssl with its arguments; fails the suite when it cannot make the certificates. */
function openssl(...args) {
  const r = spawnSync('openssl', args, { stdio: 'ignore' });
  assert.equal(r.status, 0, `openssl ${args[0]} could not make a test certificate`);
}

/**
 * A certificate authority and a certificate for 127.0.0.1 signed by it (workerd's TLS refuses a self-signed
 * server certificate even when trusted: a CA may not be the end entity).
 */
function makeCertificates() {
  const at = (name) => path.join(dir, name);
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=Operator test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
    '-keyout',
    at('ca.key'),
    '-out',
    caFile,
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    at('key.pem'),
    '-out',
    at('leaf.csr'),
  );
  writeFileSync(
    at('leaf.cnf'),
    'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\nkeyUsage=digitalSignature,keyEncipherment\n',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    at('leaf.csr'),
    '-CA',
    caFile,
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    at('leaf.cnf'),
    '-out',
    certFile,
  );
  // For workerd (wrangler dev): the system's authorities and this one, as SSL_CERT_FILE.
  const system = ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt', '/etc/ssl/cert.pem'].find(
    (f) => existsSync(f),
  );
  writeFileSync(at('trust.pem'), `${system ? readFileSync(system, 'utf8') : ''}\n${readFileSync(caFile, 'utf8')}`);
}
/** A CA bundle that trusts the stand-ins, for workerd (SSL_CERT_FILE). */
export const trustFile = path.join(dir, 'trust.pem');

before(async () => {
  makeCertificates();
  server = await startStandins(PORT, {
    tls: { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(certFile) },
  });
});
after(() => server?.close());

/**
 * A wrangler that records each call (argv, and the secrets `secret bulk` or `deploy --secrets-file` upload) in a JSON lines file and answers
 * `d1 time-travel info` with a bookmark: for the scripts that would otherwise change a Cloudflare account.
 */
export function recordingWrangler() {
  const log = path.join(dir, `wrangler-calls-${Math.random().toString(36).slice(2)}.jsonl`);
  const bin = path.join(dir, `wrangler-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(
    bin,
    `#!${process.execPath}
import { appendFileSync, readFileSync } from 'node:fs';
const args = process.argv.slice(2);
const call = { args };
if (args[0] === 'secret' && args[1] === 'bulk') call.uploaded = JSON.parse(readFileSync(args[2], 'utf8'));
if (args[0] === 'deploy' && args.includes('--secrets-file')) call.uploaded = JSON.parse(readFileSync(args[args.indexOf('--secrets-file') + 1], 'utf8'));
appendFileSync(${JSON.stringify(log)}, JSON.stringify(call) + '\\n');
if (args.join(' ').startsWith('d1 time-travel info')) console.log(JSON.stringify({ bookmark: '00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683' }));
`,
  );
  chmodSync(bin, 0o755);
  const calls = () => {
    try {
      return readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
    } catch {
      return [];
    }
  };
  return { env: { OPERATOR_WRANGLER: bin }, calls };
}
