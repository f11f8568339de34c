import * as z from 'zod';
import { LEAD_KINDS, LeadSchema } from '../store/leads/lead';
import { E164 } from '../store/phone';
import { USER_ID } from '../shared/user-id';
import { BOOKING_PROVIDERS } from '../shared/booking';

/**
 * Every kind of message the Worker sends itself through the JOBS queue. Queue bodies cross a deploy
 * boundary (a job enqueued by an older version may arrive at a newer one), so they are parsed with this
 * schema rather than trusted.
 */
export const JobSchema = z.discriminatedUnion('type', [
  /** Send the messages a stored lead triggers (visitor and owners). */
  z.object({ type: z.literal('notify'), lead: LeadSchema }),
  /** A lead accepted while the store was down, parked until the store takes it; `attempt` drives the backoff. */
  z.object({ type: z.literal('store'), lead: LeadSchema, attempt: z.number().int().min(0) }),
  /** Send again the deliveries an operator marked `replay`. */
  z.object({ type: z.literal('replay-deliveries') }),
  /** At the end of an hour, tell one owner (E.164) how many alerts were folded into that hour's digest. */
  z.object({ type: z.literal('digest'), hourStart: z.iso.datetime(), recipient: E164 }),
  /** An owner alert that failed, or is not confirmed delivered in time: email that owner instead. */
  z.object({
    type: z.literal('owner-fallback'),
    /** The owner alert's ledger key. */
    submissionId: z.string().min(1),
    template: z.string().min(1),
    recipient: E164,
  }),
  /**
   * A newsletter subscription sent on to the newsletter tool (NEWSLETTER_PROVIDER): a signup (`subscribe`,
   * the tool's double opt-in) or an unsubscribe made on the site. Keyed in the delivery ledger by the
   * subscription's id, so each goes to the tool at most once.
   */
  z.object({
    type: z.literal('newsletter'),
    action: z.enum(['subscribe', 'unsubscribe']),
    subscriptionId: z.string().min(1),
    email: z.string().min(3),
    /**
     * A signup's Turnstile verdict, as on its lead (Lead.verified, Lead.unchecked): an unverified signup is not
     * sent on (the ledger skips it); absent on jobs queued before the rule: the verdict stored with the
     * subscription decides.
     */
    verified: z.boolean().optional(),
    unchecked: z.boolean().optional(),
  }),
  /**
   * A person erased on the desk whose signup the newsletter tool had received: the tool forgets them too
   * (src/newsletter/erase.ts). `erasure` is the erasure log's entry, which records how it went; the address
   * lives only in this job.
   */
  z.object({
    type: z.literal('newsletter-erase'),
    erasure: z.number().int().positive(),
    /** The tool that had the signup when the person was erased. */
    provider: z.enum(['kit', 'mailchimp']),
    email: z.string().min(3),
  }),
  /**
   * A visitor wrote to the business number: alert both owners (at most once per sender per hour). `sender` is
   * an opaque reference to the number (no phone in a ledger key or a log line); `leadRef` is null for a number
   * no lead has, which only the hour's digest counts.
   */
  z.object({
    type: z.literal('visitor-reply'),
    sender: z.string().regex(/^[0-9a-f]{16,64}$/),
    hourStart: z.iso.datetime(),
    leadRef: z.object({ kind: z.enum(LEAD_KINDS), id: z.string().min(1), name: z.string() }).nullable(),
    /** The start of what they wrote (at most 300 characters). */
    text: z.string().max(300),
    /** When they wrote it (absent in jobs of older versions: then the hour's start stands for it). */
    at: z.iso.datetime().optional(),
  }),
  /**
   * Send a message to a visitor from the desk, already in the ledger under this key: an owner's answer (template
   * desk_reply, when `template` is absent) or another template an owner sent (a follow-up).
   */
  z.object({
    type: z.literal('desk-reply'),
    submissionId: z.string().min(1),
    /** Their number, or their WhatsApp user id when they show no number. */
    recipient: z.union([E164, z.string().regex(USER_ID)]),
    template: z.string().min(1).max(100).optional(),
  }),
  /**
   * A booking tool told of a new call or a cancelled one: alert both owners (templates call_booked,
   * call_cancelled). The booking is read from the store when the job runs (an erased one is not told).
   */
  z.object({
    type: z.literal('booking-alert'),
    provider: z.enum(BOOKING_PROVIDERS),
    bookingId: z.string().min(1).max(500),
    event: z.enum(['created', 'cancelled']),
    /** The event's time (BookingEvent.at): with the booking, the alert's key in the ledger. */
    at: z.iso.datetime({ offset: true }),
  }),
  /**
   * Razorpay told of a payment: alert both owners (template payment_received). Named by Razorpay's payment id (not
   * personal), the payment is read from the store when the job runs (an erased person's is not told).
   */
  z.object({ type: z.literal('payment-alert'), providerPaymentId: z.string().regex(/^pay_[A-Za-z0-9]{1,40}$/) }),
  /**
   * Email a payment request's link to the address the lead gave (template payment_request_email), by the request's
   * own id (not personal): the request and the lead are read when the job runs (an erased person's are gone).
   */
  z.object({ type: z.literal('payment-request-email'), requestId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }),
  /**
   * Send a client their page's link (issue 57): WhatsApp text or template `client_page`, or email. It carries the
   * token, which the site keeps only hashed; a job whose link was replaced or revoked since sends nothing.
   */
  z.object({
    type: z.literal('client-link'),
    engagementId: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
    token: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
    // `any`: an engagement a payment started; the consumer chooses the channels as the desk does and queues them.
    channel: z.enum(['text', 'template', 'email', 'any']),
  }),
  /**
   * Email a call's reminder to the address it was booked with (ledger template call_reminder_email), the row the
   * cron opened: sent only while the booking is still on at `startAt` (an erased, moved or cancelled one is not).
   */
  z.object({
    type: z.literal('call-reminder-email'),
    provider: z.enum(BOOKING_PROVIDERS),
    bookingId: z.string().min(1).max(500),
    startAt: z.iso.datetime({ offset: true }),
  }),
  /**
   * Email a guide request's link (issue 59): the confirmation, or once confirmed the download. By the request's own
   * id (random, not personal): the link is signed again when the job runs, so no token waits in the queue.
   */
  z.object({
    type: z.literal('guide-email'),
    requestId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
    email: z.enum(['confirm', 'link']),
  }),
  /** Tell WhatsApp the owners read a visitor's message (blue ticks). */
  z.object({ type: z.literal('mark-read'), messageId: z.string().min(1).max(200) }),
  /** Fetch a visitor's attachment from Meta into R2, by our own id of it (never Meta's id or the wamid). */
  z.object({ type: z.literal('media-fetch'), media: z.string().regex(/^[0-9a-f]{32}$/) }),
]);

export type Job = z.output<typeof JobSchema>;
/** One kind of job, by its type: `JobOf<'digest'>` (one name for every kind, so none needs an alias kept by hand). */
export type JobOf<K extends Job['type']> = Extract<Job, { type: K }>;

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
