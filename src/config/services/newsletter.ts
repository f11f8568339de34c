import { reasonOf, type Problem } from '../read/problem.ts';
import type { Reader } from '../read/reader.ts';

/** Where signups are sent on to, with what; or why they cannot be (a mistake outside development). */
export type NewsletterProvider =
  | { name: 'none' }
  | { name: 'kit'; ok: true; apiUrl: string; apiKey: string; formId: string }
  | { name: 'mailchimp'; ok: true; apiUrl: string; apiKey: string; listId: string }
  | { name: 'kit' | 'mailchimp'; ok: false; reason: string };

export interface NewsletterConfig {
  /**
   * The HMAC key of the /unsubscribe links. In development a fixed local value when unset; outside it
   * required, and absent (reported as a problem) when unset: the links then cannot be made or checked.
   */
  unsubscribeSecret?: string;
  provider: NewsletterProvider;
  /** KIT_WEBHOOK_SECRET: the HMAC key of `X-Kit-Signature`; absent: /webhooks/kit answers 404. */
  kitWebhookSecret?: string;
  /** MAILCHIMP_WEBHOOK_SECRET: the last part of Mailchimp's webhook address; absent: that address answers 404. */
  mailchimpWebhookSecret?: string;
}

/** The shortest UNSUBSCRIBE_SECRET accepted outside development: a guessable key forges every link. */
const MIN_SECRET_LENGTH = 32;

/**
 * The unsubscribe links' key and the optional newsletter tool (NEWSLETTER_PROVIDER kit or mailchimp, each with
 * its key and its form or list). A provider named without its settings is an error outside development, and
 * every signup is then recorded as failed (not_configured) rather than quietly kept from the tool.
 */
export function parseNewsletter(r: Reader, out: Problem[]): NewsletterConfig {
  const { text, deployed } = r;
  let unsubscribeSecret = deployed ? text('UNSUBSCRIBE_SECRET') : r.valueOf('UNSUBSCRIBE_SECRET');
  if (deployed && unsubscribeSecret === undefined) {
    out.push({
      setting: 'UNSUBSCRIBE_SECRET',
      message: 'UNSUBSCRIBE_SECRET is not set: no unsubscribe link can be made or checked.',
    });
  } else if (deployed && unsubscribeSecret !== undefined && unsubscribeSecret.length < MIN_SECRET_LENGTH) {
    out.push({
      setting: 'UNSUBSCRIBE_SECRET',
      message: `UNSUBSCRIBE_SECRET must be at least ${MIN_SECRET_LENGTH} characters of random text.`,
    });
    unsubscribeSecret = undefined;
  }
  const kitWebhookSecret = webhookSecret(r, out, 'KIT_WEBHOOK_SECRET', MIN_KIT_WEBHOOK_SECRET_LENGTH);
  const mailchimpWebhookSecret = webhookSecret(r, out, 'MAILCHIMP_WEBHOOK_SECRET', MIN_SECRET_LENGTH);
  return {
    ...(unsubscribeSecret !== undefined && { unsubscribeSecret }),
    provider: parseProvider(r, out),
    ...(kitWebhookSecret !== undefined && { kitWebhookSecret }),
    ...(mailchimpWebhookSecret !== undefined && { mailchimpWebhookSecret }),
  };
}

/**
 * Kit makes its endpoint's secret itself (the site only keeps it): 16 characters is the floor that still catches a
 * placeholder or a truncated paste. Mailchimp's is the owners' own random text in an unsigned address: it is the whole
 * guard, so it is as long as the unsubscribe key.
 */
const MIN_KIT_WEBHOOK_SECRET_LENGTH = 16;

/** A webhook's secret, or undefined (the webhook then answers 404); outside development a short one is a problem. */
function webhookSecret(
  r: Reader,
  out: Problem[],
  setting: 'KIT_WEBHOOK_SECRET' | 'MAILCHIMP_WEBHOOK_SECRET',
  min: number,
): string | undefined {
  const value = r.text(setting);
  if (value === undefined) return undefined;
  if (r.deployed && value.length < min) {
    out.push({ setting, message: `${setting} must be at least ${min} characters of random text.` });
    return undefined;
  }
  return value;
}

function parseProvider(r: Reader, out: Problem[]): NewsletterProvider {
  const { text, deployed } = r;
  const name = text('NEWSLETTER_PROVIDER');
  if (name === undefined) return { name: 'none' };
  if (name !== 'kit' && name !== 'mailchimp') {
    out.push({ setting: 'NEWSLETTER_PROVIDER', message: 'NEWSLETTER_PROVIDER must be "kit", "mailchimp" or empty.' });
    return { name: 'none' };
  }
  const problems: Problem[] = [];
  const need = (setting: 'KIT_API_KEY' | 'KIT_FORM_ID' | 'MAILCHIMP_API_KEY' | 'MAILCHIMP_LIST_ID') => {
    const value = text(setting);
    if (value === undefined)
      problems.push({ setting, message: `NEWSLETTER_PROVIDER is ${name} but ${setting} is not set.` });
    return value ?? '';
  };
  let provider: NewsletterProvider;
  if (name === 'kit') {
    const apiUrl = r.address('KIT_API_URL', problems);
    const apiKey = need('KIT_API_KEY');
    const formId = need('KIT_FORM_ID');
    if (formId && !/^\d+$/.test(formId))
      problems.push({ setting: 'KIT_FORM_ID', message: 'KIT_FORM_ID must be the form’s number.' });
    provider = { name, ok: true, apiUrl, apiKey, formId };
  } else {
    const apiKey = need('MAILCHIMP_API_KEY');
    const listId = need('MAILCHIMP_LIST_ID');
    const dc = /-([a-z]+\d+)$/.exec(apiKey)?.[1];
    if (apiKey && !dc) {
      problems.push({
        setting: 'MAILCHIMP_API_KEY',
        message: 'MAILCHIMP_API_KEY must end in its data centre, like …-us21.',
      });
    }
    const template = r.valueOf('MAILCHIMP_API_URL') ?? '';
    const apiUrl = template.replace('{dc}', dc ?? 'us1').replace(/\/+$/, '');
    if (!r.url.safeParse(apiUrl).success) {
      problems.push({
        setting: 'MAILCHIMP_API_URL',
        message: `MAILCHIMP_API_URL must be an ${deployed ? 'https' : 'http(s)'} address (with {dc} for the data centre).`,
      });
    }
    provider = { name, ok: true, apiUrl, apiKey, listId };
  }
  if (problems.length === 0) return provider;
  // In development a half-configured provider is reported too: nothing falls back to another tool.
  out.push(...problems);
  return { name, ok: false, reason: reasonOf(problems) };
}
