import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { type Env, readConfig } from '../env';
import { errorMessage, logEvent } from '../log';
import { site } from '../content/site';
import { ApiException, onlyPost } from '../http/errors';
import { requestBody, isFormPost, readBody, readInput } from '../http/body';
import type { Attribution } from '../shared/attribution';
import {
  DONE_PATHS,
  type FormState,
  HONEYPOT_FIELD,
  SUBMISSION_ID_FIELD,
  isSitePath,
  submissionIdOf,
} from '../shared/lead-rules';
import { EnquirySchema, NewsletterSchema, QuizSchema } from '../shared/lead-schemas';
import { programTitle, recommend, recommendationPath } from '../shared/recommend';
import { honeypot, refuseCrossSite, submitRateLimit, turnstile } from '../security/guards';
import { acceptLead } from '../leads/accept';
import { LEAD_KINDS, type Lead, type LeadBase } from '../store/lead';
import { LeadStoreError } from '../store/lead-store-error';
import { normalizePhone } from '../store/phone';
import { renderLanding, renderQuizAfter } from './pages';
import { videos } from './api/videos';
import { funnel } from './api/funnel';

// The lead API: the three lead forms and how a plain HTML post of one is answered, behind the guards every
// submission passes (security/guards.ts).

/** How a lead endpoint answers a plain HTML form post. */
interface HtmlForm {
  /** Where an accepted post is sent (303): a page that confirms it, with no lead data in the address. */
  done: string;
  /** The page with the form again, for a refused post: values kept, each message beside its field. */
  render(c: Context, state: FormState, status: 400 | 403 | 413 | 415 | 429 | 503): Promise<Response>;
}

/** Long enough for any field the forms have; what a page shows again is never larger than this. */
const MAX_SHOWN = 2000;

/**
 * Lets every lead endpoint serve a browser without JavaScript. A script posts JSON and reads JSON; a plain
 * form post (application/x-www-form-urlencoded) goes through the same middleware and validation, and its
 * answer becomes a page: 303 to the form's `done` page when accepted (also for a honeypot hit, as for
 * JSON), or the form rendered again with the same status and messages when refused. Cross-site posts
 * keep their bare 403: they come from another site's page, not from a visitor of this one.
 *
 * @example api.use('*', htmlForms({ '/api/newsletter': { done: '/?subscribed=1', render } }))
 */
function htmlForms(forms: Record<string, HtmlForm>): MiddlewareHandler {
  return async function htmlFormsMiddleware(c, next) {
    const form = forms[c.req.path];
    if (!form || !isFormPost(c)) return next();
    await next();
    if (c.res.status >= 200 && c.res.status < 300) {
      c.res = new Response(null, { status: 303, headers: { location: (await nextOf(c.res)) ?? form.done } });
      return;
    }
    const err = c.error;
    if (!(err instanceof ApiException) || err.code === 'forbidden') return;
    const status = err.status as 400 | 403 | 413 | 415 | 429 | 503;
    c.res = await form.render(c, await stateAfter(c, err), status);
  };
}

/** Where the answer itself says the visitor goes next (the quiz's recommendation): a path on this site only. */
async function nextOf(res: Response): Promise<string | undefined> {
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { next?: unknown } | null;
  const next = body?.next;
  return typeof next === 'string' && isSitePath(next) ? next : undefined;
}

async function stateAfter(c: Context, err: ApiException): Promise<FormState> {
  const fields = await readBody(c).then(
    (body) => body.fields,
    () => ({}) as Record<string, string>,
  );
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name !== HONEYPOT_FIELD && name !== SUBMISSION_ID_FIELD) values[name] = value.slice(0, MAX_SHOWN);
  }
  // Nothing was stored under a refused submission's id, so the corrected post may reuse it.
  const submissionId = submissionIdOf(fields[SUBMISSION_ID_FIELD]) ?? crypto.randomUUID();
  const errors = err.status === 400 ? (err.fields ?? {}) : {};
  const shown = Object.keys(errors).some((name) => name in values);
  const problem =
    err.status === 429 ? site.forms.rateLimited : err.status === 400 && shown ? undefined : site.forms.failed;
  return { submissionId, values, errors, problem };
}

/**
 * The three lead forms, POST /api/quiz, /api/newsletter and /api/enquiry: each reads its fields (the guards
 * registered below have already run), builds its lead and hands it to acceptLead.
 */
const leadForms = new Hono<{ Bindings: Env }>();

leadForms.post('/quiz', async (c) => {
  const input = await readInput(c, QuizSchema);
  const { phone } = input.contact;
  // The phone is optional and the quiz cannot show a field error after submit (it returns to /),
  // so a number that cannot be normalised is kept as typed rather than costing the whole lead.
  const normalized = phone && (normalizePhone(phone, readConfig(c.env).leads.defaultPhoneRegion) ?? phone);
  const answers = Object.fromEntries(
    Object.entries(input.answers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const recommended = recommend(answers);
  const base = leadBase(c, input);
  return answerLead(
    c,
    {
      ...base,
      kind: 'quiz',
      answers,
      contact: { ...input.contact, phone: normalized },
      source: site.quiz.source,
      recommended: recommended.map(programTitle),
      // The newsletter box's own consent: recorded only when ticked.
      ...(input.newsletter && { newsletterConsent: { version: input.newsletter, at: base.createdAt } }),
    },
    // `next` is where the visitor sees the result: program names only, nothing personal in the address.
    { recommended, next: recommendationPath(recommended) },
  );
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

/** Stores and tells: 201 once stored, 202 once parked, 503 when neither worked (the visitor may try again). */
async function answerLead(c: Context, lead: Lead, extra: Record<string, unknown> = {}): Promise<Response> {
  try {
    const accepted = await acceptLead(c.env, lead);
    return c.json({ ok: true, id: lead.id, ...extra }, accepted === 'stored' ? 201 : 202);
  } catch (err) {
    if (!(err instanceof LeadStoreError)) throw err;
    logEvent('error', 'lead.refused', { submissionId: lead.id, kind: lead.kind, error: errorMessage(err) });
    throw new ApiException(503, 'store_unavailable', site.forms.failed);
  }
}

/** All /api routes: the lead forms here, the funnel and the videos from api/. */
export const api = new Hono<{ Bindings: Env }>();

// A plain HTML form post (no JavaScript) gets pages: a 303 to the form's thank-you when accepted,
// the form again with its messages when refused. It wraps everything below, so it sees every answer.
api.use(
  '*',
  htmlForms({
    '/api/newsletter': {
      done: DONE_PATHS.newsletter,
      render: (c, form, status) => renderLanding(c, { newsletter: form }, status),
    },
    '/api/enquiry': {
      done: DONE_PATHS.enquiry,
      render: (c, form, status) => renderLanding(c, { enquiry: form }, status),
    },
    '/api/quiz': { done: DONE_PATHS.quiz, render: renderQuizAfter },
  }),
);
// Order matters. Cross-site writes are refused; every address is counted (bots too); then, on the lead
// forms, the body (JSON or form fields) is read once, capped as it arrives (readBody: 413 over
// MAX_BODY_BYTES), and shared by the honeypot, Turnstile and the route's validation.
api.use('*', refuseCrossSite());
// Quiz funnel counts are not submissions: registered before the submission guards, which they skip.
api.use('/funnel', requestBody());
api.route('/funnel', funnel);
api.use('*', submitRateLimit());
for (const form of LEAD_KINDS) {
  api.use(`/${form}`, requestBody(), honeypot(), turnstile(form));
}

api.route('/', leadForms);
api.route('/videos', videos);
