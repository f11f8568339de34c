/**
 * The guide and tool-event stores' adapters and records (tests/store/guides/*.test.ts): D1 for real inside workerd,
 * and Firestore over REST against the stand-in, with service-account credentials and through FIRESTORE_EMULATOR_HOST.
 * Each test starts without guide requests or tool events.
 */
import { env } from 'cloudflare:test';
import type { Env } from '../../../src/env';
import type { GuideRequestRecord } from '../../../src/store/guides/guides';
import type { ToolEvent } from '../../../src/store/newsletter/tool-events';
import { firestoreEnv } from '../../support/firestore';

export const ADAPTERS: Array<[string, () => Promise<Env>]> = [
  [
    'D1',
    async () => {
      await env.DB.batch(['guide_requests', 'newsletter_tool_events'].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
      return env;
    },
  ],
  ['Firestore (service account)', async () => (await firestoreEnv('credentials')).env],
  ['Firestore (emulator host)', async () => (await firestoreEnv('emulator')).env],
];

/** A time `d` days after a fixed start, in the canonical `toISOString` form. */
export const day = (d: number) => new Date(Date.UTC(2030, 5, 1) + d * 86_400_000).toISOString();

const randomId = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16)))).replace(/[+/=]/g, 'x');

/** A request for `guide` by `email`, made on day `d`, unconfirmed and never downloaded. */
export function guideRequest(email: string, d: number, over: Partial<GuideRequestRecord> = {}): GuideRequestRecord {
  return {
    id: randomId(),
    guide: 'five-minute-reset',
    guideTitle: 'The Five-Minute Reset',
    email,
    consent: { version: '2', at: day(d) },
    attribution: { utm_source: 'instagram' },
    source: 'instagram',
    verified: true,
    requestedAt: day(d),
    downloads: 0,
    ...over,
  };
}

/** An event the tool reported about `email`, happened on day `d` and received on day `received`. */
export function toolEvent(email: string, d: number, over: Partial<ToolEvent> = {}): ToolEvent {
  return {
    tool: 'kit',
    eventId: `evt-${randomId()}`,
    email,
    kind: 'unsubscribed',
    occurredAt: day(d),
    receivedAt: day(d),
    ...over,
  };
}
