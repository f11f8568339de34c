import { readConfig, type Env } from '../../env';
import { logEvent } from '../../log';
import { greetingName } from '../../shared/lead-rules';
import { E164 } from '../../store/phone';
import { contactOf, type Lead } from '../../store/leads/lead';
import type { EngagementRecord, TestimonialRecord } from '../../store/clients/clients';
import { getConversationStore } from '../../store/conversations/open';
import { testimonialWords as words } from '../../words/clients/testimonials';
import { freeText, queueVisitorSend, windowState } from '../conversations/desk-replies';
import { leadVouches } from '../follow-ups/follow-ups';
import { readBudgets } from '../ledger/budgets';
import { deliver } from '../ledger/deliver';
import { deliveryStore } from '../ledger/ledger-store';
import { createEmailSender, emailMessage } from '../email/email';

/** The ledger key of one request: asking again (a new time) sends again, a double tap does not. */
export const testimonialRequestId = (engagement: EngagementRecord) =>
  `testimonial-request:${engagement.id}:${engagement.testimonialAskedAt ?? ''}`;

/**
 * Tells the client an owner asked for a testimonial: a WhatsApp text while their 24-hour window is open, through
 * the ledger and the queue; outside it nothing (no template exists for it: their page shows the form whenever they
 * open it, and the owner may write to them). A lead without a real number, or one Turnstile did not vouch for,
 * gets none. Answers what happened, for the desk's log.
 */
export async function tellClientAsked(
  env: Env,
  lead: Lead,
  engagement: EngagementRecord,
  by: string,
  now = new Date(),
): Promise<'queued' | 'skipped' | 'no_phone' | 'unverified' | 'window_closed'> {
  const { name, phone } = contactOf(lead);
  if (!E164.safeParse(phone).success) return 'no_phone';
  if (!(await leadVouches(env.DB, lead))) return 'unverified';
  const received = await getConversationStore(env).from(phone);
  if (windowState(received.at(-1)?.at ?? null, now)?.open !== true) return 'window_closed';
  const send = freeText(phone, words.askText(greetingName(name) || words.noName));
  const row = await queueVisitorSend(
    env,
    { submissionId: testimonialRequestId(engagement), leadKind: lead.kind, send, by },
    now,
  );
  return row.status === 'skipped' ? 'skipped' : 'queued';
}

/** The ledger template of the owners' email when an approved testimonial is withdrawn. */
export const TESTIMONIAL_WITHDRAWN_EMAIL = 'testimonial_withdrawn_email';

/**
 * Emails each owner with an address that a client withdrew an approved testimonial (it left the draft; the live
 * site keeps it until they publish), once per testimonial and owner through the ledger. The email names the
 * client as their quote did (the name they chose to show) and links to the content editor.
 */
export async function tellOwnersWithdrawn(env: Env, testimonial: TestimonialRecord): Promise<void> {
  const config = readConfig(env);
  const link = `${config.site.url}/desk/content`;
  const store = deliveryStore(env);
  for (const owner of config.whatsapp.owners) {
    if (!owner.email) continue;
    const message = emailMessage(
      TESTIMONIAL_WITHDRAWN_EMAIL,
      owner.email,
      words.withdrawnAlert.subject,
      words.withdrawnAlert.text(testimonial.name, link),
    );
    const step = await deliver(
      { submissionId: `testimonial-withdrawn:${testimonial.id}`, leadKind: testimonial.lead.kind },
      message,
      store,
      createEmailSender(env),
      { budgets: readBudgets(env), verified: true },
    );
    logEvent('info', 'client.testimonial', { action: 'owners told of withdrawal', done: step.done });
  }
}
