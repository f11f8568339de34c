/**
 * The configuration, assembled from one parser per group (each in its own file beside this one). Every group
 * reports what is wrong with it the same way: as Problems in its own list, all of which make up
 * `Config.problems` (what preflight prints and the Worker logs). A group whose work cannot go on without its
 * settings is strict: reading it throws a ConfigError naming its problems. The others never throw: each
 * carries an "off" state with the same text (`reasonOf` its problems), and the site works around it.
 */
import { parseAccess, type AccessConfig } from './services/access.ts';
import { parseAlerts, type AlertsConfig } from './alerts.ts';
import { parseBookings, type BookingsConfig } from './services/bookings.ts';
import { parsePayments, type PaymentsConfig } from './services/payments.ts';
import { parseFeeds, type FeedsConfig } from './services/feeds.ts';
import { parseFirestore, type FirestoreConfig } from './services/firestore.ts';
import { parseLeads, type LeadsConfig } from './leads.ts';
import { parseLimits, type LimitsConfig } from './limits.ts';
import { parseNewsletter, type NewsletterConfig } from './services/newsletter.ts';
import { parsePrivacy, type PrivacyConfig } from './privacy.ts';
import { ConfigError, type Problem } from './read/problem.ts';
import { parseQuiz, type QuizConfig } from './quiz.ts';
import { reader, type Environment } from './read/reader.ts';
import type { Group } from './read/settings.ts';
import { parseSite, type SiteConfig } from './site.ts';
import { parseTurnstile, type TurnstileConfig } from './services/turnstile.ts';
import { parseWhatsApp, type WhatsAppConfig } from './services/whatsapp.ts';

export { ConfigError, reasonOf, type Problem } from './read/problem.ts';
export { LOCAL_OWNER_EMAIL, type AccessConfig } from './services/access.ts';
export type { Environment } from './read/reader.ts';
export type { AlertsConfig } from './alerts.ts';
export type { FeedsConfig } from './services/feeds.ts';
export type { FirestoreConfig } from './services/firestore.ts';
export type { LeadsConfig } from './leads.ts';
export type { LimitsConfig } from './limits.ts';
export type { NewsletterConfig, NewsletterProvider } from './services/newsletter.ts';
export type { PrivacyConfig } from './privacy.ts';
export type { QuizConfig } from './quiz.ts';
export type { BookingsConfig, BookingProvider } from './services/bookings.ts';
export { BOOKING_PROVIDERS } from './services/bookings.ts';
export type { PaymentsConfig, PaymentProviderName, RazorpaySettings, ReceiptIssuer } from './services/payments.ts';
export type { SiteConfig } from './site.ts';
export type { TurnstileConfig } from './services/turnstile.ts';
export type { Owner, WhatsAppConfig } from './services/whatsapp.ts';

export interface Config {
  environment: Environment;
  /** Strict: throw ConfigError when their group cannot work. */
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
  /** Never throws: the booking tool and its webhooks' keys; without them bookings do not come back. */
  readonly bookings: BookingsConfig;
  /** Never throws: the payment tool, its webhook's key and the receipts' issuer; without them payments are off. */
  readonly payments: PaymentsConfig;
  /** The queue whose messages ran out of retries (JOBS_DEAD_LETTER_QUEUE): recorded, never run. */
  readonly deadLetterQueue: string;
  /** Everything wrong, across groups (what preflight prints and the Worker logs). */
  readonly problems: Problem[];
}

/** Parses raw vars and secrets (strings; empty counts as unset) into the groups. Never throws itself. */
export function parseConfig(raw: Record<string, unknown>): Config {
  const problems: Problem[] = [];
  const r = reader(raw, problems);
  // Each group's problems, in the order Config.problems lists them.
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
    bookings: [],
    payments: [],
    privacy: [],
  };
  const site = parseSite(r, out.site);
  const firestore = parseFirestore(r, out.firestore);
  const leads = parseLeads(r, firestore, out.leads, out.firestore);
  const limits = parseLimits(r, out.limits);
  const feeds = parseFeeds(r, out.feeds);
  const whatsapp = parseWhatsApp(r, leads.defaultPhoneRegion, out.whatsapp);
  const turnstile = parseTurnstile(r, whatsapp.sending.ok, out.turnstile);
  const access = parseAccess(r, out.access);
  const alerts = parseAlerts(r, whatsapp, out.alerts);
  const newsletter = parseNewsletter(r, out.newsletter);
  const quiz = parseQuiz(r, out.quiz);
  const bookings = parseBookings(r, out.bookings);
  const payments = parsePayments(r, out.payments);
  const privacy = parsePrivacy(r, out.privacy);
  problems.push(...Object.values(out).flat());

  // A strict group that cannot work throws when it is read, naming what is wrong; the others go on.
  const config = { environment: r.environment } as Config;
  const strict = { site, leads, firestore, limits, feeds, privacy };
  for (const [group, value] of Object.entries(strict) as [Group, unknown][]) {
    Object.defineProperty(config, group, {
      enumerable: true,
      configurable: true,
      get() {
        if (out[group].length > 0) throw new ConfigError(group, out[group]);
        return value;
      },
    });
  }
  const deadLetterQueue = r.valueOf('JOBS_DEAD_LETTER_QUEUE') ?? '';
  return Object.assign(config, {
    whatsapp,
    turnstile,
    alerts,
    access,
    newsletter,
    quiz,
    bookings,
    payments,
    deadLetterQueue,
    problems,
  });
}
