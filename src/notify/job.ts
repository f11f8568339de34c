import { z } from 'zod';
import type { Job } from '../leads/types';

const base = { id: z.string().min(1), createdAt: z.iso.datetime({ offset: true }) };

/**
 * The shape a queue message must have before anything is sent. Queue bodies
 * cross a deploy boundary (a job enqueued by an older version may arrive at a
 * newer one), so they are checked rather than trusted.
 */
const LeadSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('quiz'),
    ...base,
    answers: z.record(z.string(), z.string()),
    contact: z.object({ first: z.string(), last: z.string(), email: z.string(), phone: z.string() }),
    source: z.string(),
  }),
  z.object({ kind: z.literal('newsletter'), ...base, email: z.string() }),
  z.object({
    kind: z.literal('enquiry'),
    ...base,
    name: z.string(),
    phone: z.string().regex(/^\+[1-9]\d{6,14}$/, 'phone must be E.164'),
    email: z.string(),
    description: z.string(),
  }),
]);

const JobSchema = z.object({ type: z.literal('notify'), lead: LeadSchema });

export type ParsedJob = { ok: true; job: Job } | { ok: false; reason: string };

export function parseJob(body: unknown): ParsedJob {
  const result = JobSchema.safeParse(body);
  if (result.success) return { ok: true, job: result.data };
  const first = result.error.issues[0];
  return { ok: false, reason: first ? `${first.path.join('.') || 'body'}: ${first.message}` : 'invalid job' };
}
