// The operator scripts with payments on (docs/deploy.md, section 5d): the preflight's payments section, its
// warnings and refusals, the live check of the Razorpay key against the https stand-in, and rotating the two
// Razorpay secrets. The harness (stand-ins, configuration, secrets files) is in ./support/operator.mjs.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { RAZORPAY_EXPECT } from '../standins/http/razorpay.mjs';
import {
  approvedTemplates,
  configureServices,
  control,
  preflightOf,
  recordingWrangler,
  run,
  secretsFile,
  standinConfig,
} from './support/operator.mjs';

const KEY_ID = 'rzp_live_OperatorTest01';
const WEBHOOK_SECRET = 'a-razorpay-webhook-secret-0123456789';

/** The stand-in configuration with payments on in every environment (and GST when `gst`), Razorpay at the stand-in. */
function paymentsConfig({ keyId = KEY_ID, gst = false } = {}) {
  const file = path.join(process.cwd(), `wrangler.operator-test-payments-${keyId}-${gst ? 'gst' : 'plain'}.toml`);
  let source = readFileSync(standinConfig(), 'utf8')
    .replaceAll('PAYMENT_PROVIDER = ""', 'PAYMENT_PROVIDER = "razorpay"')
    .replaceAll('RAZORPAY_KEY_ID = ""', `RAZORPAY_KEY_ID = "${keyId}"`)
    .replaceAll('BUSINESS_NAME = ""', 'BUSINESS_NAME = "Aliveness Coaching"')
    .replaceAll('BUSINESS_ADDRESS = ""', 'BUSINESS_ADDRESS = "12 MG Road, Bengaluru 560001"');
  if (gst)
    source = source
      .replaceAll('GSTIN = ""', 'GSTIN = "29ABCDE1234F1Z5"')
      .replaceAll('GST_STATE = ""', 'GST_STATE = "29"');
  writeFileSync(file, source);
  return file;
}

/** The payments preflight: without its live checks unless asked. */
const paymentsPreflight = (config, secrets, live = '--skip-live') => preflightOf(config, secrets, live);

const SECRETS = { RAZORPAY_KEY_SECRET: 'the-razorpay-key-secret', RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET };

describe('npm run preflight with payments', { timeout: 300_000 }, () => {
  it('says payment links and the webhook are on and what a receipt is, never printing a secret', async () => {
    const { code, out } = await paymentsPreflight(paymentsConfig(), SECRETS);
    assert.equal(code, 0, out);
    assert.match(out, /payments \(PAYMENT_PROVIDER=razorpay\):/);
    assert.match(out, /\| payment links +\| on: rzp_live_OperatorTest01 \(live key: real money\) +\|/);
    assert.match(
      out,
      /\| \/webhooks\/razorpay +\| on: RAZORPAY_WEBHOOK_SECRET is set; signed payments and refunds come back/,
    );
    assert.match(
      out,
      /\| receipts +\| plain receipts, not tax invoices \(GSTIN is not set\), numbered R\/<year>\/0001/,
    );
    assert.match(out, /the key has a live check \(--live\); the webhook secret has none/);
    assert.match(out, /Nor that Razorpay takes the key/);
    for (const secret of Object.values(SECRETS))
      assert.ok(!out.includes(secret), 'the preflight never prints a secret');

    const gst = await paymentsPreflight(paymentsConfig({ gst: true }), SECRETS);
    assert.equal(gst.code, 0, gst.out);
    assert.match(gst.out, /\| receipts +\| GST tax invoices \(GSTIN 29ABCDE1234F1Z5, state 29\)/);
  });

  it('without PAYMENT_PROVIDER says payments are off, in one line', async () => {
    const { code, out } = await paymentsPreflight(standinConfig(), {});
    assert.equal(code, 0, out);
    assert.match(
      out,
      /payments \(PAYMENT_PROVIDER is not set: no payment form on the desk, \/webhooks\/razorpay answers 404\)/,
    );
    assert.doesNotMatch(out, /\| payment links /);
  });

  it('warns, without failing, of a missing webhook secret and of a test key in production', async () => {
    const { code, out } = await paymentsPreflight(paymentsConfig({ keyId: 'rzp_test_OperatorTest01' }), {
      RAZORPAY_KEY_SECRET: SECRETS.RAZORPAY_KEY_SECRET,
    });
    assert.equal(code, 0, out);
    assert.match(out, /\| payment links +\| on: rzp_test_OperatorTest01 \(test key: no real money\)/);
    assert.match(out, /\| \/webhooks\/razorpay +\| off: RAZORPAY_WEBHOOK_SECRET is not set, so the route answers 404/);
    assert.match(
      out,
      /Warnings:\n(?: {2}- .*\n)* {2}- RAZORPAY_KEY_ID is a test key in production: payment links take no real money\./,
    );
    assert.match(
      out,
      /Warnings:\n(?: {2}- .*\n)* {2}- RAZORPAY_WEBHOOK_SECRET is not set: payments made on Razorpay do not come back to the desk\./,
    );
  });

  it('fails on a provider without its key secret and on a webhook secret too short to keep a forger out', async () => {
    const { code, out } = await paymentsPreflight(paymentsConfig(), { RAZORPAY_WEBHOOK_SECRET: 'short' });
    assert.equal(code, 1, out);
    assert.match(out, /\| payment links +\| off: PAYMENT_PROVIDER is razorpay but RAZORPAY_KEY_SECRET is not set\./);
    assert.match(out, /\| \/webhooks\/razorpay +\| off: RAZORPAY_WEBHOOK_SECRET must be at least 16 characters\./);
    assert.match(out, /\n {2}- RAZORPAY_KEY_SECRET: PAYMENT_PROVIDER is razorpay but RAZORPAY_KEY_SECRET is not set\./);
    assert.match(out, /\n {2}- RAZORPAY_WEBHOOK_SECRET: RAZORPAY_WEBHOOK_SECRET must be at least 16 characters\./);
  });
});

describe('npm run rotate RAZORPAY_WEBHOOK_SECRET', { timeout: 300_000 }, () => {
  it('a short secret changes nothing; a new one is put, written to the file, and Razorpay named', async () => {
    const config = paymentsConfig();
    const env = ['--env', 'production', '--config', config];
    const wrangler = recordingWrangler();
    const file = secretsFile(SECRETS);
    const short = await run(
      'scripts/ops/rotate.mjs',
      [...env, '--secrets-file', file, 'RAZORPAY_WEBHOOK_SECRET'],
      wrangler.env,
      'too-short\n',
    );
    assert.equal(short.code, 1, short.out);
    assert.match(short.out, /RAZORPAY_WEBHOOK_SECRET: RAZORPAY_WEBHOOK_SECRET must be at least 16 characters/);
    assert.deepEqual(wrangler.calls(), []);
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).RAZORPAY_WEBHOOK_SECRET, WEBHOOK_SECRET);

    const secret = 'c'.repeat(64);
    const put = await run(
      'scripts/ops/rotate.mjs',
      [...env, '--secrets-file', file, 'RAZORPAY_WEBHOOK_SECRET'],
      wrangler.env,
      `${secret}\n`,
    );
    assert.equal(put.code, 0, put.out);
    assert.deepEqual(wrangler.calls()[0].uploaded, { RAZORPAY_WEBHOOK_SECRET: secret });
    assert.equal(wrangler.calls().length, 1, 'no replay for a webhook secret');
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).RAZORPAY_WEBHOOK_SECRET, secret);
    assert.match(put.out, /Still to do:\s+1\. paste the same value as the secret of the webhook in Razorpay now/);
    assert.match(put.out, /an event first sent before the change keeps its old signature and is never taken/);
    assert.ok(!put.out.includes(secret), 'the rotation never prints the secret');
  });
});

describe('the live check of the Razorpay key', { timeout: 300_000 }, () => {
  const standinKey = () => paymentsConfig({ keyId: RAZORPAY_EXPECT.keyId });
  const secrets = (keySecret) => ({ RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });

  it('asks Razorpay for one payment link with the key, which changes nothing; a refused key fails the preflight', async () => {
    await configureServices();
    const ok = await paymentsPreflight(standinKey(), secrets(RAZORPAY_EXPECT.keySecret), '--live');
    assert.equal(ok.code, 0, ok.out);
    assert.match(ok.out, /\| razorpay +\| api key +\| ok: rzp_test_StandinKey0001 accepted \(test mode\)/);
    const asked = (await control({ service: 'razorpay' })).received.razorpay;
    assert.deepEqual(
      asked.map((r) => `${r.method} ${r.path}${r.search}`),
      ['GET /razorpay/v1/payment_links?count=1'],
    );

    const refused = await paymentsPreflight(standinKey(), secrets('an-old-revoked-secret'), '--live');
    assert.equal(refused.code, 1, refused.out);
    assert.match(refused.out, /\| razorpay +\| api key +\| FAIL: the key is refused \(HTTP 401\): RAZORPAY_KEY_ID and/);
    assert.match(refused.out, /\n {2}- razorpay api key: the key is refused \(HTTP 401\)/);
    assert.ok(!refused.out.includes('an-old-revoked-secret'), 'the preflight never prints a secret');
  });

  it('with payments on, the payment messages must be approved too', async () => {
    const managed = approvedTemplates().filter((t) => !t.name.startsWith('payment_'));
    await configureServices({ graph: { managed } });
    const { code, out } = await paymentsPreflight(standinKey(), secrets(RAZORPAY_EXPECT.keySecret), '--live');
    assert.equal(code, 1, out);
    assert.match(out, /template payment_request +\| FAIL: missing: run npm run whatsapp:templates/);
    assert.match(out, /template payment_received +\| FAIL: missing: run npm run whatsapp:templates/);
    const off = await paymentsPreflight(standinConfig(), {}, '--live');
    assert.equal(off.code, 0, off.out);
    assert.doesNotMatch(off.out, /template payment_/);
  });

  it('says what Razorpay answered when it fails otherwise', async () => {
    await configureServices();
    await control({ service: 'razorpay', fail: { status: 500 } });
    const { code, out } = await paymentsPreflight(standinKey(), secrets(RAZORPAY_EXPECT.keySecret), '--live');
    assert.equal(code, 1, out);
    assert.match(out, /\| razorpay +\| api key +\| FAIL: Razorpay answered HTTP 500: We are facing some trouble/);
  });
});

describe('npm run rotate RAZORPAY_KEY_SECRET', { timeout: 300_000 }, () => {
  it('a secret Razorpay refuses changes nothing; one it takes is put and written to the file', async () => {
    await configureServices();
    const env = ['--env', 'production', '--config', paymentsConfig({ keyId: RAZORPAY_EXPECT.keyId })];
    const wrangler = recordingWrangler();
    const file = secretsFile({ RAZORPAY_KEY_SECRET: 'the-old-secret', RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
    const wrong = await run(
      'scripts/ops/rotate.mjs',
      [...env, '--secrets-file', file, 'RAZORPAY_KEY_SECRET'],
      wrangler.env,
      'not-the-new-secret\n',
    );
    assert.equal(wrong.code, 1, wrong.out);
    assert.match(wrong.out, /live razorpay api key: FAIL: the key is refused/);
    assert.match(wrong.out, /the new value does not work; nothing changed/);
    assert.deepEqual(wrangler.calls(), []);
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).RAZORPAY_KEY_SECRET, 'the-old-secret');

    const right = await run(
      'scripts/ops/rotate.mjs',
      [...env, '--secrets-file', file, 'RAZORPAY_KEY_SECRET'],
      wrangler.env,
      `${RAZORPAY_EXPECT.keySecret}\n`,
    );
    assert.equal(right.code, 0, right.out);
    assert.match(right.out, /live razorpay api key: ok/);
    assert.deepEqual(wrangler.calls()[0].uploaded, { RAZORPAY_KEY_SECRET: RAZORPAY_EXPECT.keySecret });
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).RAZORPAY_KEY_SECRET, RAZORPAY_EXPECT.keySecret);
    assert.match(
      right.out,
      /Still to do:\s+1\. if RAZORPAY_KEY_ID changed with the secret \(Razorpay regenerates the pair\), deploy now/,
    );
  });
});
