import { Hono, type Context } from 'hono';
import { deskContent as copy, partNames } from '../../words/site-content/desk-content';
import { QUIZ_STEP_COUNT } from '../../words/site';
import { changesBetween } from '../../shared/content-changes';
import { fieldProblems } from '../../shared/content-fields';
import { DraftContent, publicContent, type SiteContent } from '../../shared/site-content';
import { isPartName, type PartName } from './content-parts';
import { checkPart, moveOf, readPart, type Problem } from './content-form';
import { splitForm, takeUploads, type PostedForm } from './content-uploads';
import { ContentIndexPage } from './index-page';
import { PartPage, ProblemList, type Theirs } from './part-page';
import { readCappedBytes, readCappedText } from '../../http/body';
import { ApiException } from '../../http/errors';
import { logEvent } from '../../log';
import { mediaBucket } from '../../store/media/media';
import { contentStore } from '../../store/site-content/site-content';
import { MAX_IMAGE_BYTES } from '../../store/site-content/site-images';
import { MAX_GUIDE_BYTES } from '../../store/guides/guide-files';
import { publishedContent } from '../../store/site-content/published-content';
import type { AppEnv } from '../../routes/page-render';
import { renderLandingPreview } from '../../routes/landing-render';
import { renderQuizPreview } from '../../routes/pages';
import { renderDeskPage, type DeskEnv } from '../page';
import type { PreviewOf } from '../../../client/sections/preview-note';

/**
 * The owners' site content (`/desk/content`): the draft's state and what publishing it would change, one form per
 * part (`/desk/content/:part`, saved against the revision it was edited from: a save after another owner's answers
 * 409 with both), the preview of the landing page and the quiz with the draft, publishing, and the versions, each
 * published again in one step or downloaded as JSON. Everything works without JavaScript.
 */
export const content = new Hono<DeskEnv>();

/** A part's form may hold a whole list of programs: more than the API's body limit, far less than a draft's. */
const MAX_FORM_BYTES = 128 * 1024;
/** A form with images: its fields and two images at their largest (a larger one is refused by its field). */
const MAX_UPLOAD_FORM_BYTES = MAX_FORM_BYTES + 2 * MAX_IMAGE_BYTES + 64 * 1024;
/** The guides' form: its fields, a PDF and a cover at their largest (a larger PDF is refused by its field). */
const MAX_GUIDES_FORM_BYTES = MAX_FORM_BYTES + MAX_GUIDE_BYTES + MAX_IMAGE_BYTES + 64 * 1024;
const VERSIONS_SHOWN = 30;

const store = (c: Context<DeskEnv>) => contentStore(c.env.DB, c.env.FEEDS);
/** The site's page renderers take the site's context; the desk's adds only the owner. */
const site = (c: Context<DeskEnv>) => c as unknown as Context<AppEnv>;

async function indexPage(c: Context<DeskEnv>, refused: Problem[] = []) {
  const contents = store(c);
  const [draft, live, versions] = await Promise.all([
    contents.readDraft(),
    publishedContent(c.env.FEEDS),
    contents.versions(VERSIONS_SHOWN),
  ]);
  const parsed = DraftContent.safeParse(draft.json);
  const problems = refused.length > 0 ? refused : parsed.success ? [] : fieldProblems(parsed.error);
  const changes = parsed.success ? changesBetween(live.content, publicContent(parsed.data)) : null;
  const saved = c.req.query('saved');
  const published = Number(c.req.query('published'));
  const notes = [
    ...(saved && isPartName(saved) ? [copy.saved] : []),
    ...(Number.isInteger(published) && published > 0 ? [copy.published(published)] : []),
  ].map((text) => ({ tone: 'info' as const, text }));
  const state = { ...draft, changes, problems, versions, liveVersion: live.versionId };
  return renderDeskPage(
    c,
    copy.title,
    'content',
    {},
    <ContentIndexPage state={state} />,
    refused.length ? 400 : 200,
    notes,
  );
}

/** The part a URL names, or the desk's 404. */
function partParam(c: Context<DeskEnv>): PartName {
  const part = c.req.param('part') ?? '';
  if (!isPartName(part)) throw new ApiException(404, 'not_found', copy.gone);
  return part;
}

/** The version a URL names, or the desk's 404. */
async function versionParam(c: Context<DeskEnv>) {
  const id = c.req.param('id') ?? '';
  const version = /^\d{1,9}$/.test(id) ? await store(c).version(Number(id)) : null;
  if (!version) throw new ApiException(404, 'not_found', copy.gone);
  return version;
}

type PartView = { value: unknown; revision: number; problems?: Problem[]; theirs?: Theirs; moved?: string };

const partPage = (c: Context<DeskEnv>, part: PartName, view: PartView, status: 200 | 400 | 409 | 413 = 200) =>
  renderDeskPage(c, copy.editPart(partNames[part]), 'content', {}, <PartPage part={part} {...view} />, status);

/** A draft that does not pass its checks: the desk page listing each field, linked to its part (400). */
const invalidDraft = (c: Context<DeskEnv>, problems: Problem[], draft: unknown) =>
  renderDeskPage(
    c,
    copy.previewHeading,
    'content',
    {},
    <>
      <h1 className="desk-title">{copy.previewHeading}</h1>
      <p>{copy.invalidDraft}</p>
      <ProblemList problems={problems} value={draft} linked />
    </>,
    400,
  );

/** The draft as the preview renders it (as it would be published), or the page that says which fields stop it. */
async function previewDraft(c: Context<DeskEnv>, show: (draft: SiteContent) => Promise<Response>) {
  const { json } = await store(c).readDraft();
  const parsed = DraftContent.safeParse(json);
  if (!parsed.success) return invalidDraft(c, fieldProblems(parsed.error), json);
  logEvent('info', 'desk.action', { action: 'content previewed' });
  const res = await show(publicContent(parsed.data));
  res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  return res;
}

content.get('/content', (c) => indexPage(c));

/** A published version as the preview renders it, with the note saying which one (and whether it is live). */
async function previewVersion(c: Context<DeskEnv>, show: (content: SiteContent, of: PreviewOf) => Promise<Response>) {
  const [version, live] = await Promise.all([versionParam(c), publishedContent(c.env.FEEDS)]);
  logEvent('info', 'desk.action', { action: 'version previewed' });
  const res = await show(version.content, { version: version.id, live: version.id === live.versionId });
  res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  return res;
}

content.get('/content/versions/:id/preview', (c) =>
  previewVersion(c, (version, of) => renderLandingPreview(site(c), version, of)),
);

content.get('/content/versions/:id/preview/quiz', (c) =>
  previewVersion(c, (version, of) => renderQuizPreview(c, version, quizStep(c), of)),
);

content.get('/content/preview', (c) => previewDraft(c, (draft) => renderLandingPreview(site(c), draft)));

/** The quiz step a preview's address names (`?step=`), else the first. */
function quizStep(c: Context<DeskEnv>) {
  const step = Number(c.req.query('step') ?? 0);
  return { step: Number.isInteger(step) && step >= 0 && step < QUIZ_STEP_COUNT ? step : 0, answers: {} };
}

content.get('/content/preview/quiz', (c) => previewDraft(c, (draft) => renderQuizPreview(c, draft, quizStep(c))));

content.post('/content/publish', async (c) => {
  const result = await store(c).publish(c.var.owner.email);
  if (!result.ok) return indexPage(c, 'problems' in result ? result.problems : []);
  logEvent('info', 'desk.action', { action: 'content published' });
  return c.redirect(`/desk/content?published=${result.version.id}`, 303);
});

content.post('/content/versions/:id/publish', async (c) => {
  const { id } = await versionParam(c);
  const result = await store(c).republish(id, c.var.owner.email);
  if (!result.ok) return indexPage(c, 'problems' in result ? result.problems : []);
  logEvent('info', 'desk.action', { action: 'content republished' });
  return c.redirect(`/desk/content?published=${result.version.id}`, 303);
});

content.get('/content/versions/:id/export', async (c) => {
  const version = await versionParam(c);
  logEvent('info', 'desk.action', { action: 'content exported' });
  return c.body(JSON.stringify(version.content, null, 2), 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="site-content-version-${version.id}.json"`,
    'Cache-Control': 'private, no-store',
  });
});

content.get('/content/:part', async (c) => {
  const part = partParam(c);
  const draft = await store(c).readDraft();
  const value = (draft.json as Record<string, unknown> | null)?.[part];
  return partPage(c, part, { value, revision: draft.revision, moved: c.req.query('moved') });
});

/** A part's form as posted: urlencoded, or multipart when it uploads images (anything else is refused, 415). */
async function readForm(c: Context<DeskEnv>, part: PartName): Promise<PostedForm> {
  const type = c.req.header('content-type') ?? '';
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
    return { fields: new URLSearchParams(await readCappedText(c.req.raw, MAX_FORM_BYTES)), files: new Map() };
  }
  if (/^multipart\/form-data\b/i.test(type)) {
    const max = part === 'guides' ? MAX_GUIDES_FORM_BYTES : MAX_UPLOAD_FORM_BYTES;
    const bytes = await readCappedBytes(c.req.raw, max);
    const data = await new Response(bytes, { headers: { 'content-type': type } }).formData().catch(() => null);
    if (data) return splitForm(data);
    throw new ApiException(400, 'invalid_input', copy.refused);
  }
  throw new ApiException(415, 'unsupported_media_type', copy.refused);
}

/**
 * A form larger than its part reads (files far over their limits): its part's page again from the draft, saying so
 * by the files, nothing read or saved (413). Anything else the reader refuses stays the one error shape.
 */
async function tooLarge(c: Context<DeskEnv>, part: PartName, err: unknown): Promise<Response> {
  if (!(err instanceof ApiException) || err.status !== 413) throw err;
  const draft = await store(c).readDraft();
  const value = (draft.json as Record<string, unknown> | null)?.[part];
  const mb = Math.floor((part === 'guides' ? MAX_GUIDES_FORM_BYTES : MAX_UPLOAD_FORM_BYTES) / (1024 * 1024));
  const problems = [{ field: 'files', message: copy.upload.formTooLarge(mb) }];
  logEvent('info', 'desk.action', { action: 'content form too large' });
  return partPage(c, part, { value, revision: draft.revision, problems }, 413);
}

content.post('/content/:part', async (c) => {
  const part = partParam(c);
  let posted: PostedForm;
  try {
    posted = await readForm(c, part);
  } catch (err) {
    return tooLarge(c, part, err);
  }
  const form = posted.fields;
  const revision = Number(form.get('revision'));
  if (!Number.isSafeInteger(revision) || revision < 0) throw new ApiException(400, 'invalid_input', copy.refused);
  const refusedImages = await takeUploads(part, posted, mediaBucket(c.env));
  const contents = store(c);
  const draft = await contents.readDraft();
  const move = moveOf(form);
  const typed = readPart(part, form, (draft.json as Record<string, unknown> | null)?.[part], move);
  const checked = checkPart(part, typed);
  if (!checked.ok || refusedImages.length > 0) {
    const problems = [...refusedImages, ...(checked.ok ? [] : checked.problems)];
    return partPage(c, part, { value: typed, revision, problems }, 400);
  }
  const whole = { ...(draft.json as Record<string, unknown>), [part]: checked.value };
  const saved = await contents.saveDraft(whole, revision, c.var.owner.email);
  if (saved.ok) {
    logEvent('info', 'desk.action', { action: move ? 'content item moved' : 'content saved' });
    if (move?.landed !== undefined) {
      const at = `${move.list}${move.landed}`;
      return c.redirect(`/desk/content/${part}?moved=${at}#item-${at.replace('.', '-')}`, 303);
    }
    return c.redirect(`/desk/content?saved=${part}`, 303);
  }
  if ('problems' in saved) return partPage(c, part, { value: typed, revision, problems: saved.problems }, 400);
  const { current } = saved.conflict;
  logEvent('info', 'desk.action', { action: 'content save conflict' });
  const theirs = {
    value: (current.json as Record<string, unknown>)[part],
    by: current.updatedBy,
    at: current.updatedAt,
  };
  return partPage(c, part, { value: typed, revision: current.revision, theirs }, 409);
});
