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
  return { ...(unsubscribeSecret !== undefined && { unsubscribeSecret }), provider: parseProvider(r, out) };
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
