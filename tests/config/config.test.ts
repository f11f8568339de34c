import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/index';
import { ConfigError, readConfig, SETTINGS, type Env } from '../../src/env';

const DEPLOYED = {
  ENVIRONMENT: 'production',
  SITE_URL: 'https://www.example.com',
  WHATSAPP_TOKEN: 'token',
  WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
  OWNER_PHONES: '+919800000001,+919800000002',
  FIRESTORE_PROJECT_ID: 'project',
  FIRESTORE_CLIENT_EMAIL: 'site@project.iam.gserviceaccount.com',
  FIRESTORE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n',
  TURNSTILE_SITE_KEY: 'site-key',
  TURNSTILE_SECRET_KEY: 'secret-key',
  ACCESS_TEAM_DOMAIN: 'https://team.cloudflareaccess.com',
  ACCESS_AUD: 'aud-tag',
  WHATSAPP_WEBHOOK_VERIFY_TOKEN: 'verify-token',
  WHATSAPP_APP_SECRET: 'app-secret',
  UNSUBSCRIBE_SECRET: 'an-unsubscribe-secret-of-forty-characters',
  ERASURE_KEY: 'an-erasure-key-of-forty-characters-abcdefgh',
};

describe('config reader', () => {
  it('reads the local defaults of wrangler.toml as development, with D1 and no problems', () => {
    const config = readConfig(env);
    expect(config.environment).toBe('development');
    expect(config.site.url).toBe('http://127.0.0.1:8787');
    expect(config.leads).toEqual({ store: 'd1', defaultPhoneRegion: 'IN', clientLinkDays: 180 });
    expect(config.limits.visitorMessagesPerDay).toBe(3);
    expect(config.problems).toEqual([]);
  });

  it('treats an unset ENVIRONMENT as development', () => {
    expect(parseConfig({}).environment).toBe('development');
    expect(parseConfig({}).problems).toEqual([]);
  });

  it('accepts a complete production configuration', () => {
    const config = parseConfig(DEPLOYED);
    expect(config.problems).toEqual([]);
    expect(config.leads.store).toBe('firestore');
    expect(config.firestore.mode).toBe('credentials');
    expect(config.whatsapp.sending).toEqual({ ok: true, token: 'token', phoneNumberId: '100000000000001' });
    expect(config.turnstile.enabled).toBe(true);
  });

  it('names each missing or invalid setting outside development', () => {
    const config = parseConfig({
      ENVIRONMENT: 'staging',
      SITE_URL: 'http://127.0.0.1:8787',
      WHATSAPP_API_URL: 'http://graph.example.com',
      TURNSTILE_VERIFY_URL: 'http://verify.example.com',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
      FIRESTORE_PROJECT_ID: 'p',
    });
    expect(config.problems.map((p) => p.setting)).toEqual([
      'SITE_URL',
      'FIRESTORE_EMULATOR_HOST',
      'WHATSAPP_API_URL',
      'WHATSAPP_TOKEN',
      'OWNER_PHONES',
      'WHATSAPP_APP_SECRET',
      'TURNSTILE_VERIFY_URL',
      'TURNSTILE_SITE_KEY',
      'ACCESS_TEAM_DOMAIN',
      'UNSUBSCRIBE_SECRET',
      'ERASURE_KEY',
    ]);
    expect(config.problems[0]!.message).toBe('SITE_URL must be an https address.');
    expect(() => config.site).toThrow('Configuration (site): SITE_URL must be an https address.');
    expect(() => config.firestore).toThrow(/FIRESTORE_EMULATOR_HOST is for local runs only/);
  });

  it('requires Firestore outside development unless LEAD_STORE=d1 says otherwise', () => {
    const noFirestore = {
      ...DEPLOYED,
      FIRESTORE_PROJECT_ID: '',
      FIRESTORE_CLIENT_EMAIL: '',
      FIRESTORE_PRIVATE_KEY: '',
    };
    expect(() => parseConfig(noFirestore).firestore).toThrow(/Leads go to Firestore but FIRESTORE_PROJECT_ID/);
    const d1 = parseConfig({ ...noFirestore, LEAD_STORE: 'd1' });
    expect(d1.leads.store).toBe('d1');
    expect(d1.problems).toEqual([]);
  });

  it('makes half of a group one error naming what is missing and what is set', () => {
    const whatsapp = parseConfig({ ...DEPLOYED, WHATSAPP_PHONE_NUMBER_ID: '' }).whatsapp.sending;
    expect(whatsapp).toEqual({
      ok: false,
      misconfigured: true,
      reason: 'WhatsApp is partly configured: WHATSAPP_PHONE_NUMBER_ID is missing (WHATSAPP_TOKEN is set).',
    });
    const firestore = parseConfig({ ...DEPLOYED, FIRESTORE_PRIVATE_KEY: '', FIRESTORE_CLIENT_EMAIL: '' });
    expect(() => firestore.firestore).toThrow(
      'Configuration (firestore): Firestore is partly configured: FIRESTORE_CLIENT_EMAIL, FIRESTORE_PRIVATE_KEY are missing (FIRESTORE_PROJECT_ID is set).',
    );
    // The other groups keep working: a lead can still be stored and shown.
    expect(firestore.site.url).toBe('https://www.example.com');
    expect(firestore.whatsapp.sending.ok).toBe(true);
  });

  it('closes the desk outside development until both Access settings are set, and names what is missing', () => {
    const noAud = parseConfig({ ...DEPLOYED, ACCESS_AUD: '' });
    expect(noAud.access).toEqual({
      mode: 'misconfigured',
      problem: "ACCESS_AUD is not set: the owners' desk is closed.",
    });
    expect(noAud.problems.map((p) => p.setting)).toEqual(['ACCESS_AUD']);
    const http = parseConfig({ ...DEPLOYED, ACCESS_TEAM_DOMAIN: 'http://team.cloudflareaccess.com' });
    expect(http.access.mode).toBe('misconfigured');
    expect(http.problems.map((p) => p.setting)).toEqual(['ACCESS_TEAM_DOMAIN']);
    expect(parseConfig(DEPLOYED).access).toEqual({
      mode: 'access',
      teamDomain: 'https://team.cloudflareaccess.com',
      aud: 'aud-tag',
    });
    // Development without Access: the local owner (the desk's middleware allows it on loopback only).
    expect(parseConfig({}).access).toEqual({ mode: 'local', email: 'owner@localhost' });
  });

  it('refuses an unknown ENVIRONMENT rather than treating it as development', () => {
    const config = parseConfig({ ...DEPLOYED, ENVIRONMENT: 'prod' });
    expect(config.environment).toBe('production');
    expect(config.problems.map((p) => p.setting)).toEqual(['ENVIRONMENT']);
  });

  it('parses again when a value changes on the same env object', () => {
    const live = { ...env } as Env;
    expect(readConfig(live).site.url).toBe('http://127.0.0.1:8787');
    live.SITE_URL = 'http://127.0.0.1:9999/';
    expect(readConfig(live).site.url).toBe('http://127.0.0.1:9999');
  });

  it('describes every var of wrangler.toml and nothing it does not read', () => {
    const names: string[] = SETTINGS.map((s) => s.name);
    // NODE_ENV is the tests' own binding (React's production build; vitest.config.ts), not a Worker setting.
    const vars = Object.keys(env).filter(
      (k) => /^[A-Z][A-Z0-9_]+$/.test(k) && k !== 'NODE_ENV' && typeof env[k as keyof Env] === 'string',
    );
    for (const name of vars) expect(names).toContain(name);
    expect(new Set(names).size).toBe(names.length);

    // What the parser reads, over a development and a deployed configuration (a group reads some settings only
    // when another is set, e.g. ACCESS_AUD once ACCESS_TEAM_DOMAIN is): every row of SETTINGS, and nothing else.
    const read = new Set<string>();
    const watched = (raw: Record<string, unknown>) =>
      new Proxy(raw, {
        get(target, key) {
          if (typeof key === 'string') read.add(key);
          return target[key as string];
        },
      });
    for (const raw of [
      {},
      DEPLOYED,
      { ...DEPLOYED, ENVIRONMENT: 'development', FIRESTORE_EMULATOR_HOST: 'h:1' },
      { ...DEPLOYED, NEWSLETTER_PROVIDER: 'kit' },
      { ...DEPLOYED, NEWSLETTER_PROVIDER: 'mailchimp' },
      { ...DEPLOYED, PAYMENT_PROVIDER: 'razorpay' },
    ]) {
      parseConfig(watched(raw));
    }
    expect([...read].filter((name) => !names.includes(name))).toEqual([]);
    expect(names.filter((name) => !read.has(name))).toEqual([]);
  });

  it('makes each group fail only on its own settings, as SETTINGS assigns them', () => {
    const groupOf = new Map<string, string>(SETTINGS.map((s) => [s.name, s.group]));
    const broken = parseConfig({
      ENVIRONMENT: 'staging',
      SITE_URL: 'http://127.0.0.1:8787',
      DEFAULT_PHONE_REGION: 'India',
      LEAD_STORE: 'somewhere',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
      VISITOR_MESSAGES_PER_DAY: 'three',
      BUDGET_WINDOW_SCALE: '0',
      YOUTUBE_FEED_URL: 'http://feeds.example.com',
    });
    const failing = (['site', 'leads', 'firestore', 'limits', 'feeds'] as const).map((group) => {
      try {
        void broken[group];
        return [group, []];
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return [group, [...new Set((error as ConfigError).problems.map((p) => groupOf.get(p.setting)))]];
      }
    });
    expect(Object.fromEntries(failing)).toEqual({
      site: ['site'],
      leads: ['leads'],
      firestore: ['firestore'],
      limits: ['limits'],
      feeds: ['feeds'],
    });
  });

  describe('the second channel and the webhook', () => {
    it('leaves the email channel off without OWNER_EMAILS, as a warning and not a problem', () => {
      const config = parseConfig(DEPLOYED);
      expect(config.problems).toEqual([]);
      expect(config.alerts.warnings).toEqual([expect.stringContaining('OWNER_EMAILS is not set')]);
      expect(config.whatsapp.owners.map((o) => o.email)).toEqual([undefined, undefined]);
    });

    it('gives each owner the address in the same place of OWNER_EMAILS, lower-cased', () => {
      const config = parseConfig({
        ...DEPLOYED,
        OWNER_EMAILS: 'Priya@Example.com, ',
        ALERT_EMAIL_FROM: 'alerts@example.com',
      });
      expect(config.problems).toEqual([]);
      expect(config.whatsapp.owners.map((o) => o.email)).toEqual(['priya@example.com', undefined]);
      expect(config.alerts).toMatchObject({ from: 'alerts@example.com', confirmMinutes: 15, warnings: [] });
    });

    it('names a bad address, a missing sender, a confirmation time out of range and a bad heartbeat address', () => {
      const config = parseConfig({
        ...DEPLOYED,
        OWNER_EMAILS: 'priya@example.com,not-an-address,third@example.com',
        OWNER_ALERT_CONFIRM_MINUTES: '0',
        HEALTHCHECK_URL: 'http://hc.example.com/ping',
        OPERATOR_EMAIL: 'ops',
      });
      expect(config.problems.map((p) => p.setting)).toEqual([
        'OWNER_EMAILS',
        'OWNER_EMAILS',
        'ALERT_EMAIL_FROM',
        'OPERATOR_EMAIL',
        'OWNER_ALERT_CONFIRM_MINUTES',
        'HEALTHCHECK_URL',
      ]);
      expect(config.alerts.confirmMinutes).toBe(15);
    });

    it('requires both webhook secrets outside development and names the missing half', () => {
      const { WHATSAPP_APP_SECRET: _secret, ...half } = DEPLOYED;
      expect(parseConfig(half).problems).toEqual([
        expect.objectContaining({
          setting: 'WHATSAPP_APP_SECRET',
          message: expect.stringContaining('partly configured'),
        }),
      ]);
      expect(parseConfig(half).whatsapp.webhook).toBeUndefined();
      expect(parseConfig(DEPLOYED).whatsapp.webhook).toEqual({ verifyToken: 'verify-token', appSecret: 'app-secret' });
      expect(parseConfig({}).problems).toEqual([]);
    });
  });

  describe('the booking tool and its webhooks', () => {
    const CALCOM = 'a-calcom-secret-of-32-characters';
    const CALENDLY = 'a-calendly-key-of-32-characters!';

    it('with nothing set: no problem, no warning, no provider and no keys', () => {
      for (const raw of [{}, DEPLOYED]) {
        const config = parseConfig(raw);
        expect(config.problems).toEqual([]);
        expect(config.bookings).toEqual({ reminders: [24, 1], warnings: [] });
      }
    });

    it('reads a provider and both keys', () => {
      const config = parseConfig({
        ...DEPLOYED,
        BOOKING_PROVIDER: 'calendly',
        CALCOM_WEBHOOK_SECRET: CALCOM,
        CALENDLY_WEBHOOK_SIGNING_KEY: CALENDLY,
      });
      expect(config.problems).toEqual([]);
      expect(config.bookings).toEqual({
        provider: 'calendly',
        calcomSecret: CALCOM,
        calendlySigningKey: CALENDLY,
        reminders: [24, 1],
        warnings: [],
      });
    });

    it('makes an unknown provider a problem naming the two it takes', () => {
      const config = parseConfig({ ...DEPLOYED, BOOKING_PROVIDER: 'acuity' });
      expect(config.problems).toEqual([
        { setting: 'BOOKING_PROVIDER', message: 'BOOKING_PROVIDER must be "calcom" or "calendly".' },
      ]);
      expect(config.bookings.provider).toBeUndefined();
    });

    it('refuses a short key outside development, and takes it in development', () => {
      const short = { CALCOM_WEBHOOK_SECRET: 'short', CALENDLY_WEBHOOK_SIGNING_KEY: 'fifteen-chars!!' };
      const deployed = parseConfig({ ...DEPLOYED, ...short });
      expect(deployed.problems).toEqual([
        { setting: 'CALCOM_WEBHOOK_SECRET', message: 'CALCOM_WEBHOOK_SECRET must be at least 16 characters.' },
        {
          setting: 'CALENDLY_WEBHOOK_SIGNING_KEY',
          message: 'CALENDLY_WEBHOOK_SIGNING_KEY must be at least 16 characters.',
        },
      ]);
      expect(deployed.bookings).toEqual({ reminders: [24, 1], warnings: [] });
      const local = parseConfig(short);
      expect(local.problems).toEqual([]);
      expect(local.bookings).toMatchObject({ calcomSecret: 'short', calendlySigningKey: 'fifteen-chars!!' });
    });

    it("warns, without a problem, when the provider's key is not set (the other tool's key does not count)", () => {
      const calcom = parseConfig({ ...DEPLOYED, BOOKING_PROVIDER: 'calcom', CALENDLY_WEBHOOK_SIGNING_KEY: CALENDLY });
      expect(calcom.problems).toEqual([]);
      expect(calcom.bookings.warnings).toEqual([
        'CALCOM_WEBHOOK_SECRET is not set: bookings made on Cal.com do not come back to the desk.',
      ]);
      const calendly = parseConfig({ BOOKING_PROVIDER: 'calendly' });
      expect(calendly.problems).toEqual([]);
      expect(calendly.bookings.warnings).toEqual([
        'CALENDLY_WEBHOOK_SIGNING_KEY is not set: bookings made on Calendly do not come back to the desk.',
      ]);
    });

    it('reads CALL_REMINDERS as hours largest first, each once; given empty: none; a bad value is a problem', () => {
      expect(parseConfig({ ...DEPLOYED, CALL_REMINDERS: '1, 24,1' }).bookings.reminders).toEqual([24, 1]);
      expect(parseConfig({ ...DEPLOYED, CALL_REMINDERS: '48' }).bookings.reminders).toEqual([48]);
      for (const off of ['', '  ']) {
        const config = parseConfig({ ...DEPLOYED, CALL_REMINDERS: off });
        expect(config.problems).toEqual([]);
        expect(config.bookings.reminders).toEqual([]);
      }
      for (const bad of ['24,', 'one', '0', '169', '1.5', '-1']) {
        const config = parseConfig({ ...DEPLOYED, CALL_REMINDERS: bad });
        expect(config.problems).toEqual([
          {
            setting: 'CALL_REMINDERS',
            message:
              'CALL_REMINDERS must list whole hours from 1 to 168, comma-separated (like 24,1), or be empty for no reminders.',
          },
        ]);
        expect(config.bookings.reminders).toEqual([]);
      }
    });

    it('warns once, not twice, when the key is there but too short (the problem says it)', () => {
      const config = parseConfig({ ...DEPLOYED, BOOKING_PROVIDER: 'calcom', CALCOM_WEBHOOK_SECRET: 'short' });
      expect(config.problems.map((p) => p.setting)).toEqual(['CALCOM_WEBHOOK_SECRET']);
      expect(config.bookings.warnings).toEqual([]);
    });
  });
});
