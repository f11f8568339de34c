// The operator scripts against the stand-ins (Node's test runner: they are Node programs, not Worker code).
// The harness (https stand-ins, configuration, secrets files) is in ./support/operator.mjs.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ALL_TEMPLATES, parameterCount, requiredTemplates } from '../../src/notify/whatsapp/whatsapp-templates.ts';
import { SENTINELS } from '../standins/sentinels.mjs';
import {
  configureServices,
  control,
  otherPublicPem,
  preflightOf,
  run,
  secretsFile,
  standinConfig,
  TOKEN,
} from './support/operator.mjs';

describe('the top level of wrangler.toml is never deployed', { timeout: 120_000 }, () => {
  it('npm run deploy without --env, or with an environment that is not deployed, refuses and changes nothing', async () => {
    for (const args of [[], ['--env', 'development'], ['--env', 'dev']]) {
      const { code, out } = await run('scripts/ops/deploy.mjs', args);
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
    const { code, out } = await run('scripts/ops/preflight.mjs', ['--config', config]);
    assert.equal(code, 1, out);
    assert.match(out, /ENVIRONMENT=production at the top level of .*: the top level is development only/);
  });
});

/** The production preflight with its live checks, against the stand-ins, with every secret set (and `extra`). */
const livePreflight = (extra = {}) =>
  run('scripts/ops/preflight.mjs', [
    '--env',
    'production',
    '--config',
    standinConfig(),
    '--secrets-file',
    secretsFile(extra),
    '--live',
  ]);

describe('npm run preflight', { timeout: 600_000 }, () => {
  it('fails on a fresh clone for production, naming every secret it cannot confirm and every placeholder', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'no-login-'));
    const { code, out } = await run('scripts/ops/preflight.mjs', ['--env', 'production'], {
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
    const { code, out } = await run('scripts/ops/preflight.mjs', [
      '--env',
      'production',
      '--secrets-file',
      secretsFile({ OWNER_PHONES: undefined, FIRESTORE_PRIVATE_KEY: undefined, TURNSTILE_SECRET_KEY: undefined }),
      '--skip-live', // the real wrangler.toml names Meta's and Google's addresses: nothing here goes there
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
    const { code, out } = await livePreflight();
    assert.equal(code, 0, out);
    assert.match(out, /\| whatsapp +\| phone number id +\| ok: \+91 98000 00000/);
    for (const t of requiredTemplates({}))
      assert.match(out, new RegExp(`\\| whatsapp +\\| template ${t.name} +\\| ok: APPROVED`));
    // Without a booking webhook the booking alerts are never sent: their approval is not asked for.
    assert.doesNotMatch(out, /template call_booked/);
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
    const { code, out } = await livePreflight();
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
    const { code, out } = await livePreflight();
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
    const { code, out } = await livePreflight();
    assert.equal(code, 1, out);
    assert.match(out, /template journey_users +\| FAIL: PENDING/);
    assert.match(out, /template journey_owner +\| FAIL: missing: run npm run whatsapp:templates/);
  });

  it('asks for the booking alerts’ templates once a booking webhook is on', async () => {
    const sent = ALL_TEMPLATES.filter((t) => t.onlyWith !== 'bookings');
    await configureServices({
      graph: { managed: sent.map((t) => ({ name: t.name, language: 'en', category: t.category, status: 'APPROVED' })) },
    });
    const { code, out } = await livePreflight({ CALCOM_WEBHOOK_SECRET: 'calcom-webhook-secret-of-the-tests' });
    assert.equal(code, 1, out);
    assert.match(out, /template call_booked +\| FAIL: missing: run npm run whatsapp:templates/);
    assert.match(out, /template call_cancelled +\| FAIL: missing: run npm run whatsapp:templates/);
    assert.match(out, /template quiz_owner +\| ok: APPROVED/);
  });

  it('asks for the reminder templates only with a booking webhook on and CALL_REMINDERS listing an hour', async () => {
    const sent = ALL_TEMPLATES.filter((t) => t.onlyWith !== 'reminders');
    await configureServices({
      graph: { managed: sent.map((t) => ({ name: t.name, language: 'en', category: t.category, status: 'APPROVED' })) },
    });
    const webhook = { CALCOM_WEBHOOK_SECRET: 'calcom-webhook-secret-of-the-tests' };
    const on = await livePreflight(webhook);
    assert.equal(on.code, 1, on.out);
    assert.match(on.out, /template call_reminder +\| FAIL: missing: run npm run whatsapp:templates/);
    assert.match(on.out, /template call_rebook +\| FAIL: missing: run npm run whatsapp:templates/);
    assert.match(on.out, /template call_booked +\| ok: APPROVED/);
    // The same production settings with CALL_REMINDERS empty: reminders off, neither is asked for.
    const off = standinConfig().replace(/\.toml$/, '-no-reminders.toml');
    writeFileSync(
      off,
      readFileSync(standinConfig(), 'utf8').replaceAll('CALL_REMINDERS = "24,1"', 'CALL_REMINDERS = ""'),
    );
    const args = ['--env', 'production', '--config', off, '--secrets-file', secretsFile(webhook), '--live'];
    const quiet = await run('scripts/ops/preflight.mjs', args);
    assert.equal(quiet.code, 0, quiet.out);
    assert.doesNotMatch(quiet.out, /template call_re(minder|book)/);
    assert.match(quiet.out, /template call_booked +\| ok: APPROVED/);
  });
});

describe('npm run whatsapp:templates', { timeout: 300_000 }, () => {
  it('creates the missing templates with the right parameter counts, and a second run changes nothing', async () => {
    await configureServices({ graph: { managed: [] } });
    const args = ['--env', 'production', '--config', standinConfig(), '--secrets-file', secretsFile()];
    const first = await run('scripts/ops/whatsapp-templates.mjs', args);
    assert.equal(first.code, 0, first.out);
    assert.match(first.out, new RegExp(`${ALL_TEMPLATES.length} created, 0 already there`));
    const state = await control({ service: 'graph' });
    const created = state.config.graph.managed;
    assert.deepEqual(
      created.map((t) => t.name),
      ALL_TEMPLATES.map((t) => t.name),
    );
    // The payment messages (a link to the person, the owners' alert), the call's reminder and rebook message and the
    // owners' nudge are created with the rest.
    for (const name of ['payment_request', 'payment_received', 'call_reminder', 'call_rebook', 'lead_due'])
      assert.ok(
        created.some((t) => t.name === name),
        name,
      );
    for (const definition of ALL_TEMPLATES) {
      const sent = state.received.graph.find((r) => r.method === 'POST' && JSON.parse(r.body).name === definition.name);
      const body = JSON.parse(sent.body);
      const header = body.components.find((c) => c.type === 'HEADER');
      const bodyText = body.components.find((c) => c.type === 'BODY');
      assert.equal(header?.example?.header_text?.length ?? 0, parameterCount(definition.header));
      assert.equal(bodyText.example?.body_text?.[0]?.length ?? 0, parameterCount(definition.body));
    }
    const second = await run('scripts/ops/whatsapp-templates.mjs', args);
    assert.equal(second.code, 0, second.out);
    assert.match(second.out, new RegExp(`0 created, ${ALL_TEMPLATES.length} already there`));
    const after = await control({ service: 'graph' });
    assert.equal(after.received.graph.filter((r) => r.method === 'POST').length, ALL_TEMPLATES.length);
  });
});

/** The stand-in configuration with the newsletter tool named in every environment, and the form or list given. */
function newsletterConfig(provider, { formId = '1234567', listId = 'a1b2c3d4e5' } = {}) {
  const file = path.join(process.cwd(), `wrangler.operator-test-newsletter-${provider}.toml`);
  const source = readFileSync(standinConfig(), 'utf8')
    .replaceAll('NEWSLETTER_PROVIDER = ""', `NEWSLETTER_PROVIDER = "${provider}"`)
    .replaceAll('KIT_FORM_ID = ""', `KIT_FORM_ID = "${formId}"`)
    .replaceAll('MAILCHIMP_LIST_ID = ""', `MAILCHIMP_LIST_ID = "${listId}"`);
  writeFileSync(file, source);
  return file;
}

const newsletterPreflight = (config, secrets) => preflightOf(config, secrets);

describe('npm run preflight with a newsletter tool', { timeout: 600_000 }, () => {
  it('checks the Kit key and that KIT_FORM_ID is one of its forms', async () => {
    await configureServices();
    const ok = await newsletterPreflight(newsletterConfig('kit'), { KIT_API_KEY: SENTINELS.KIT_API_KEY });
    assert.equal(ok.code, 0, ok.out);
    assert.match(ok.out, /\| kit +\| api key +\| ok: account Priya Raman/);
    assert.match(ok.out, /\| kit +\| form 1234567 +\| ok: "Newsletter": its double opt-in email goes to each signup/);

    const wrongForm = await newsletterPreflight(newsletterConfig('kit', { formId: '42' }), {
      KIT_API_KEY: SENTINELS.KIT_API_KEY,
    });
    assert.equal(wrongForm.code, 1, wrongForm.out);
    assert.match(wrongForm.out, /\| kit +\| form 42 +\| FAIL: no active form of this account has this id/);

    const wrongKey = await newsletterPreflight(newsletterConfig('kit'), { KIT_API_KEY: 'revoked-key' });
    assert.equal(wrongKey.code, 1, wrongKey.out);
    assert.match(wrongKey.out, /\| kit +\| api key +\| FAIL: Kit answered HTTP 401: The access token is invalid/);
  });

  it('checks the Mailchimp key at its data centre and the list', async () => {
    await configureServices();
    const ok = await newsletterPreflight(newsletterConfig('mailchimp'), {
      MAILCHIMP_API_KEY: SENTINELS.MAILCHIMP_API_KEY,
    });
    assert.equal(ok.code, 0, ok.out);
    assert.match(ok.out, /\| mailchimp +\| api key +\| ok: Everything's Chimpy!/);
    assert.match(ok.out, /\| mailchimp +\| list a1b2c3d4e5 +\| ok: "Newsletter"/);

    const otherDc = await newsletterPreflight(newsletterConfig('mailchimp'), {
      MAILCHIMP_API_KEY: SENTINELS.MAILCHIMP_API_KEY.replace(/-us21$/, '-us3'),
    });
    assert.equal(otherDc.code, 1, otherDc.out);
    assert.match(otherDc.out, /\| mailchimp +\| api key +\| FAIL: Mailchimp answered HTTP 401: API Key Invalid/);

    const noList = await newsletterPreflight(newsletterConfig('mailchimp', { listId: 'gone' }), {
      MAILCHIMP_API_KEY: SENTINELS.MAILCHIMP_API_KEY,
    });
    assert.equal(noList.code, 1, noList.out);
    assert.match(noList.out, /\| mailchimp +\| list gone +\| FAIL: Mailchimp answered HTTP 404: Resource Not Found/);
  });

  it('fails when the tool is named without its key, and when UNSUBSCRIBE_SECRET is missing', async () => {
    await configureServices();
    const { code, out } = await newsletterPreflight(newsletterConfig('kit'), { UNSUBSCRIBE_SECRET: undefined });
    assert.equal(code, 1, out);
    assert.match(out, /KIT_API_KEY: NEWSLETTER_PROVIDER is kit but KIT_API_KEY is not set\./);
    assert.match(
      out,
      /UNSUBSCRIBE_SECRET: UNSUBSCRIBE_SECRET is not set: no unsubscribe link can be made or checked\./,
    );
  });
});

/** The stand-in configuration with BOOKING_PROVIDER set to `provider` in every environment. */
function bookingConfig(provider) {
  const file = path.join(process.cwd(), `wrangler.operator-test-bookings-${provider}.toml`);
  writeFileSync(
    file,
    readFileSync(standinConfig(), 'utf8').replaceAll('BOOKING_PROVIDER = ""', `BOOKING_PROVIDER = "${provider}"`),
  );
  return file;
}

const bookingPreflight = (config, secrets) => preflightOf(config, secrets, '--skip-live');

const CALCOM_SECRET = 'a-calcom-webhook-secret-0123456789';

describe('npm run preflight with booking webhooks', { timeout: 300_000 }, () => {
  it('says which webhook is on and which answers 404, and that neither has a live check', async () => {
    const { code, out } = await bookingPreflight(bookingConfig('calcom'), { CALCOM_WEBHOOK_SECRET: CALCOM_SECRET });
    assert.equal(code, 0, out);
    assert.match(
      out,
      /booking webhooks \(BOOKING_PROVIDER=calcom: "Book a call" links carry the lead's reference for Cal\.com\):/,
    );
    assert.match(
      out,
      /\| Cal\.com +\| \/webhooks\/calcom +\| on: CALCOM_WEBHOOK_SECRET is set; signed bookings come back/,
    );
    assert.match(
      out,
      /\| Calendly +\| \/webhooks\/calendly +\| off: CALENDLY_WEBHOOK_SIGNING_KEY is not set, so the route answers 404/,
    );
    assert.match(
      out,
      /no live check: Cal\.com has no API that checks a webhook secret, and Calendly's needs a personal/,
    );
    assert.doesNotMatch(out, /do not come back to the desk/);
    assert.ok(!out.includes(CALCOM_SECRET), 'the preflight never prints a secret');
  });

  it('warns, without failing, when BOOKING_PROVIDER names a tool whose key is not set', async () => {
    const { code, out } = await bookingPreflight(bookingConfig('calendly'), { CALCOM_WEBHOOK_SECRET: CALCOM_SECRET });
    assert.equal(code, 0, out);
    assert.match(
      out,
      /Warnings:\n(?: {2}- .*\n)* {2}- CALENDLY_WEBHOOK_SIGNING_KEY is not set: bookings made on Calendly do not come back to the desk\./,
    );
    assert.match(
      out,
      /\| Cal\.com +\| \/webhooks\/calcom +\| on: .*\(BOOKING_PROVIDER names Calendly: links to Cal\.com carry no reference\)/,
    );
  });

  it('fails on an unknown tool and on a key too short to keep a forger out', async () => {
    const { code, out } = await bookingPreflight(bookingConfig('acuity'), {
      CALENDLY_WEBHOOK_SIGNING_KEY: 'short-key',
    });
    assert.equal(code, 1, out);
    assert.match(out, /\| BOOKING_PROVIDER +\| var +\| invalid +\| BOOKING_PROVIDER must be "calcom" or "calendly"\./);
    assert.match(
      out,
      /\| CALENDLY_WEBHOOK_SIGNING_KEY +\| secret \| invalid +\| CALENDLY_WEBHOOK_SIGNING_KEY must be at least 16/,
    );
    assert.match(
      out,
      /\| Calendly +\| \/webhooks\/calendly +\| off: CALENDLY_WEBHOOK_SIGNING_KEY must be at least 16 characters\./,
    );
    assert.match(out, /preflight: 2 problem\(s\):\n {2}- BOOKING_PROVIDER: .*\n {2}- CALENDLY_WEBHOOK_SIGNING_KEY: /);
  });
});
