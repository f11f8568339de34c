import { fallbackOf, type Group, type SettingName } from './settings.ts';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import * as z from 'zod';
import { parseNewsletter, type NewsletterConfig } from './newsletter.ts';
import { parseQuiz, type QuizConfig } from './quiz.ts';
import { parsePrivacy, type PrivacyConfig } from './privacy.ts';

/** One thing wrong with the configuration, naming the setting to fix. */
export interface Problem {
  setting: string;
  message: string;
}

/** A group that cannot work as configured; the message names every missing or invalid setting. */
export class ConfigError extends Error {
  readonly problems: Problem[];
  constructor(group: string, problems: Problem[]) {
    super(`Configuration (${group}): ${problems.map((p) => p.message).join(' ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export type Environment = 'development' | 'staging' | 'production';

export interface SiteConfig {
  environment: Environment;
  /** No trailing slash. */
  url: string;
  /**
   * DEV_LOOPBACK_ONLY=1 in development: the server listens on a loopback address alone (npm run dev sets it
   * only then), so every request comes from this machine. The development conveniences (/__dev/*, the local
   * desk owner) answer only then: a Host header is written by the sender and proves nothing.
   */
  loopbackOnly: boolean;
}
export interface LeadsConfig {
  store: 'd1' | 'firestore';
  defaultPhoneRegion: CountryCode;
}
export type FirestoreConfig =
  | { mode: 'off' }
  | { mode: 'credentials'; projectId: string; clientEmail: string; privateKey: string }
  | { mode: 'emulator'; projectId: string; host: string; port: number };

/** One of the two owners, in the order of OWNER_PHONES: Admin1, then Admin2. */
export interface Owner {
  label: string;
  /** E.164, e.g. +919800000001. */
  phone: string;
  /** First name or title used to greet them (OWNER_NAMES); falls back to the label. */
  name: string;
  /** Where their alerts go when WhatsApp fails (OWNER_EMAILS, same order); none when not given. */
  email?: string;
}
export interface WhatsAppConfig {
  apiUrl: string;
  businessAccountId?: string;
  /** The business number's id (WHATSAPP_PHONE_NUMBER_ID) when set: the webhook takes events for it only. */
  phoneNumberId?: string;
  owners: Owner[];
  /** The status webhook's secrets; absent when either is not set (the webhook then answers 404). */
  webhook?: { verifyToken: string; appSecret: string };
  /** The credentials when messages can go out; otherwise why not, and whether that is a mistake. */
  sending: { ok: true; token: string; phoneNumberId: string } | { ok: false; reason: string; misconfigured: boolean };
}
export type TurnstileConfig =
  | { enabled: true; siteKey: string; secretKey: string; verifyUrl: string }
  | {
      enabled: false;
      problem?: string;
      /**
       * Whether a submission may still make the business number write to a number a visitor typed:
       * yes where Turnstile is simply not used (development, or TURNSTILE_DISABLED=1 on purpose), no when
       * a deployment that sends WhatsApp lacks it.
       */
      visitorMessages: boolean;
    };
/** Who may use the desk: Access-verified owners, or (development without Access) one local owner. */
export type AccessConfig =
  | { mode: 'access'; teamDomain: string; aud: string }
  | { mode: 'local'; email: string }
  | { mode: 'misconfigured'; problem: string };

/** The owner signed in by `npm run dev` when Access is not configured (and only on a loopback address). */
export const LOCAL_OWNER_EMAIL = 'owner@localhost';

export interface LimitsConfig {
  /** VISITOR_MESSAGES_PER_DAY: journey_users messages one typed number receives in 24 h. */
  visitorMessagesPerDay: number;
  /** VISITOR_MESSAGES_DAILY_BUDGET: visitor messages in all per calendar day in India. */
  visitorMessagesDailyBudget: number;
  /** OWNER_ALERTS_PER_HOUR: alerts each owner receives per clock hour; the rest go into a digest. */
  ownerAlertsPerHour: number;
  /** BUDGET_WINDOW_SCALE (development only; 1 elsewhere): every budget window runs this many times faster. */
  budgetWindowScale: number;
}
/** The second channel and the self-check (OWNER_EMAILS, ALERT_EMAIL_FROM, OPERATOR_EMAIL, HEALTHCHECK_URL). */
export interface AlertsConfig {
  /** The address alert emails come from; absent when no owner has an email address. */
  from?: string;
  /** Told of health changes besides the owners. */
  operatorEmail?: string;
  /** How long an owner alert may wait for WhatsApp's "delivered" before it is emailed. */
  confirmMinutes: number;
  /** Pinged after every healthy self-check. */
  healthcheckUrl?: string;
  /** Not errors: what the preflight prints as warnings (no owner email: the second channel is off). */
  warnings: string[];
}

export interface FeedsConfig {
  feedUrl: string;
  thumbUrl: string;
  sampleFeeds: boolean;
}

export interface Config {
  environment: Environment;
  /** Throw ConfigError when their group cannot work. */
  readonly site: SiteConfig;
  readonly leads: LeadsConfig;
  readonly firestore: FirestoreConfig;
  readonly limits: LimitsConfig;
  readonly feeds: FeedsConfig;
  /** The key of erasures and sender pseudonyms (ERASURE_KEY). */
  readonly privacy: PrivacyConfig;
  /** Never throw: WhatsApp and Turnstile have an "off" state that carries the reason. */
  readonly whatsapp: WhatsAppConfig;
  readonly turnstile: TurnstileConfig;
  readonly alerts: AlertsConfig;
  /** Never throws: a desk without its settings is closed (403) and says why. */
  readonly access: AccessConfig;
  /** Never throws: the unsubscribe links' key and the newsletter tool, each with its problem when broken. */
  readonly newsletter: NewsletterConfig;
  /** Never throws: the result email and the booking link are off when unset or invalid. */
  readonly quiz: QuizConfig;
  /** The queue whose messages ran out of retries (JOBS_DEAD_LETTER_QUEUE): recorded, never run. */
  readonly deadLetterQueue: string;
  /** Everything wrong, across groups (what preflight prints and the Worker logs). */
  readonly problems: Problem[];
}

const EnvironmentSchema = z.enum(['development', 'staging', 'production']);
const RegionSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((v) => v.toUpperCase() as CountryCode);
const CountSchema = z.coerce.number().int().min(0);

/** What every group's parser reads with: the raw settings, typed by name, and where it runs. */
interface Reader {
  /** A setting's value, trimmed; empty counts as unset. */
  text(name: SettingName): string | undefined;
  /** A setting's value, or the default in its row. */
  valueOf(name: SettingName): string | undefined;
  environment: Environment;
  deployed: boolean;
  /** An address: https outside development (http allowed locally). */
  url: z.ZodURL;
  /** An address setting, without a trailing slash; a problem when it is unset or not an address. */
  address(name: AddressName, out: Problem[]): string;
}

function reader(raw: Record<string, unknown>, problems: Problem[]): Reader {
  const text = (name: SettingName): string | undefined => {
    const v = raw[name];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const env = EnvironmentSchema.safeParse(text('ENVIRONMENT') ?? fallbackOf('ENVIRONMENT'));
  if (!env.success) {
    problems.push({ setting: 'ENVIRONMENT', message: 'ENVIRONMENT must be development, staging or production.' });
  }
  const environment: Environment = env.success ? env.data : 'production';
  const deployed = environment !== 'development';
  const url = z.url({ protocol: deployed ? /^https$/ : /^https?$/ });
  return {
    text,
    valueOf: (name) => text(name) ?? fallbackOf(name),
    environment,
    deployed,
    url,
    address(name, out) {
      // A deployment must say where it lives: the local default would put 127.0.0.1 in every link.
      const value = text(name) ?? (deployed && name === 'SITE_URL' ? undefined : fallbackOf(name));
      if (value === undefined) {
        out.push({ setting: name, message: `${name} is not set.` });
        return '';
      }
      if (!url.safeParse(value).success) {
        out.push({ setting: name, message: `${name} must be an ${deployed ? 'https' : 'http(s)'} address.` });
      }
      return value.replace(/\/+$/, '');
    },
  };
}

/** Parses raw vars and secrets (strings; empty counts as unset) into the groups. Never throws itself. */
export function parseConfig(raw: Record<string, unknown>): Config {
  const problems: Problem[] = [];
  const r = reader(raw, problems);
  const out: Record<Group, Problem[]> = {
    site: [],
    leads: [],
    firestore: [],
    whatsapp: [],
    turnstile: [],
    access: [],
    alerts: [],
    limits: [],
    feeds: [],
    newsletter: [],
    quiz: [],
    privacy: [],
  };
  const site = parseSite(r, out.site);
  const firestore = parseFirestore(r, out.firestore);
  const leads = parseLeads(r, firestore, out.leads, out.firestore);
  const limits = parseLimits(r, out.limits, problems);
  const feeds = parseFeeds(r, out.feeds);
  const whatsapp = parseWhatsApp(r, leads.defaultPhoneRegion, out.whatsapp);
  const turnstile = parseTurnstile(r, whatsapp.sending.ok, out.turnstile);
  const access = parseAccess(r, out.access);
  const alerts = parseAlerts(r, whatsapp, out.alerts);
  const newsletter = parseNewsletter(r, out.newsletter);
  const quiz = parseQuiz(r, out.quiz);
  const privacy = parsePrivacy(r, out.privacy);
  problems.push(...Object.values(out).flat());

  /** A group that cannot work throws when it is used, naming what is wrong; the others go on. */
  const checked = <T>(group: Group, value: T): T => {
    if (out[group].length > 0) throw new ConfigError(group, out[group]);
    return value;
  };
  return {
    environment: r.environment,
    get site() {
      return checked('site', site);
    },
    get leads() {
      return checked('leads', leads);
    },
    get firestore() {
      return checked('firestore', firestore);
    },
    get limits() {
      return checked('limits', limits);
    },
    get feeds() {
      return checked('feeds', feeds);
    },
    get privacy() {
      return checked('privacy', privacy);
    },
    whatsapp,
    turnstile,
    alerts,
    access,
    newsletter,
    quiz,
    deadLetterQueue: r.valueOf('JOBS_DEAD_LETTER_QUEUE') ?? '',
    problems,
  };
}

type AddressName =
  'SITE_URL' | 'WHATSAPP_API_URL' | 'TURNSTILE_VERIFY_URL' | 'YOUTUBE_FEED_URL' | 'YOUTUBE_THUMB_URL' | 'KIT_API_URL';

/** Where the site lives; DEV_LOOPBACK_ONLY only counts in development. */
function parseSite(r: Reader, out: Problem[]): SiteConfig {
  return {
    environment: r.environment,
    url: r.address('SITE_URL', out),
    loopbackOnly: !r.deployed && r.text('DEV_LOOPBACK_ONLY') === '1',
  };
}

/** Where the YouTube feeds and thumbnails come from. */
function parseFeeds(r: Reader, out: Problem[]): FeedsConfig {
  return {
    feedUrl: r.address('YOUTUBE_FEED_URL', out),
    thumbUrl: r.address('YOUTUBE_THUMB_URL', out),
    sampleFeeds: r.text('YOUTUBE_SAMPLE_FEEDS') === '1',
  };
}

/** Where leads are stored and how typed phone numbers are read. */
function parseLeads(
  r: Reader,
  firestore: FirestoreConfig,
  leadsProblems: Problem[],
  firestoreProblems: Problem[],
): LeadsConfig {
  const region = RegionSchema.safeParse(r.valueOf('DEFAULT_PHONE_REGION'));
  if (!region.success) {
    leadsProblems.push({ setting: 'DEFAULT_PHONE_REGION', message: 'DEFAULT_PHONE_REGION must be two letters.' });
  }
  const leadStore = r.text('LEAD_STORE');
  if (leadStore !== undefined && leadStore !== 'd1' && leadStore !== 'firestore') {
    leadsProblems.push({ setting: 'LEAD_STORE', message: 'LEAD_STORE must be "d1" or "firestore".' });
  }

  // Locally: Firestore when configured, else D1. Deployed: Firestore unless LEAD_STORE=d1 says otherwise.
  const store =
    leadStore === 'd1' ||
    (!r.deployed && leadStore !== 'firestore' && firestore.mode === 'off' && firestoreProblems.length === 0);
  const leads: LeadsConfig = {
    store: store ? 'd1' : 'firestore',
    defaultPhoneRegion: region.success ? region.data : RegionSchema.parse(fallbackOf('DEFAULT_PHONE_REGION')),
  };
  if (leads.store === 'firestore' && firestore.mode === 'off' && firestoreProblems.length === 0) {
    firestoreProblems.push({
      setting: 'FIRESTORE_PROJECT_ID',
      message:
        'Leads go to Firestore but FIRESTORE_PROJECT_ID, FIRESTORE_CLIENT_EMAIL and FIRESTORE_PRIVATE_KEY are not set (LEAD_STORE=d1 keeps them in D1 on purpose).',
    });
  }

  return leads;
}

/** The message budgets; BUDGET_WINDOW_SCALE outside development is reported in `problems` and ignored. */
function parseLimits(r: Reader, limitsProblems: Problem[], problems: Problem[]): LimitsConfig {
  const count = (name: 'VISITOR_MESSAGES_PER_DAY' | 'VISITOR_MESSAGES_DAILY_BUDGET' | 'OWNER_ALERTS_PER_HOUR') => {
    const parsed = CountSchema.safeParse(r.valueOf(name));
    if (parsed.success) return parsed.data;
    limitsProblems.push({ setting: name, message: `${name} must be a whole number, 0 or more.` });
    return CountSchema.parse(fallbackOf(name));
  };
  const scale = z.coerce.number().min(1).safeParse(r.valueOf('BUDGET_WINDOW_SCALE'));
  if (!scale.success) {
    limitsProblems.push({
      setting: 'BUDGET_WINDOW_SCALE',
      message: 'BUDGET_WINDOW_SCALE must be a number, 1 or more.',
    });
  } else if (r.deployed && scale.data !== 1) {
    // Reported (preflight, logs), but the budgets keep working at real speed: it is ignored here.
    problems.push({
      setting: 'BUDGET_WINDOW_SCALE',
      message: 'BUDGET_WINDOW_SCALE is for local simulations only and is ignored outside development; remove it.',
    });
  }
  return {
    visitorMessagesPerDay: count('VISITOR_MESSAGES_PER_DAY'),
    visitorMessagesDailyBudget: count('VISITOR_MESSAGES_DAILY_BUDGET'),
    ownerAlertsPerHour: count('OWNER_ALERTS_PER_HOUR'),
    budgetWindowScale: scale.success && !r.deployed ? scale.data : 1,
  };
}

/** Names the members of a group that are set and those that are not: "half a group" is one message. */
function partly(label: string, names: SettingName[], r: Reader): Problem | undefined {
  const missing = names.filter((n) => r.text(n) === undefined);
  if (missing.length === 0 || missing.length === names.length) return undefined;
  const set = names.filter((n) => !missing.includes(n));
  return {
    setting: missing[0]!,
    message: `${label} is partly configured: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing (${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set).`,
  };
}

function parseFirestore(r: Reader, out: Problem[]): FirestoreConfig {
  const { text, deployed } = r;
  const projectId = text('FIRESTORE_PROJECT_ID');
  const emulator = text('FIRESTORE_EMULATOR_HOST');
  if (emulator !== undefined) {
    if (deployed) {
      out.push({
        setting: 'FIRESTORE_EMULATOR_HOST',
        message: 'FIRESTORE_EMULATOR_HOST is for local runs only; remove it outside development.',
      });
      return { mode: 'off' };
    }
    const match = /^(\[[^\]]+\]|[^:\s/]+)(?::(\d{1,5}))?$/.exec(emulator);
    const port = Number(match?.[2] ?? 8080);
    if (!match?.[1] || port < 1 || port > 65535) {
      out.push({ setting: 'FIRESTORE_EMULATOR_HOST', message: 'FIRESTORE_EMULATOR_HOST must be host:port.' });
      return { mode: 'off' };
    }
    if (!projectId) {
      out.push({ setting: 'FIRESTORE_PROJECT_ID', message: 'FIRESTORE_EMULATOR_HOST needs FIRESTORE_PROJECT_ID.' });
      return { mode: 'off' };
    }
    return { mode: 'emulator', projectId, host: match[1], port };
  }
  const names = ['FIRESTORE_PROJECT_ID', 'FIRESTORE_CLIENT_EMAIL', 'FIRESTORE_PRIVATE_KEY'] satisfies SettingName[];
  const half = partly('Firestore', names, r);
  if (half) {
    out.push(half);
    return { mode: 'off' };
  }
  const clientEmail = text('FIRESTORE_CLIENT_EMAIL');
  const privateKey = text('FIRESTORE_PRIVATE_KEY');
  if (!projectId || !clientEmail || !privateKey) return { mode: 'off' };
  if (!z.email().safeParse(clientEmail).success) {
    out.push({ setting: 'FIRESTORE_CLIENT_EMAIL', message: 'FIRESTORE_CLIENT_EMAIL must be an email address.' });
  }
  if (!/-----BEGIN PRIVATE KEY-----/.test(privateKey)) {
    out.push({
      setting: 'FIRESTORE_PRIVATE_KEY',
      message: 'FIRESTORE_PRIVATE_KEY must be the PEM private key ("-----BEGIN PRIVATE KEY-----…").',
    });
  }
  return { mode: 'credentials', projectId, clientEmail, privateKey };
}

const list = (value: string | undefined) => (value ?? '').split(',').map((v) => v.trim());

function parseWhatsApp(r: Reader, region: CountryCode, out: Problem[]): WhatsAppConfig {
  const { text, deployed } = r;
  const apiProblems: Problem[] = [];
  const apiUrl = r.address('WHATSAPP_API_URL', apiProblems);
  const names = list(text('OWNER_NAMES'));
  const owners: Owner[] = [];
  const ownerProblems: Problem[] = [];
  list(text('OWNER_PHONES')).forEach((raw, i) => {
    if (raw === '') return;
    const label = `Admin${i + 1}`;
    const parsed = parsePhoneNumberFromString(raw, region);
    if (!parsed?.isValid()) {
      ownerProblems.push({
        setting: 'OWNER_PHONES',
        message: `OWNER_PHONES entry ${i + 1} is not a valid phone number; ${label} gets no messages.`,
      });
      return;
    }
    owners.push({ label, phone: parsed.number, name: names[i] || label });
  });
  if (deployed && owners.length === 0 && ownerProblems.length === 0) {
    ownerProblems.push({ setting: 'OWNER_PHONES', message: 'OWNER_PHONES is empty: the owners hear of no lead.' });
  }
  const webhookNames = ['WHATSAPP_WEBHOOK_VERIFY_TOKEN', 'WHATSAPP_APP_SECRET'] satisfies SettingName[];
  const webhookHalf = partly('The WhatsApp status webhook', webhookNames, r);
  const webhookProblems: Problem[] = webhookHalf ? [webhookHalf] : [];
  const verifyToken = text('WHATSAPP_WEBHOOK_VERIFY_TOKEN');
  const appSecret = text('WHATSAPP_APP_SECRET');
  const webhook = verifyToken && appSecret ? { verifyToken, appSecret } : undefined;
  if (deployed && !webhook && !webhookHalf) {
    webhookProblems.push({
      setting: 'WHATSAPP_APP_SECRET',
      message:
        'The WhatsApp status webhook is not configured (WHATSAPP_WEBHOOK_VERIFY_TOKEN, WHATSAPP_APP_SECRET): no delivery is ever confirmed, so every owner alert is also emailed.',
    });
  }
  const credentials = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID'] satisfies SettingName[];
  const half = partly('WhatsApp', credentials, r);
  const token = text('WHATSAPP_TOKEN');
  const phoneNumberId = text('WHATSAPP_PHONE_NUMBER_ID');
  const base = {
    apiUrl,
    businessAccountId: text('WHATSAPP_BUSINESS_ACCOUNT_ID'),
    ...(phoneNumberId ? { phoneNumberId } : {}),
    owners,
    ...(webhook ? { webhook } : {}),
  };
  const blocking = [...(half ? [half] : []), ...apiProblems];
  if (!half && !token && deployed) {
    blocking.push({
      setting: 'WHATSAPP_TOKEN',
      message: 'WhatsApp is not configured: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are missing.',
    });
  }
  out.push(...blocking, ...ownerProblems, ...webhookProblems);
  if (blocking.length > 0) {
    return { ...base, sending: { ok: false, reason: blocking.map((p) => p.message).join(' '), misconfigured: true } };
  }
  if (!token || !phoneNumberId) {
    return { ...base, sending: { ok: false, reason: 'WhatsApp is not configured.', misconfigured: false } };
  }
  return { ...base, sending: { ok: true, token, phoneNumberId } };
}

/**
 * Turnstile decides whether a submission may make the business number write to a number a visitor typed.
 * Outside development it is required (TURNSTILE_DISABLED=1 runs without it on purpose); without it (or with a
 * broken configuration) every lead is still stored and told to the owners, but no visitor message goes out.
 */
function parseTurnstile(r: Reader, whatsappSends: boolean, out: Problem[]): TurnstileConfig {
  const { text, deployed, environment } = r;
  const half = partly('Turnstile', ['TURNSTILE_SITE_KEY', 'TURNSTILE_SECRET_KEY'], r);
  const verifyProblems: Problem[] = [];
  const verifyUrl = r.address('TURNSTILE_VERIFY_URL', verifyProblems);
  const siteKey = text('TURNSTILE_SITE_KEY');
  const secretKey = text('TURNSTILE_SECRET_KEY');
  const disabled = text('TURNSTILE_DISABLED');
  const problems = [...(half ? [half] : []), ...verifyProblems];
  if (disabled !== undefined && disabled !== '1') {
    problems.push({ setting: 'TURNSTILE_DISABLED', message: 'TURNSTILE_DISABLED must be "1" or empty.' });
  }
  if (!half && !siteKey && deployed && disabled !== '1') {
    problems.push({
      setting: 'TURNSTILE_SITE_KEY',
      message:
        environment === 'production' && whatsappSends
          ? 'WhatsApp is configured in production but Turnstile is not: set TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY, or TURNSTILE_DISABLED=1 to run without it deliberately. No message goes to a number a visitor typed until then.'
          : 'Turnstile is not configured: the forms have no bot check (set TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY, or TURNSTILE_DISABLED=1 deliberately).',
    });
  }
  out.push(...problems);
  if (problems.length > 0) {
    return { enabled: false, problem: problems.map((p) => p.message).join(' '), visitorMessages: false };
  }
  if (siteKey && secretKey) return { enabled: true, siteKey, secretKey, verifyUrl };
  return { enabled: false, visitorMessages: true };
}

/**
 * Cloudflare Access in front of /desk. Only development without ACCESS_TEAM_DOMAIN signs a local owner in
 * (and the desk's middleware allows that only on a loopback address); anywhere else both settings are
 * required and the team domain must be https.
 */
function parseAccess(r: Reader, out: Problem[]): AccessConfig {
  const { text, deployed } = r;
  const teamDomain = text('ACCESS_TEAM_DOMAIN')?.replace(/\/+$/, '');
  const aud = text('ACCESS_AUD');
  const problem = (setting: string, message: string): AccessConfig => {
    out.push({ setting, message });
    return { mode: 'misconfigured', problem: message };
  };
  if (!teamDomain) {
    if (!deployed) return { mode: 'local', email: LOCAL_OWNER_EMAIL };
    return problem('ACCESS_TEAM_DOMAIN', "ACCESS_TEAM_DOMAIN is not set: the owners' desk is closed.");
  }
  if (!aud) return problem('ACCESS_AUD', "ACCESS_AUD is not set: the owners' desk is closed.");
  const url = r.url.safeParse(teamDomain);
  if (!url.success) {
    return problem(
      'ACCESS_TEAM_DOMAIN',
      `ACCESS_TEAM_DOMAIN must be an ${deployed ? 'https' : 'http(s)'} address like https://team.cloudflareaccess.com.`,
    );
  }
  return { mode: 'access', teamDomain, aud };
}

/**
 * The second channel: OWNER_EMAILS in the order of OWNER_PHONES (an empty entry gives that owner none).
 * Without any owner email the channel is off, which the preflight shows as a warning, not an error; with one,
 * outside development ALERT_EMAIL_FROM is required (the send_email binding needs an address on the zone).
 */
function parseAlerts(r: Reader, whatsapp: WhatsAppConfig, out: Problem[]): AlertsConfig {
  const { text, deployed } = r;
  const emails = list(text('OWNER_EMAILS'));
  const email = z.email();
  emails.forEach((value, i) => {
    if (value === '') return;
    if (!email.safeParse(value).success) {
      out.push({ setting: 'OWNER_EMAILS', message: `OWNER_EMAILS entry ${i + 1} is not an email address.` });
      return;
    }
    const owner = whatsapp.owners.find((o) => o.label === `Admin${i + 1}`);
    if (owner) owner.email = value.toLowerCase();
    else out.push({ setting: 'OWNER_EMAILS', message: `OWNER_EMAILS entry ${i + 1} has no owner in OWNER_PHONES.` });
  });
  const warnings: string[] = [];
  const anyEmail = whatsapp.owners.some((o) => o.email);
  if (!anyEmail) warnings.push('OWNER_EMAILS is not set: when WhatsApp fails, the owners are not told by email.');
  const from = text('ALERT_EMAIL_FROM');
  if (from !== undefined && !email.safeParse(from).success) {
    out.push({ setting: 'ALERT_EMAIL_FROM', message: 'ALERT_EMAIL_FROM must be an email address.' });
  } else if (anyEmail && from === undefined && deployed) {
    out.push({
      setting: 'ALERT_EMAIL_FROM',
      message: 'OWNER_EMAILS is set but ALERT_EMAIL_FROM is not: no alert email can be sent.',
    });
  }
  const operatorEmail = text('OPERATOR_EMAIL');
  if (operatorEmail !== undefined && !email.safeParse(operatorEmail).success) {
    out.push({ setting: 'OPERATOR_EMAIL', message: 'OPERATOR_EMAIL must be an email address.' });
  }
  const minutes = z.coerce.number().int().min(1).max(720).safeParse(r.valueOf('OWNER_ALERT_CONFIRM_MINUTES'));
  if (!minutes.success) {
    out.push({
      setting: 'OWNER_ALERT_CONFIRM_MINUTES',
      message: 'OWNER_ALERT_CONFIRM_MINUTES must be a whole number of minutes from 1 to 720.',
    });
  }
  const healthcheckUrl = text('HEALTHCHECK_URL');
  if (healthcheckUrl !== undefined && !r.url.safeParse(healthcheckUrl).success) {
    out.push({
      setting: 'HEALTHCHECK_URL',
      message: `HEALTHCHECK_URL must be an ${deployed ? 'https' : 'http(s)'} address.`,
    });
  }
  return {
    ...(from !== undefined ? { from } : {}),
    ...(operatorEmail !== undefined ? { operatorEmail: operatorEmail.toLowerCase() } : {}),
    confirmMinutes: minutes.success ? minutes.data : Number(fallbackOf('OWNER_ALERT_CONFIRM_MINUTES')),
    ...(healthcheckUrl !== undefined ? { healthcheckUrl } : {}),
    warnings,
  };
}
