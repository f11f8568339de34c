import type { Context, MiddlewareHandler } from 'hono';
import { site } from '../words/site';
import { ApiException } from '../http/errors';
import { isFormPost, readRequestBody } from '../http/body';
import {
  DONE_PATHS,
  GUIDE_DONE_PATH,
  type FormState,
  HONEYPOT_FIELD,
  SUBMISSION_ID_FIELD,
  isSitePath,
  submissionIdOf,
} from '../shared/lead-rules';
import { renderLanding } from './landing-render';
import { renderQuizAfter } from './pages';

// The lead forms without JavaScript: a plain HTML post of a lead form goes through the same guards and
// handlers as the JSON API (routes/api.ts), and its answer becomes a page here.

/** The statuses a refused plain post is answered with (its page again). */
type RefusedStatus = 400 | 403 | 409 | 413 | 415 | 429 | 503;

/** How a lead endpoint answers a plain HTML form post. */
interface HtmlForm {
  /** Where an accepted post is sent (303): a page that confirms it, with no lead data in the address. */
  done: string;
  /** The page with the form again, for a refused post: values kept, each message beside its field. */
  render(c: Context, state: FormState, status: RefusedStatus): Promise<Response>;
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
 * @example app.use('/api/*', htmlForms({ '/api/newsletter': { done: '/?subscribed=1', render } }))
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
    const status = err.status as RefusedStatus;
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
  const fields = await readRequestBody(c).then(
    (body) => body.fields,
    () => ({}) as Record<string, string>,
  );
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name !== HONEYPOT_FIELD && name !== SUBMISSION_ID_FIELD) values[name] = value.slice(0, MAX_SHOWN);
  }
  // Nothing was stored under a refused submission's id, so the corrected post may reuse it; except an id that
  // belongs to another body already stored (a conflict): the form's next send is a new submission.
  const conflict = err.status === 409;
  const posted = conflict ? null : submissionIdOf(fields[SUBMISSION_ID_FIELD]);
  const submissionId = posted ?? crypto.randomUUID();
  const errors = err.status === 400 ? (err.fields ?? {}) : {};
  const shown = Object.keys(errors).some((name) => name in values);
  const problem = conflict
    ? site.forms.conflict
    : err.status === 429
      ? site.forms.rateLimited
      : err.status === 400 && shown
        ? undefined
        : site.forms.failed;
  return { submissionId, values, errors, problem };
}

// A plain HTML form post (no JavaScript) gets pages: a 303 to the form's thank-you when accepted,
// the form again with its messages when refused. The app mounts it around every
// /api route, so it sees every answer.
export const formPosts = htmlForms({
  '/api/newsletter': {
    done: DONE_PATHS.newsletter,
    render: (c, form, status) => renderLanding(c, { newsletter: form }, status),
  },
  '/api/enquiry': {
    done: DONE_PATHS.enquiry,
    render: (c, form, status) => renderLanding(c, { enquiry: form }, status),
  },
  '/api/quiz': { done: DONE_PATHS.quiz, render: renderQuizAfter },
  // A guide asked for without JavaScript: accepted, the answer's `next` names the guide's block (`done` is never
  // reached: every accepted answer carries one); refused, the block of the guide it named shows the messages.
  '/api/guide': {
    done: `${GUIDE_DONE_PATH}#guides`,
    render: (c, form, status) => renderLanding(c, { guide: form }, status),
  },
});
