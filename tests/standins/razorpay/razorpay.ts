/**
 * Razorpay inside workerd, with the rules every stand-in shares (tests/standins/razorpay/razorpay-rules.mjs).
 * `fetch` answers Razorpay's API and hands any other request to `next` (the Graph or Firestore stand-in a test
 * installed), so a test can run the whole path at once.
 */
import { env } from 'cloudflare:test';
import { vi } from 'vitest';
import type { Env } from '../../../src/env';
import { createRazorpay } from './razorpay-rules.mjs';

export const RAZORPAY_URL = 'https://razorpay.standin.test';
export const RAZORPAY_KEY_ID = 'rzp_test_StandinKey0001';
export const RAZORPAY_KEY_SECRET = 'standin-key-secret-0001';
export const RAZORPAY_WEBHOOK_SECRET = 'standin-webhook-secret-0001';

export function createRazorpayStandin(next?: (request: Request) => Promise<Response>) {
  const razorpay = createRazorpay({ keyId: RAZORPAY_KEY_ID, keySecret: RAZORPAY_KEY_SECRET });
  /** A dropped connection, or no answer at all (until the caller gives up), for the next `n` calls. */
  let dropped: { n: number; how: 'network' | 'hang' } = { n: 0, how: 'network' };
  const standin = {
    razorpay,
    dropNext(n = 1, how: 'network' | 'hang' = 'network') {
      dropped = { n, how };
    },
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      if (new URL(request.url).hostname !== 'razorpay.standin.test') {
        if (next) return next(request);
        throw new Error(`razorpay stand-in: unexpected request to ${request.url}`);
      }
      if (dropped.n > 0) {
        dropped.n--;
        if (dropped.how === 'network') throw new TypeError('Network connection lost.');
        return new Promise((_, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
        });
      }
      return razorpay.handle(request);
    },
    install() {
      vi.stubGlobal('fetch', standin.fetch);
      return standin;
    },
  };
  return standin;
}

/** The tests' Worker env (or `base`: a Firestore one) with payments on at the stand-in and the webhook secret set. */
export function razorpayEnv(extra: Partial<Env> = {}, base: Env = env): Env {
  return {
    ...base,
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_API_URL: RAZORPAY_URL,
    RAZORPAY_KEY_ID,
    RAZORPAY_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET,
    BUSINESS_NAME: 'Priya Raman Coaching',
    BUSINESS_ADDRESS: '12 MG Road, Bengaluru 560001',
    ...extra,
  } as Env;
}
