import { z } from 'zod';
import type { Lead } from '../leads/types';

/**
 * Every kind of message the Worker sends itself through the JOBS queue. Queue
 * bodies cross a deploy boundary (a job enqueued by an older version may arrive
 * at a newer one), so they are parsed with JobSchema rather than trusted.
 */
export type Job =
  /** Send the messages a stored lead triggers (visitor and owners). */
  | { type: 'notify'; lead: Lead }
  /** A lead accepted while the store was down, parked until the store takes it. */
  | StoreJob
  /** Send again the deliveries an operator marked `replay`. */
  | { type: 'replay-deliveries' }
  /** At the end of an hour, tell one owner how many alerts were folded into that hour's digest. */
  | DigestJob
  /** An owner alert that failed, or is not confirmed delivered in time: email that owner instead. */
  | OwnerFallbackJob;

export interface OwnerFallbackJob {
  type: 'owner-fallback';
  /** The owner alert's ledger key. */
  submissionId: string;
  template: string;
  /** The owner's number, E.164. */
  recipient: string;
}

export interface StoreJob {
  type: 'store';
  lead: Lead;
  /** How many times the write has been tried from the queue (drives the backoff). */
  attempt: number;
}

export interface DigestJob {
  type: 'digest';
  /** Start of the hour (ISO) whose folded alerts it reports. */
  hourStart: string;
  /** The owner's number, E.164. */
  recipient: string;
}

const e164 = z.string().regex(/^\+[1-9]\d{6,14}$/, 'phone must be E.164');
const base = {
  id: z.string().min(1),
  createdAt: z.iso.datetime({ offset: true }),
  /** Absent on jobs queued before the rule existed, all of which had passed Turnstile where it was on. */
  verified: z.boolean().optional(),
  /** Turnstile could not be checked (siteverify unreachable): owners are told one by one. */
  unchecked: z.boolean().optional(),
  // Jobs enqueued before consent and attribution were recorded have neither (see LeadSchema).
  consent: z.object({ version: z.string(), at: z.string() }).optional(),
  attribution: z.record(z.string(), z.string()).optional(),
};

const LeadFieldsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('quiz'),
    ...base,
    answers: z.record(z.string(), z.string()),
    contact: z.object({ first: z.string(), last: z.string(), email: z.string(), phone: z.string() }),
    source: z.string(),
    recommended: z.array(z.string()).default([]),
  }),
  z.object({ kind: z.literal('newsletter'), ...base, email: z.string() }),
  z.object({
    kind: z.literal('enquiry'),
    ...base,
    name: z.string(),
    phone: e164,
    email: z.string(),
    description: z.string(),
  }),
]);

/** A lead in a job; an older job's lead, which has no consent recorded, is marked as such (and still stored). */
export const LeadSchema = LeadFieldsSchema.transform((lead) => ({
  ...lead,
  consent: lead.consent ?? { version: 'not recorded', at: lead.createdAt },
}));

export const JobSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notify'), lead: LeadSchema }),
  z.object({ type: z.literal('store'), lead: LeadSchema, attempt: z.number().int().min(0) }),
  z.object({ type: z.literal('replay-deliveries') }),
  z.object({ type: z.literal('digest'), hourStart: z.iso.datetime(), recipient: e164 }),
  z.object({
    type: z.literal('owner-fallback'),
    submissionId: z.string().min(1),
    template: z.string().min(1),
    recipient: e164,
  }),
]);

export type ParsedJob = { ok: true; job: Job } | { ok: false; reason: string };

export function parseJob(body: unknown): ParsedJob {
  const result = JobSchema.safeParse(body);
  if (result.success) return { ok: true, job: result.data };
  const first = result.error.issues[0];
  return { ok: false, reason: first ? `${first.path.join('.') || 'body'}: ${first.message}` : 'invalid job' };
}

/** Puts a job on the queue as JSON. */
export async function enqueue(env: { JOBS: Queue<unknown> }, job: Job, delaySeconds?: number): Promise<void> {
  await env.JOBS.send(
    job,
    delaySeconds === undefined ? { contentType: 'json' } : { contentType: 'json', delaySeconds },
  );
}
