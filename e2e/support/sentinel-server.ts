/**
 * A second Worker for the secret-leak journeys: every secret is set to its sentinel (tests/standins/sentinels.mjs) and
 * every service that reads one is on. Leads go to Firestore (the strict Firestore stand-in the workerd tests use,
 * reached as FIRESTORE_EMULATOR_HOST; the service-account sentinels sit beside it in the Worker's environment),
 * Turnstile verifies tokens with the sentinel secret, WhatsApp sends with the sentinel token to the sentinel
 * owner numbers, and the desk sits behind the Access stand-in. The shared e2e server keeps leads in D1 and
 * Turnstile off, which the other journeys rely on (their forms, their store reads through /__dev/leads).
 *
 * Ports: SECRETS_PORT (default E2E_PORT + 1; its inspector is +1000) and SECRETS_STANDIN_PORT
 * (default STANDIN_PORT + 1).
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { startLocalWorker } from '../../scripts/dev/local-worker.mjs';
import { SENTINELS } from '../../tests/standins/sentinels.mjs';
import { ACCESS_AUD } from '../../tests/standins/http/access.mjs';
import { register, startStandins } from '../../tests/standins/http/index.mjs';
import '../../tests/standins/http/graph.mjs';
import '../../tests/standins/http/turnstile.mjs';
import '../../tests/standins/http/youtube.mjs';
import '../../tests/standins/http/newsletter.mjs';
import { RAZORPAY_EXPECT } from '../../tests/standins/http/razorpay.mjs';
import { createFirestoreStandin, type FirestoreStandin } from '../../tests/standins/google/firestore';
import type { CompositeIndex } from '../../tests/standins/google/firestore-query';

const PORT = Number(process.env.SECRETS_PORT || Number(process.env.E2E_PORT || 8788) + 1);
const STANDIN_PORT = Number(process.env.SECRETS_STANDIN_PORT || Number(process.env.STANDIN_PORT || 8790) + 1);
export const PROJECT_ID = 'sentinel-project';
export const TURNSTILE_SITE_KEY = '1x00000000000000000000AA';

export interface SentinelServer {
  origin: string;
  /** The stand-ins' address: /graph, /turnstile, /access, /youtube, and Firestore's /v1. */
  standins: string;
  firestore: FirestoreStandin;
  configure(service: string, config: Record<string, unknown>): Promise<void>;
  received(service: string): Promise<{ method: string; path: string; headers: Record<string, string>; body: string }[]>;
  /** An assertion as Access adds it once an owner has signed in. */
  accessToken(claims?: { email?: string; aud?: string }): Promise<string>;
  stop(): Promise<void>;
}

let firestore: FirestoreStandin | undefined;
// Firestore's REST paths start at /v1 (an emulator has no prefix of its own); each call goes to the stand-in.
register('v1', async ({ req, body, url }) => {
  if (!firestore) return { status: 503, body: '{}' };
  const headers = Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as const] : []));
  const res = await firestore.fetch(url.href, {
    method: req.method,
    headers: Object.fromEntries(headers),
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
  });
  return { status: res.status, headers: { 'content-type': 'application/json' }, body: await res.text() };
});

export async function startSentinelServer(): Promise<SentinelServer> {
  const standins = `http://127.0.0.1:${STANDIN_PORT}`;
  const indexes = JSON.parse(readFileSync('firestore.indexes.json', 'utf8')) as { indexes: CompositeIndex[] };
  firestore = createFirestoreStandin({ projectId: PROJECT_ID, emulatorOrigin: standins, indexes: indexes.indexes });
  const server: Server = await startStandins(STANDIN_PORT);
  const control = async (init?: RequestInit) => (await fetch(`${standins}/__control`, init)).json();
  const worker = await startLocalWorker({
    port: PORT,
    build: false, // the shared e2e server has built the bundle and is serving it
    vars: {
      WHATSAPP_API_URL: `${standins}/graph`,
      WHATSAPP_TOKEN: SENTINELS.WHATSAPP_TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
      OWNER_PHONES: SENTINELS.OWNER_PHONES,
      OWNER_NAMES: 'Priya,Arjun',
      OWNER_EMAILS: SENTINELS.OWNER_EMAILS,
      OPERATOR_EMAIL: SENTINELS.OPERATOR_EMAIL,
      HEALTHCHECK_URL: SENTINELS.HEALTHCHECK_URL,
      WHATSAPP_WEBHOOK_VERIFY_TOKEN: SENTINELS.WHATSAPP_WEBHOOK_VERIFY_TOKEN,
      WHATSAPP_APP_SECRET: SENTINELS.WHATSAPP_APP_SECRET,
      FIRESTORE_PROJECT_ID: PROJECT_ID,
      FIRESTORE_EMULATOR_HOST: `127.0.0.1:${STANDIN_PORT}`,
      FIRESTORE_CLIENT_EMAIL: SENTINELS.FIRESTORE_CLIENT_EMAIL,
      FIRESTORE_PRIVATE_KEY: SENTINELS.FIRESTORE_PRIVATE_KEY,
      TURNSTILE_SITE_KEY,
      TURNSTILE_SECRET_KEY: SENTINELS.TURNSTILE_SECRET_KEY,
      TURNSTILE_VERIFY_URL: `${standins}/turnstile/siteverify`,
      YOUTUBE_FEED_URL: `${standins}/youtube/feeds/videos.xml`,
      YOUTUBE_THUMB_URL: `${standins}/youtube`,
      ACCESS_TEAM_DOMAIN: `${standins}/access`,
      ACCESS_AUD,
      UNSUBSCRIBE_SECRET: SENTINELS.UNSUBSCRIBE_SECRET,
      ERASURE_KEY: SENTINELS.ERASURE_KEY,
      NEWSLETTER_PROVIDER: 'kit',
      KIT_API_URL: `${standins}/kit`,
      KIT_API_KEY: SENTINELS.KIT_API_KEY,
      KIT_FORM_ID: '1234567',
      BOOKING_PROVIDER: 'calcom',
      CALCOM_WEBHOOK_SECRET: SENTINELS.CALCOM_WEBHOOK_SECRET,
      CALENDLY_WEBHOOK_SIGNING_KEY: SENTINELS.CALENDLY_WEBHOOK_SIGNING_KEY,
      // The Razorpay stand-in takes the sentinel key secret once the journey configures it so.
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_API_URL: `${standins}/razorpay`,
      RAZORPAY_KEY_ID: RAZORPAY_EXPECT.keyId,
      RAZORPAY_KEY_SECRET: SENTINELS.RAZORPAY_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: SENTINELS.RAZORPAY_WEBHOOK_SECRET,
      BUSINESS_NAME: 'Priya Raman Coaching',
      BUSINESS_ADDRESS: '12 MG Road, Bengaluru 560001',
    },
  });
  return {
    origin: worker.origin,
    standins,
    firestore,
    configure: async (service, config) => {
      await control({ method: 'POST', body: JSON.stringify({ service, ...config }) });
    },
    received: async (service) => ((await control()) as { received: Record<string, never[]> }).received[service] ?? [],
    accessToken: async (claims = {}) => {
      const res = await fetch(`${standins}/access/__sign`, { method: 'POST', body: JSON.stringify(claims) });
      return ((await res.json()) as { token: string }).token;
    },
    stop: async () => {
      await worker.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await firestore?.release();
    },
  };
}
