import { Hono, type Context } from 'hono';
import { PrivacyPage } from '../../client/pages/privacy';
import { QuizPage } from '../../client/pages/quiz';
import type { PreviewOf } from '../../client/sections/preview-note';
import { privacy } from '../words/privacy';
import { QUIZ_STEP_COUNT, site } from '../words/site';
import type { SiteContent } from '../shared/site-content';
import { type Env, readConfig } from '../env';
import type { FunnelMetric } from '../store/sources/counters';
import { isFilePath, isProbePath } from '../security/probes';
import { ApiException } from '../http/errors';
import { readRequestBody } from '../http/body';
import type { FormState } from '../shared/lead-rules';
import { nextQuizState, quizStateAfter, type QuizState } from './quiz-steps';
import { countFunnelStep, countQuizStep, countVisits } from './visit-counter';
import { quizStepLabel } from '../shared/quiz-flow';
import { type AppEnv, type Status, postedAttribution, render, requestAttribution } from './page-render';
import { VIEW_READ } from '../../client/layout/view-read';
import { renderLanding } from './landing-render';

/**
 * The quiz at a step, with the contact form's state on the last one. `content` is the published content unless
 * given (the owners' preview gives the draft).
 */
export function renderQuiz(
  c: Context,
  state: QuizState,
  form: FormState = { submissionId: crypto.randomUUID() },
  status: Status = 200,
  attribution = requestAttribution(c),
  content?: SiteContent,
  previewOf: PreviewOf = { version: null },
): Promise<Response> {
  return render(
    c,
    <QuizPage
      step={state.step}
      answers={state.answers}
      form={form}
      resultByEmail={readConfig(c.env as Env).quiz.resultEmailFrom !== undefined}
    />,
    {
      title: `${quizStepLabel(state.step, QUIZ_STEP_COUNT)} · Find your program · ${site.brand}`,
      description: `Answer three short questions and see the programs ${site.brand} recommends for you.`,
      path: '/quiz',
      // The quiz is the whole page: painted once it has been read whole, not its header first.
      paintAfter: VIEW_READ,
      ...(content && { content, noindex: true, preview: previewOf }),
    },
    status,
    attribution,
  );
}

/**
 * The quiz rendered with `content` (the owners' draft), for their preview: never indexed. The first step unless
 * `state` names another (the contact step is `{ step: QUIZ_STEP_COUNT - 1, answers: {} }`).
 */
export function renderQuizPreview(
  c: Context,
  content: SiteContent,
  state: QuizState = { step: 0, answers: {} },
  of: PreviewOf = { version: null },
): Promise<Response> {
  return renderQuiz(c, state, undefined, 200, '', content, of);
}

/** The contact step again after a refused plain post of the quiz. */
export function renderQuizAfter(c: Context, form: FormState, status: Status): Promise<Response> {
  return renderQuiz(c, quizStateAfter(form), form, status, postedAttribution(form.values?.attribution));
}

export const pages = new Hono<AppEnv>();

// A view of these pages counts as a visit (once per visitor and day; /quiz also marks the quiz opened).
pages.use('/', countVisits());
pages.use('/quiz', countVisits(1));
pages.use(privacy.path, countVisits());

pages.get('/quiz', (c) => {
  // The funnel's first step: a view of /quiz, counted once per address and hour (see countOncePerAddress).
  countFunnelStep(c, 'quiz_view');
  return renderQuiz(c, { step: 0, answers: {} });
});

// The quiz without JavaScript: each step posts here and the next step is rendered. A POST keeps the
// answers out of the address bar, the history and any log of URLs.
pages.post('/quiz', async (c) => {
  let body;
  try {
    body = await readRequestBody(c);
  } catch (err) {
    // Over the cap (read no further than it): the quiz again from its first step, as a 413.
    if (err instanceof ApiException && err.status === 413)
      return renderQuiz(c, { step: 0, answers: {} }, undefined, 413, '');
    body = null; // Another type or malformed: the first step, as before.
  }
  const state = nextQuizState(body?.fields ?? {});
  // The funnel counts the step reached, as the island does through /api/funnel.
  if (state.step > 0) {
    countFunnelStep(c, `quiz_step_${state.step + 1}` as FunnelMetric);
    countQuizStep(c, state.step + 1);
  }
  // Each step's form carries the attribution the first one was rendered with.
  return renderQuiz(c, state, undefined, 200, postedAttribution(body?.fields.attribution));
});

pages.get(privacy.path, (c) =>
  render(
    c,
    <PrivacyPage year={new Date().getFullYear()} paymentRecordYears={readConfig(c.env as Env).payments.recordYears} />,
    {
      title: `${privacy.title} · ${site.brand}`,
      description: privacy.description,
      path: privacy.path,
    },
  ),
);

pages.get('*', async (c) => {
  const path = c.req.path;
  // Scanners probing for secrets and admin pages get a short plain answer, not a rendered page.
  if (isProbePath(path)) return c.text('Not found', 404, { 'cache-control': 'public, max-age=3600' });
  // A missing file (an icon, a script, an image) is a short plain 404 too: never a page in its place.
  if (isFilePath(path)) return c.text('Not found', 404, { 'cache-control': 'public, max-age=600' });
  // Any other path shows the landing page, as a 404 that search engines do not index.
  if (path !== '/') return renderLanding(c, {}, 200, 'not-found');
  // The pages a plain form post is sent to once accepted.
  if (c.req.query('subscribed') !== undefined) {
    return renderLanding(c, { newsletter: { submissionId: crypto.randomUUID(), done: true } });
  }
  if (c.req.query('enquiry') === 'sent') {
    return renderLanding(c, { enquiry: { submissionId: crypto.randomUUID(), done: true } });
  }
  // A guide asked for: its block (the first one when the slug names none offered) says to look in the inbox.
  const guide = c.req.query('guide');
  if (guide !== undefined) {
    return renderLanding(c, { guide: { submissionId: crypto.randomUUID(), done: true, values: { guide } } });
  }
  return renderLanding(c);
});
