/**
 * Every setting the Worker reads: its name, whether it is a var (wrangler.toml, public) or a secret
 * (`wrangler secret put`, `.dev.vars` locally), the group that reads it and what it is for.
 * `npm run preflight` prints this table with each setting's state; add a row for each new setting.
 */
export type Group =
  | 'site'
  | 'leads'
  | 'firestore'
  | 'whatsapp'
  | 'turnstile'
  | 'access'
  | 'limits'
  | 'feeds'
  | 'alerts'
  | 'newsletter'
  | 'quiz'
  | 'bookings'
  | 'payments'
  | 'privacy';

export interface Setting<N extends string = string> {
  name: N;
  kind: 'var' | 'secret';
  group: Group;
  purpose: string;
  /** The value when it is unset: always in development; outside it only where its group allows. */
  fallback?: string;
}

/** The value a setting takes when it is unset: always in development; outside it only where its group allows. */
const FALLBACKS: Partial<Record<SettingName, string>> = {
  ENVIRONMENT: 'development',
  SITE_URL: 'http://127.0.0.1:8787',
  DEFAULT_PHONE_REGION: 'IN',
  WHATSAPP_API_URL: 'https://graph.facebook.com',
  OWNER_ALERT_CONFIRM_MINUTES: '15',
  REPLY_DUE_HOURS: '4',
  NUDGE_NEW_HOURS: '24',
  NUDGE_NO_CALL_HOURS: '72',
  WEEKLY_REPORT: 'on',
  TURNSTILE_VERIFY_URL: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  VISITOR_MESSAGES_PER_DAY: '3',
  VISITOR_MESSAGES_DAILY_BUDGET: '100',
  OWNER_ALERTS_PER_HOUR: '20',
  VISITS_DAILY_LIMIT: '20000',
  BUDGET_WINDOW_SCALE: '1',
  JOBS_DEAD_LETTER_QUEUE: 'site-jobs-dlq',
  ERASURE_KEY: 'development-only-erasure-key',
  UNSUBSCRIBE_SECRET: 'development-only-unsubscribe-secret',
  KIT_API_URL: 'https://api.kit.com',
  MAILCHIMP_API_URL: 'https://{dc}.api.mailchimp.com',
  YOUTUBE_FEED_URL: 'https://www.youtube.com/feeds/videos.xml',
  YOUTUBE_THUMB_URL: 'https://i.ytimg.com',
  RAZORPAY_API_URL: 'https://api.razorpay.com',
  PAYMENT_LINK_DAYS: '7',
  PAYMENT_RECORD_YEARS: '8',
  RECEIPT_PREFIX: 'R',
  CALL_REMINDERS: '24,1',
  CLIENT_LINK_DAYS: '180',
};

const s = <const N extends string>(name: N, kind: Setting['kind'], group: Group, purpose: string): Setting<N> => {
  const fallback = (FALLBACKS as Record<string, string | undefined>)[name];
  return { name, kind, group, purpose, ...(fallback !== undefined && { fallback }) };
};

// One row a line: a table read down, in the order preflight prints it (each fallback is in FALLBACKS).
// prettier-ignore
export const SETTINGS = [
  s('ENVIRONMENT', 'var', 'site', 'development (default), staging or production; outside development nothing falls back'),
  s('SITE_URL', 'var', 'site', 'canonical, Open Graph and JSON-LD address of the site (https outside development)'),
  s('LEAD_STORE', 'var', 'leads', '"d1" stores leads in D1 on purpose; otherwise Firestore outside development'),
  s('DEFAULT_PHONE_REGION', 'var', 'leads', 'region for visitor phone numbers typed without a country code'),
  s('CLIENT_LINK_DAYS', 'var', 'leads', "days at most a client's private page link works (180); it also ends with the engagement"),
  s('FIRESTORE_PROJECT_ID', 'secret', 'firestore', 'Firebase project that holds the leads'),
  s('FIRESTORE_CLIENT_EMAIL', 'secret', 'firestore', 'service account the Worker signs in as'),
  s('FIRESTORE_PRIVATE_KEY', 'secret', 'firestore', "that service account's private key (PEM)"),
  s('FIRESTORE_EMULATOR_HOST', 'var', 'firestore', 'host:port of a local Firestore stand-in; development only'),
  s('WHATSAPP_TOKEN', 'secret', 'whatsapp', 'system-user token with whatsapp_business_messaging'),
  s('WHATSAPP_PHONE_NUMBER_ID', 'var', 'whatsapp', 'the phone number id owner messages are sent from'),
  s('WHATSAPP_BUSINESS_ACCOUNT_ID', 'var', 'whatsapp', 'WhatsApp Business account that owns the templates'),
  s('WHATSAPP_API_URL', 'var', 'whatsapp', 'Graph API base address (https outside development)'),
  s('WHATSAPP_WEBHOOK_VERIFY_TOKEN', 'secret', 'whatsapp', 'the string Meta echoes when it verifies POST /webhooks/whatsapp (any long random text)'),
  s('WHATSAPP_APP_SECRET', 'secret', 'whatsapp', "the Meta app's secret: signs every status webhook (X-Hub-Signature-256)"),
  s('OWNER_PHONES', 'secret', 'whatsapp', "the two owners' WhatsApp numbers, Admin1 then Admin2"),
  s('OWNER_NAMES', 'var', 'whatsapp', 'how the owners are greeted, same order as OWNER_PHONES'),
  s('OWNER_EMAILS', 'secret', 'alerts', "the owners' email addresses, same order as OWNER_PHONES (second channel)"),
  s('ALERT_EMAIL_FROM', 'var', 'alerts', "address on the site's domain that alert emails are sent from"),
  s('OWNER_ALERT_CONFIRM_MINUTES', 'var', 'alerts', 'minutes an owner alert may stay unconfirmed by WhatsApp before it is emailed (15)'),
  s('REPLY_DUE_HOURS', 'var', 'alerts', "hours a visitor's message may wait for the owners' answer before the desk marks its conversation waiting (4)"),
  s('NUDGE_NEW_HOURS', 'var', 'alerts', "hours a lead may stay new before its owner (both, if nobody's) is nudged, once (24)"),
  s('NUDGE_NO_CALL_HOURS', 'var', 'alerts', 'hours after its result a quiz lead with a recommendation and no call is nudged, once (72)'),
  s('WEEKLY_REPORT', 'var', 'alerts', 'the Monday 08:00 report by email to each owner: "on" or "off" (on)'),
  s('OPERATOR_EMAIL', 'secret', 'alerts', 'also told by email when the self-check turns unhealthy or recovers'),
  s('HEALTHCHECK_URL', 'secret', 'alerts', "dead-man's-switch address pinged after every healthy self-check"),
  s('TURNSTILE_SITE_KEY', 'var', 'turnstile', 'Turnstile widget key shown to browsers'),
  s('TURNSTILE_SECRET_KEY', 'secret', 'turnstile', 'Turnstile key the Worker verifies tokens with'),
  s('TURNSTILE_DISABLED', 'var', 'turnstile', '"1": run without Turnstile on purpose (required outside development)'),
  s('TURNSTILE_VERIFY_URL', 'var', 'turnstile', 'siteverify address (https outside development)'),
  s('ACCESS_TEAM_DOMAIN', 'var', 'access', 'Cloudflare Access team address whose keys sign desk requests (https)'),
  s('ACCESS_AUD', 'var', 'access', "the desk's Access application audience tag"),
  s('VISITOR_MESSAGES_PER_DAY', 'var', 'limits', 'most messages one typed number or address gets in 24 hours (3)'),
  s('VISITOR_MESSAGES_DAILY_BUDGET', 'var', 'limits', 'most visitor messages in all per calendar day in India (100)'),
  s('OWNER_ALERTS_PER_HOUR', 'var', 'limits', 'alerts per owner per hour; the rest go into one digest (20)'),
  s('VISITS_DAILY_LIMIT', 'var', 'limits', 'most new visitors counted in all per day; past it counting pauses until the next day and the Sources page says so (20000)'),
  s('BUDGET_WINDOW_SCALE', 'var', 'limits', 'development only: budget windows run this many times faster (npm run abuse)'),
  s('DEV_LOOPBACK_ONLY', 'var', 'site', 'development only: "1" when the server listens on loopback alone (npm run dev sets it); turns on /__dev/* and the local desk owner'),
  s('JOBS_DEAD_LETTER_QUEUE', 'var', 'site', 'name of the dead-letter queue of site-jobs in this environment'),
  s('ERASURE_KEY', 'secret', 'privacy', "keys what is kept in place of erased data, the WhatsApp senders' pseudonyms and each day's visit fingerprints (HMAC); any long random text (required outside development)"),
  s('UNSUBSCRIBE_SECRET', 'secret', 'newsletter', 'signs the /unsubscribe links (HMAC); any long random text (required outside development)'),
  s('NEWSLETTER_PROVIDER', 'var', 'newsletter', '"kit" or "mailchimp" sends each verified signup (one a day per address) and unsubscribe on to that tool; empty: none'),
  s('KIT_API_KEY', 'secret', 'newsletter', 'Kit API v4 key (NEWSLETTER_PROVIDER=kit)'),
  s('KIT_FORM_ID', 'var', 'newsletter', 'the Kit form subscribers are added to; its double opt-in email goes out'),
  s('KIT_API_URL', 'var', 'newsletter', 'Kit API base address (https outside development)'),
  s('MAILCHIMP_API_KEY', 'secret', 'newsletter', 'Mailchimp Marketing API key, ending in its data centre (-us21)'),
  s('MAILCHIMP_LIST_ID', 'var', 'newsletter', 'the Mailchimp audience (list) subscribers join as pending'),
  s('MAILCHIMP_API_URL', 'var', 'newsletter', "Mailchimp API base address; {dc} becomes the key's data centre (https outside development)"),
  s('KIT_WEBHOOK_SECRET', 'secret', 'newsletter', "Kit webhook endpoint's secret (X-Kit-Signature): unsubscribes, bounces and complaints at Kit come back; unset: /webhooks/kit answers 404"),
  s('MAILCHIMP_WEBHOOK_SECRET', 'secret', 'newsletter', "long random text at the end of Mailchimp's webhook address (/webhooks/mailchimp/<secret>); unset: that address answers 404"),
  s('YOUTUBE_FEED_URL', 'var', 'feeds', 'YouTube feed base address'),
  s('YOUTUBE_THUMB_URL', 'var', 'feeds', 'thumbnail host the Worker proxies'),
  s('YOUTUBE_SAMPLE_FEEDS', 'var', 'feeds', '"1" serves the bundled sample feeds (offline demos)'),
  s('PODCAST_FEED_URL', 'var', 'feeds', "the show's RSS feed: Listen shows its newest six episodes, played in the site's own player (https outside development); unset: the published episodes"),
  s('RESULT_EMAIL_FROM', 'var', 'quiz', "address on the site's sending domain the quiz result email comes from; unset: no result email"),
  s('BOOKING_URL', 'var', 'quiz', 'page where a visitor books a call (Cal.com, Calendly; https outside development); unset: the enquiry form'),
  s('BOOKING_PROVIDER', 'var', 'bookings', '"calcom" or "calendly": the tool behind BOOKING_URL, whose link then carries the lead\'s opaque reference; empty: no reference'),
  s('CALCOM_WEBHOOK_SECRET', 'secret', 'bookings', "Cal.com webhook's secret (X-Cal-Signature-256); unset: /webhooks/calcom answers 404"),
  s('CALENDLY_WEBHOOK_SIGNING_KEY', 'secret', 'bookings', "Calendly webhook subscription's signing key (Calendly-Webhook-Signature); unset: /webhooks/calendly answers 404"),
  s('CALL_REMINDERS', 'var', 'bookings', 'hours before a booked call its WhatsApp reminders go, from the business number (24,1); empty: no reminders'),
  s('PAYMENT_PROVIDER', 'var', 'payments', '"razorpay": owners ask for payment from a lead\'s page with a payment link; empty: no payments'),
  s('RAZORPAY_KEY_ID', 'var', 'payments', 'Razorpay API key id (rzp_live_… or rzp_test_…)'),
  s('RAZORPAY_KEY_SECRET', 'secret', 'payments', "that key's secret: payment links and refunds are made with it"),
  s('RAZORPAY_API_URL', 'var', 'payments', 'Razorpay API base address (https outside development)'),
  s('RAZORPAY_WEBHOOK_SECRET', 'secret', 'payments', "Razorpay webhook's secret (X-Razorpay-Signature); unset: /webhooks/razorpay answers 404"),
  s('PAYMENT_LINK_DAYS', 'var', 'payments', 'days a payment link stays payable (7)'),
  s('BUSINESS_NAME', 'var', 'payments', 'the business name printed on receipts (required with PAYMENT_PROVIDER outside development)'),
  s('BUSINESS_ADDRESS', 'var', 'payments', 'the business address printed on receipts (required with PAYMENT_PROVIDER outside development)'),
  s('RECEIPT_PREFIX', 'var', 'payments', 'receipt numbers start with it: R/2026-27/0001 (R)'),
  s('GSTIN', 'var', 'payments', 'the business GST number: receipts become tax invoices (SAC 999293, 18 %); unset: plain receipts'),
  s('GST_STATE', 'var', 'payments', "two-digit state code of the GSTIN: CGST + SGST for a buyer in it, IGST otherwise"),
  s('PAYMENT_RECORD_YEARS', 'var', 'payments', "years the accounting copy of an erased person's payments is kept, then deleted (8)"),
] as const satisfies readonly Setting[];

/** The name of a setting the Worker reads: a misspelled name does not compile. */
export type SettingName = (typeof SETTINGS)[number]['name'];

/** The fallback of a setting (its row in SETTINGS), or undefined when it has none. */
export function fallbackOf(name: SettingName): string | undefined {
  return (SETTINGS as readonly Setting[]).find((x) => x.name === name)?.fallback;
}
