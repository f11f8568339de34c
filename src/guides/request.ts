import { readConfig, type Env } from '../env';
import { errorMessage, logEvent } from '../log';
import type { Attribution } from '../shared/attribution';
import type { GuideContent } from '../shared/site-content';
import { sourceOf } from '../shared/visit-source';
import { sendableTo } from '../newsletter/tool-marks';
import { getGuideStore } from '../store/guides/open';
import { publishedContent } from '../store/site-content/published-content';
import { queueGuideEmail } from './guide-emails';
import { newRequestId } from './token';

/** A repeat request for the same guide by the same address within this long sends nothing new. */
export const REPEAT_WINDOW_MS = 86_400_000;

/** Whether the site offers guides at all: they go out by email, from RESULT_EMAIL_FROM. */
export const offersGuides = (env: Env) => readConfig(env).quiz.resultEmailFrom !== undefined;

/** A guide as published now, if it is offered (the site sends email; the guide is shown, with its file). */
export async function offeredGuide(env: Env, slug: string): Promise<GuideContent | undefined> {
  if (!offersGuides(env)) return undefined;
  const { guides } = (await publishedContent(env.FEEDS)).content;
  return guides.find((g) => g.slug === slug && g.shown && g.file);
}

/** A guide as published now with its file, shown or not: a link already emailed still downloads it. */
export async function publishedGuide(env: Env, slug: string): Promise<GuideContent | undefined> {
  const { guides } = (await publishedContent(env.FEEDS)).content;
  return guides.find((g) => g.slug === slug && g.file);
}

/** What a request did, for the log and the tests; the visitor hears the same answer whatever it is. */
export type RequestOutcome = 'queued' | 'repeat' | 'unverified' | 'stopped' | 'not queued';

/**
 * A visitor asks for `guide` (offered now: the caller checked) with their address. A request for the same guide by
 * the same address within a day stores and sends nothing new. Otherwise the request is stored, and its confirmation
 * email queued unless Turnstile refused the submission or the newsletter tool said the address bounced or complained
 * (an unsubscribed or changed address may ask again: confirming is its new subscription).
 */
export async function requestGuide(
  env: Env,
  guide: GuideContent,
  input: { email: string; consent: string; attribution?: Attribution | undefined; verified: boolean },
  now = new Date(),
): Promise<RequestOutcome> {
  const store = getGuideStore(env);
  const at = now.toISOString();
  const since = new Date(now.getTime() - REPEAT_WINDOW_MS).toISOString();
  if (await store.latestSince(input.email, guide.slug, since)) return logged('repeat');
  const id = newRequestId();
  await store.create({
    id,
    guide: guide.slug,
    guideTitle: guide.title,
    email: input.email,
    consent: { version: input.consent, at },
    ...(input.attribution && { attribution: input.attribution }),
    source: sourceOf(input.attribution).source,
    verified: input.verified,
    requestedAt: at,
    downloads: 0,
  });
  if (!input.verified) return logged('unverified', id);
  const sendable = await sendableTo(env, input.email);
  if (!sendable.ok && (sendable.event.kind === 'bounced' || sendable.event.kind === 'complained')) {
    return logged('stopped', id);
  }
  try {
    await queueGuideEmail(env, id, 'confirm');
  } catch (err) {
    // The request is stored; the visitor may ask again tomorrow. Their answer must not differ from a sent one.
    logEvent('error', 'guide.request', { id, outcome: 'not queued', error: errorMessage(err) });
    return 'not queued';
  }
  return logged('queued', id);
}

function logged(outcome: RequestOutcome, id?: string): RequestOutcome {
  logEvent('info', 'guide.request', { id, outcome });
  return outcome;
}
