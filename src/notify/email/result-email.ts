import { privacy } from '../../words/privacy';
import { resultEmail } from '../../words/email/result-email';
import { QUIZ_STEPS } from '../../words/site';
import { readConfig, type Env } from '../../env';
import { bookingLink, type BookingLinkProvider } from '../../shared/booking';
import { RECOMMENDED_PARAM, programsNamed, recommend } from '../../shared/recommend';
import { defaultContent } from '../../shared/default-content';
import type { ProgramContent } from '../../shared/site-content';
import type { Lead } from '../../store/leads/lead';
import { BindingEmailSender, LogEmailSender, NotConfiguredEmailSender, emailMessage, type EmailSender } from './email';
import { resultEmailHtml, resultEmailText, type ResultEmailView } from './result-email-html';
import type { Send } from '../ledger/templates';
import { leadRules, readBudgets } from '../ledger/budgets';
import { deliveryStore } from '../ledger/ledger-store';
import { logEvent, maskRecipient } from '../../log';

export type QuizLead = Extract<Lead, { kind: 'quiz' }>;

/** The ledger template of the quiz result email: one per quiz response, to the address it gave. */
export const QUIZ_RESULT_EMAIL = 'quiz_result_email';

/** The ledger template of a payment request's link by email: one per request, to the address its lead gave. */
export const PAYMENT_REQUEST_EMAIL = 'payment_request_email';

/** The ledger template of a call's one reminder by email, to the address it was booked with. */
export const CALL_REMINDER_EMAIL = 'call_reminder_email';

/** The ledger template of a client's page link by email (issue 57): one per link, to the address the lead gave. */
export const CLIENT_PAGE_EMAIL = 'client_page_email';

/** The ledger templates of a guide request (issue 59): the confirmation link, then the download link, one each. */
export const GUIDE_CONFIRM_EMAIL = 'guide_confirm_email';
export const GUIDE_LINK_EMAIL = 'guide_link_email';

/**
 * Whether a ledger message is an email to a visitor (the quiz result, a payment link, a call's reminder): sent
 * through the result email's sender, from RESULT_EMAIL_FROM, not WhatsApp and not the owners' alert address.
 */
export const isResultEmail = (message: { template: string }) =>
  [
    QUIZ_RESULT_EMAIL,
    PAYMENT_REQUEST_EMAIL,
    CALL_REMINDER_EMAIL,
    CLIENT_PAGE_EMAIL,
    GUIDE_CONFIRM_EMAIL,
    GUIDE_LINK_EMAIL,
  ].includes(message.template);

/**
 * The recommended programs of a response, most fitting first, as published now (a program no longer published by
 * its default one); from its answers when it recorded none that is known.
 */
function programsOf(lead: QuizLead, programs: readonly ProgramContent[]): ProgramContent[] {
  const named = programsNamed(lead.recommended, programs);
  if (named.length > 0) return named;
  return recommend(lead.answers, programs).flatMap((slug) => programs.filter((p) => p.slug === slug));
}

/**
 * The result email of a quiz response: its programs (title, one line, a link to it on the site), the next step
 * (the booking page when there is one, with the response's booking reference, else the enquiry form), the answers it was based on, who it is from and
 * why it came, and the privacy notice. Pure: the same response and settings give the same email. It counts as a
 * message to the visitor: their budgets apply, and nothing goes for a submission Turnstile did not verify.
 */
export function resultEmailFor(
  lead: QuizLead,
  settings: {
    siteUrl: string;
    bookingUrl?: string | undefined;
    bookingProvider?: BookingLinkProvider | undefined;
    /** The published programs (their titles and reasons); the default ones when not given. */
    programs?: readonly ProgramContent[];
  },
): Send {
  const { siteUrl, bookingUrl, bookingProvider } = settings;
  const programs = settings.programs ?? defaultContent().programs;
  const chosen = programsOf(lead, programs);
  const slugs = chosen.map((p) => p.slug);
  // The link carries the response's reference when the booking tool is known, so the booking comes back to it.
  const booking = bookingProvider && lead.bookingRef ? { provider: bookingProvider, ref: lead.bookingRef } : undefined;
  const view: ResultEmailView = {
    greeting: resultEmail.greeting(lead.contact.first),
    intro: resultEmail.intro,
    programs: chosen.map(({ slug, title, reason }) => ({
      title,
      line: reason,
      href: `${siteUrl}/?${RECOMMENDED_PARAM}=${slugs.join(',')}#program-${slug}`,
      linkText: resultEmail.programLink,
    })),
    next: bookingUrl
      ? { lead: resultEmail.bookLead, label: resultEmail.book, href: bookingLink(bookingUrl, slugs[0]!, booking) }
      : { lead: resultEmail.enquiryLead, label: resultEmail.enquiry, href: `${siteUrl}/#contact` },
    answersHeading: resultEmail.answersHeading,
    answers: QUIZ_STEPS.map((step, i) => ({
      question: step.title,
      answer: lead.answers[String(i)] ?? resultEmail.skipped,
    })),
    signOff: resultEmail.signOff,
    signature: resultEmail.signature,
    why: resultEmail.why(new URL(siteUrl).host),
    privacy: { label: resultEmail.privacy, href: `${siteUrl}${privacy.path}` },
  };
  const subject = resultEmail.subject(lead.contact.first);
  return emailMessage(QUIZ_RESULT_EMAIL, lead.contact.email, subject, resultEmailText(view), {
    html: resultEmailHtml(view, subject),
    audience: 'visitor',
  });
}

/**
 * The result email's channel: the send_email binding from RESULT_EMAIL_FROM (in development wrangler's local
 * binding, which keeps each email and sends none), the log in development without a binding, and otherwise a
 * sender that fails with not_configured, so a resend after the setting was removed says why.
 */
export function createResultEmailSender(env: Env): EmailSender {
  const config = readConfig(env);
  const from = config.quiz.resultEmailFrom;
  if (!from) return new NotConfiguredEmailSender('RESULT_EMAIL_FROM is not set.');
  const binding = (env as { EMAIL?: SendEmail }).EMAIL;
  if (binding) return new BindingEmailSender(binding, { email: from, name: resultEmail.fromName });
  if (config.environment === 'development') return new LogEmailSender();
  return new NotConfiguredEmailSender('The EMAIL (send_email) binding is missing from wrangler.toml.');
}

/**
 * A visitor's email (the quiz result, a payment link) whose job ran out of retries: recorded as dead in the ledger,
 * so the desk shows it failed and offers it again.
 */
export async function markVisitorEmailDead(env: Env, submissionId: string, lead: Lead, send: Send): Promise<void> {
  const store = deliveryStore(env);
  const rules = leadRules(lead, readBudgets(env));
  const row = await store.markDead(store.key(submissionId, send), lead.kind, send, new Date().toISOString(), rules);
  if (row.status !== 'dead') return;
  logEvent('error', 'delivery.dead', {
    submissionId,
    kind: lead.kind,
    template: send.template,
    to: maskRecipient(send.to),
    attempts: row.attempts,
    code: row.last_error_code,
    error: row.last_error_message,
  });
}
