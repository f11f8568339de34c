/**
 * The client store contract's adapters and records (tests/store/clients/*.test.ts): D1 for real inside workerd, and
 * Firestore over REST against the stand-in, with service-account credentials and through FIRESTORE_EMULATOR_HOST.
 * Each test starts without clients.
 */
import { env } from 'cloudflare:test';
import type { Env } from '../../../src/env';
import type { EngagementRecord, LeadRef, TestimonialRecord } from '../../../src/store/clients/clients';
import { firestoreEnv } from '../../support/firestore';

const TABLES = ['engagements', 'terms_acceptances', 'testimonials'];

export const ADAPTERS: Array<[string, () => Promise<Env>]> = [
  [
    'D1',
    async () => {
      await env.DB.batch(TABLES.map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
      return env;
    },
  ],
  ['Firestore (service account)', async () => (await firestoreEnv('credentials')).env],
  ['Firestore (emulator host)', async () => (await firestoreEnv('emulator')).env],
];

/** A time `h` hours after a fixed start, in the canonical `toISOString` form. */
export const at = (h: number) => new Date(Date.UTC(2030, 5, 1, 0, 0, 0) + h * 3_600_000).toISOString();

const randomHex = (bytes: number) =>
  [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** A quiz lead of its own. */
export const newLead = (): LeadRef => ({ kind: 'quiz', id: randomHex(16) });

/** An engagement of `lead` started at hour `h`: six sessions of Inner Compass, valid through `validUntil`. */
export function engagement(lead: LeadRef, h: number, over: Partial<EngagementRecord> = {}): EngagementRecord {
  return {
    id: randomHex(16),
    lead,
    program: 'inner-compass',
    programTitle: 'Inner Compass',
    sessions: 6,
    validUntil: '2030-12-31',
    terms: { versionId: 3, text: 'Sessions move with 24 hours’ notice.', hash: 'a'.repeat(64) },
    reference: randomHex(12),
    uncounted: [],
    answered: [],
    createdBy: 'priya@example.com',
    createdAt: at(h),
    ...over,
  };
}

/** A testimonial on `e`, sent at hour `h`, pending. */
export function testimonial(e: EngagementRecord, h: number, over: Partial<TestimonialRecord> = {}): TestimonialRecord {
  return {
    id: randomHex(16),
    engagementId: e.id,
    lead: e.lead,
    quote: `The calls helped me ${randomHex(4)}`,
    name: 'Asha V.',
    place: 'Pune',
    consentVersion: '2030-01',
    submittedAt: at(h),
    status: 'pending',
    ...over,
  };
}

/** A live link with this hash, issued at hour `h`. */
export const link = (hash: string, h = 0) => ({
  hash,
  issuedAt: at(h),
  issuedBy: 'priya@example.com',
  expiresAt: at(h + 24 * 180),
});
