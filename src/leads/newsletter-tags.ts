import { programSlugOf } from '../shared/recommend';
import type { Lead } from '../store/lead';

/** The prefix of a newsletter tag that names a program the quiz recommended: `quiz-<program id>`. */
export const QUIZ_TAG_PREFIX = 'quiz-';

/**
 * The tags a lead is subscribed to the newsletter tool with: one per program its quiz recommended
 * (`quiz-consultations`, most fitting first), so the coach can follow up by program. Empty for a quiz
 * response whose visitor did not tick "Also send me the newsletter" (then nothing about them goes to the
 * tool at all) and for every other kind of lead. A stored title no program has any more gives no tag.
 */
export function newsletterTagsFor(lead: Lead): string[] {
  if (lead.kind !== 'quiz' || !lead.newsletterConsent) return [];
  return lead.recommended
    .map(programSlugOf)
    .filter((slug) => slug !== undefined)
    .map((slug) => `${QUIZ_TAG_PREFIX}${slug}`);
}
