/**
 * Kit and Mailchimp inside workerd, with the rules every stand-in shares (tests/standins/newsletter/kit-rules.mjs and
 * mailchimp-rules.mjs). `fetch` answers the two APIs and hands any other request to `next` (the Graph or
 * Firestore stand-in a test installed), so a test can run the whole path at once.
 */
import { env } from 'cloudflare:test';
import { vi } from 'vitest';
import type { Env } from '../../../src/env';
import { createKit } from './kit-rules.mjs';
import { createMailchimp } from './mailchimp-rules.mjs';

export const KIT_URL = 'https://kit.standin.test';
export const KIT_KEY = 'kit-test-key-1';
export const KIT_FORM_ID = '1234567';
export const MAILCHIMP_URL = 'https://{dc}.mailchimp.standin.test';
export const MAILCHIMP_KEY = 'mc-test-key-0a1b2c-us21';
export const MAILCHIMP_LIST_ID = 'a1b2c3d4e5';

const md5 = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest('MD5', new TextEncoder().encode(text)))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');

export function createNewsletterStandin(next?: (request: Request) => Promise<Response>) {
  const kit = createKit({ apiKey: KIT_KEY, forms: [{ id: Number(KIT_FORM_ID), name: 'Newsletter' }] });
  const mailchimp = createMailchimp({ apiKey: MAILCHIMP_KEY, lists: [{ id: MAILCHIMP_LIST_ID, name: 'News' }], md5 });
  /** A dropped connection for the next `n` calls to either tool. */
  let dropped = 0;
  const standin = {
    kit,
    mailchimp,
    md5,
    dropNext(n = 1) {
      dropped = n;
    },
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      const host = new URL(request.url).hostname;
      const tool = host === 'kit.standin.test' ? kit : host.endsWith('.mailchimp.standin.test') ? mailchimp : null;
      if (!tool) {
        if (next) return next(request);
        throw new Error(`newsletter stand-in: unexpected request to ${request.url}`);
      }
      if (dropped > 0) {
        dropped--;
        throw new TypeError('Network connection lost.');
      }
      return tool.handle(request);
    },
    install() {
      vi.stubGlobal('fetch', standin.fetch);
      return standin;
    },
  };
  return standin;
}

/** The tests' Worker env with the newsletter tool set to Kit or Mailchimp at the stand-in. */
export function newsletterEnv(provider: 'kit' | 'mailchimp', extra: Partial<Env> = {}): Env {
  const settings =
    provider === 'kit'
      ? { KIT_API_URL: KIT_URL, KIT_API_KEY: KIT_KEY, KIT_FORM_ID }
      : { MAILCHIMP_API_URL: MAILCHIMP_URL, MAILCHIMP_API_KEY: MAILCHIMP_KEY, MAILCHIMP_LIST_ID };
  return { ...env, NEWSLETTER_PROVIDER: provider, ...settings, ...extra } as Env;
}
