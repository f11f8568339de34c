import { readConfig, type Env } from '../env';
import { handleStoreJob } from '../leads/parked';
import { logEvent, wamidRef } from '../log';
import { eraseInNewsletterTool, recordDeadToolErasure } from '../newsletter/erase';
import { createNewsletterSender } from '../newsletter/sender';
import { recordDeadNewsletter, syncNewsletter } from '../newsletter/sync';
import { sendableTo } from '../newsletter/tool-marks';
import type { MessageSender } from '../notify/ledger/channel';
import { recordDeadDeskReply, sendDeskReply } from '../notify/conversations/desk-replies';
import { recordDeadDigest, sendDigest } from '../notify/leads/digest';
import { createEmailSender } from '../notify/email/email';
import { recordDeadFallback, sendOwnerFallback } from '../notify/email/fallback';
import { notifyLead, recordDeadNotify } from '../notify/leads/lead-messages';
import { deliveryStore } from '../notify/ledger/ledger-store';
import { markRead } from '../notify/whatsapp/mark-read';
import { fetchMedia, recordDeadMedia } from '../notify/media/media-job';
import { notifyQuizLead, recordDeadQuizNotify } from '../notify/leads/quiz-messages';
import { replayDeliveries, replayToDead } from '../notify/ledger/replay';
import { recordDeadReplyAlert, sendReplyAlert } from '../notify/conversations/replies';
import type { Audience } from '../notify/ledger/templates';
import { createSender } from '../notify/whatsapp/whatsapp';
import type { Job, JobOf } from '../queue/jobs';
import { recordDeadBookingAlert, sendBookingAlert } from '../notify/bookings/booking-alerts';
import { recordDeadPaymentAlert, sendPaymentAlert } from '../notify/payments/payment-alerts';
import { recordDeadPaymentRequestEmail, sendPaymentRequestEmail } from '../notify/payments/payment-request-email';
import { recordDeadClientLink, sendClientLink } from '../notify/clients/client-link';
import { recordDeadGuideEmail, sendGuideEmail } from '../guides/guide-emails';
import { recordDeadCallReminderEmail, sendCallReminderEmail } from '../notify/reminders/reminder-email';
import { ERASED_CONTACT_DAYS, erasedBefore, erasedSince } from '../store/people/erasures';
import type { Lead } from '../store/leads/lead';
import { getLeadStore } from '../store/leads/open';

// Every kind of queue job and what the consumer does with it: run it, record it once it ran out of retries, and
// (for a job about a person) find whether that person was erased since it was made.

/** The erasure checks a job's guard asks, with the key and the phone region read once. */
export interface Erasures {
  /** Whether the lead's person was erased after it arrived. */
  before(lead: Lead): Promise<boolean>;
  /** Whether a number, sender, message or address was erased after `at`. */
  since(what: Parameters<typeof erasedSince>[2], at: string): Promise<boolean>;
}

/** What a job is about, for the log (ids and kinds only). */
type About = Record<string, string>;

interface Guarded<J extends Job> {
  /** What the job is about when its person was erased after it was made, else null; absent: about no one. */
  erased?(job: J, erasures: Erasures, env: Env): Promise<About | null>;
}

/** A job the consumer settles: acked when done, retried after the wait it asks for, recorded once dead. */
interface Settled<J extends Job> extends Guarded<J> {
  /** Runs the job: undefined when it is done, else the wait (seconds) before it is tried again. */
  run(job: J, env: Env): Promise<number | undefined>;
  /** Records a job that ran out of retries (a dead letter); it is not run. */
  dead(job: J, env: Env): Promise<void> | void;
}

/** A job that acks or retries its message itself, on both queues. */
interface OwnsMessage<J extends Job> extends Guarded<J> {
  own(job: J, message: Message<unknown>, env: Env): Promise<void>;
}

export type JobHandler<J extends Job> = Settled<J> | OwnsMessage<J>;

export type JobTable = { [K in Job['type']]: JobHandler<JobOf<K>> };

const aboutLead = async ({ lead }: { lead: Lead }, erasures: Erasures): Promise<About | null> =>
  (await erasures.before(lead)) ? { submissionId: lead.id, kind: lead.kind } : null;

/** The consumer's one table: every job kind, its handlers, and its erasure guard. */
export const JOBS: JobTable = {
  // A parked lead is never given up on for a queue's reason: it is written (or parked again) from here.
  store: { own: handleStoreJob, erased: aboutLead },
  // Only a quiz response reaches its result email: every other lead gets its WhatsApp messages alone.
  notify: {
    run: ({ lead }, env) =>
      lead.kind === 'quiz' ? notifyQuizLead(lead, env, (to) => sendableTo(env, to)) : notifyLead(lead, env),
    dead: ({ lead }, env) =>
      lead.kind === 'quiz' ? recordDeadQuizNotify(lead, env, (to) => sendableTo(env, to)) : recordDeadNotify(lead, env),
    erased: aboutLead,
  },
  'replay-deliveries': {
    run: (_, env) => replayDeliveries(env, deliveryStore(env), sendersFor(env)),
    dead: (_, env) => replayToDead(env, deliveryStore(env)),
  },
  digest: { run: sendDigest, dead: recordDeadDigest },
  'owner-fallback': { run: (job, env) => sendOwnerFallback(job, env), dead: recordDeadFallback },
  newsletter: {
    run: syncNewsletter,
    dead: recordDeadNewsletter,
    // A call for a subscription erased since (by its address, once the subscription is gone).
    erased: async (job, erasures, env) => {
      const since = new Date(Date.now() - ERASED_CONTACT_DAYS * 86_400_000).toISOString();
      if (!(await erasures.since({ email: job.email }, since))) return null;
      const stored = await getLeadStore(env).get('newsletter', job.subscriptionId);
      return stored ? null : { submissionId: job.subscriptionId, kind: 'newsletter' };
    },
  },
  'newsletter-erase': { run: eraseInNewsletterTool, dead: recordDeadToolErasure },
  'visitor-reply': {
    run: sendReplyAlert,
    dead: recordDeadReplyAlert,
    // An alert of what they wrote on WhatsApp (by the sender's pseudonym and when they wrote).
    erased: async (job, erasures) =>
      (await erasures.since({ sender: job.sender }, job.at ?? job.hourStart)) ? { sender: job.sender } : null,
  },
  'desk-reply': { run: sendDeskReply, dead: recordDeadDeskReply },
  'booking-alert': { run: sendBookingAlert, dead: recordDeadBookingAlert },
  // An erased person's payment keeps only its accounting copy, which names no lead: the job then tells no one.
  'payment-alert': { run: sendPaymentAlert, dead: recordDeadPaymentAlert },
  // An erased person's requests are deleted with them: the job then finds none and sends nothing.
  'payment-request-email': { run: sendPaymentRequestEmail, dead: recordDeadPaymentRequestEmail },
  // An erased person's engagements are deleted with them: the job then finds none and sends nothing.
  'client-link': { run: sendClientLink, dead: recordDeadClientLink },
  // An erased person's guide requests are deleted with them: the job then finds none and sends nothing.
  'guide-email': { run: sendGuideEmail, dead: recordDeadGuideEmail },
  // An erased person's bookings are deleted with them: the job then finds none and sends nothing.
  'call-reminder-email': { run: sendCallReminderEmail, dead: recordDeadCallReminderEmail },
  'mark-read': {
    run: (job, env) => markRead(env, job.messageId),
    // Blue ticks are a courtesy: the message is stored and read on the desk whatever WhatsApp shows.
    dead: async (job) =>
      logEvent('warn', 'conversation.read', { providerMessageId: await wamidRef(job.messageId), outcome: 'dead' }),
    // The blue ticks of one of their messages (by its id).
    erased: async (job, erasures) =>
      (await erasures.since({ messageId: job.messageId }, '')) ? { message: await wamidRef(job.messageId) } : null,
  },
  // An attachment erased since is simply no longer found: the job then does nothing.
  'media-fetch': { run: (job, env) => fetchMedia(job, env), dead: recordDeadMedia },
};

/** The handler of a job, typed by its kind. */
export function handlerOf<K extends Job['type']>(job: JobOf<K>): JobHandler<JobOf<K>> {
  return JOBS[job.type as K] as JobHandler<JobOf<K>>;
}

/** The erasure checks of this environment (see Erasures). */
export function erasuresOf(env: Env): Erasures {
  const config = readConfig(env);
  const region = () => config.leads.defaultPhoneRegion;
  // Without ERASURE_KEY (a problem the preflight and the deploy refuse) no keyed erasure was ever recorded, and a
  // lead's messages must still go: only erasures recorded before the key existed are checked.
  const key = () => {
    try {
      return config.privacy.erasureKey;
    } catch {
      return null;
    }
  };
  return {
    before: (lead) => erasedBefore(env.DB, key(), lead, region()),
    since: (what, at) => erasedSince(env.DB, key(), what, at, region()),
  };
}

/**
 * Which channel sends a replayed delivery again, by its audience: email, the newsletter tool, or WhatsApp.
 * A newsletter call whose provider was since removed is sent nowhere and stays failed.
 */
function sendersFor(env: Env): (audience: Audience) => MessageSender {
  const whatsapp = createSender(env);
  const email = createEmailSender(env);
  const newsletter = createNewsletterSender(env) ?? {
    channel: 'none',
    send: async () => ({ kind: 'permanent', code: 'not_configured', message: 'NEWSLETTER_PROVIDER is empty.' }),
  };
  return (audience) => (audience === 'email' ? email : audience === 'newsletter' ? newsletter : whatsapp);
}
