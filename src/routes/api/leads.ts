import { Hono, type Context } from 'hono';
import { type Env, readConfig } from '../../env';
import { errorMessage, logEvent } from '../../log';
import { QUIZ_STEP_COUNT, site } from '../../words/site';
import { ApiException, onlyPost } from '../../http/errors';
import { readInput } from '../../http/body';
import type { Attribution } from '../../shared/attribution';
import { EnquirySchema, NewsletterSchema, QuizSchema } from '../../shared/lead-schemas';
import { programTitle, recommend, recommendationPath } from '../../shared/recommend';
import { acceptLead } from '../../leads/accept';
import type { Lead, LeadBase } from '../../store/leads/lead';
import { LeadStoreError } from '../../store/lead-store-error';
import { normalizePhone } from '../../store/phone';
import { publishedContent } from '../../store/site-content/published-content';
import { countQuizStep } from '../visit-counter';

/**
 * The lead API: the three lead forms, POST /api/quiz, /api/newsletter and /api/enquiry, answered in JSON.
 * Each reads its fields (the guards registered before these routes in routes/api.ts have already run),
 * builds its lead and hands it to acceptLead. A plain HTML post of a form reaches the same handler, and
 * routes/forms.ts turns its answer into a page.
 */
export const leadForms = new Hono<{ Bindings: Env }>();

leadForms.post('/quiz', async (c) => {
  const input = await readInput(c, QuizSchema);
  const { phone } = input.contact;
  // The phone is optional and the quiz cannot show a field error after submit (it returns to /),
  // so a number that cannot be normalised is kept as typed rather than costing the whole lead.
  const normalized = phone && (normalizePhone(phone, readConfig(c.env).leads.defaultPhoneRegion) ?? phone);
  const answers = Object.fromEntries(
    Object.entries(input.answers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  // The published programs' answers decide, as the landing page that shows the result lists them.
  const { programs } = (await publishedContent(c.env.FEEDS)).content;
  const recommended = recommend(answers, programs);
  const base = leadBase(c, input);
  const answered = await answerLead(
    c,
    {
      ...base,
      kind: 'quiz',
      answers,
      contact: { ...input.contact, phone: normalized },
      source: site.quiz.source,
      recommended: recommended.map((slug) => programTitle(slug, programs)),
      // The newsletter box's own consent: recorded only when ticked.
      ...(input.newsletter && { newsletterConsent: { version: input.newsletter, at: base.createdAt } }),
    },
    // `next` is where the visitor sees the result: program names only, nothing personal in the address.
    { recommended, next: recommendationPath(recommended) },
  );
  // A quiz sent (stored or parked) is a quiz finished: the visitor's row of the day reaches the last step, so the
  // funnel never shows fewer finished than leads from the same visits.
  countQuizStep(c, QUIZ_STEP_COUNT);
  return answered;
});

leadForms.post('/newsletter', async (c) => {
  const input = await readInput(c, NewsletterSchema);
  return answerLead(c, { ...leadBase(c, input), kind: 'newsletter', email: input.email });
});

/** The enquiry's phone receives a WhatsApp message, so it must be a real number. */
leadForms.post('/enquiry', async (c) => {
  const input = await readInput(c, EnquirySchema);
  const phone = normalizePhone(input.phone, readConfig(c.env).leads.defaultPhoneRegion);
  if (!phone) {
    throw new ApiException(400, 'invalid_input', site.forms.checkFields, { phone: site.forms.invalidPhone });
  }
  const { name, email, description } = input;
  return answerLead(c, { ...leadBase(c, input), kind: 'enquiry', name, phone, email, description });
});

for (const form of ['/quiz', '/newsletter', '/enquiry']) leadForms.all(form, onlyPost);

/**
 * The fields every lead gets from its request: the submission id (or a new one), the time it was accepted,
 * the consent notice version its form showed, its attribution if any, and what the bot check found.
 */
function leadBase(
  c: Context,
  input: { submissionId?: string; consent: string; attribution?: Attribution },
): LeadBase & { verified: boolean; unchecked?: true } {
  const createdAt = new Date().toISOString();
  return {
    id: input.submissionId ?? crypto.randomUUID(),
    createdAt,
    consent: { version: input.consent, at: createdAt },
    ...(input.attribution && { attribution: input.attribution }),
    verified: c.get('humanVerified'),
    ...(c.get('humanUnchecked') ? { unchecked: true as const } : {}),
  };
}

/**
 * Stores and tells: 201 once stored, 202 once parked, 503 when neither worked (the visitor may try again), 409 when
 * the submission id is stored with another body (nothing stored, no reference). A quiz response or an enquiry is
 * answered with its booking reference, which the page's "Book a call" link carries.
 */
async function answerLead(c: Context, lead: Lead, extra: Record<string, unknown> = {}): Promise<Response> {
  let acceptance;
  try {
    acceptance = await acceptLead(c.env, lead);
  } catch (err) {
    if (!(err instanceof LeadStoreError)) throw err;
    logEvent('error', 'lead.refused', { submissionId: lead.id, kind: lead.kind, error: errorMessage(err) });
    throw new ApiException(503, 'store_unavailable', site.forms.failed);
  }
  if (acceptance.status === 'conflict') throw new ApiException(409, 'conflict', site.forms.conflict);
  const { status, lead: accepted } = acceptance;
  const { bookingRef } = accepted;
  return c.json(
    { ok: true, id: lead.id, ...(bookingRef && { bookingRef }), ...extra },
    status === 'stored' ? 201 : 202,
  );
}
