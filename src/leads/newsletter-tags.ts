import { programsNamed } from '../shared/recommend';
import type { ProgramContent } from '../shared/site-content';
import type { Lead } from '../store/leads/lead';

/** The prefix of a newsletter tag that names a program the quiz recommended: `quiz-<program id>`. */
export const QUIZ_TAG_PREFIX = 'quiz-';

type QuizLead = Extract<Lead, { kind: 'quiz' }>;
type Subscription = Extract<Lead, { kind: 'newsletter' }>;

/**
 * The tags a lead is subscribed to the newsletter tool with: one per program its quiz recommended
 * (`quiz-consultations`, most fitting first), so the coach can follow up by program. Empty for a quiz
 * response whose visitor did not tick "Also send me the newsletter" (then nothing about them goes to the
 * tool at all) and for every other kind of lead. Titles are read against `programs` (the published ones; the
 * default ones when not given), then the default programs; a stored title neither has gives no tag.
 */
export function newsletterTagsFor(lead: Lead, programs?: readonly ProgramContent[]): string[] {
  if (lead.kind !== 'quiz' || !lead.newsletterConsent) return [];
  return programsNamed(lead.recommended, programs).map(({ slug }) => `${QUIZ_TAG_PREFIX}${slug}`);
}

/**
 * The newsletter subscription a quiz response makes when its visitor ticked "Also send me the newsletter", or
 * null when they did not. It is a subscription like one from the form (so the desk lists it, unsubscribing and
 * erasure reach it, and the newsletter tool gets it once through the ledger), with the box's own consent, the
 * response's address, arrival and attribution, the response's id, and the tags of the recommended programs. Its
 * id follows from the response's, so saving the response again (a retry, a parked lead) finds the same one.
 */
export async function quizSubscription(
  lead: QuizLead,
  programs?: readonly ProgramContent[],
): Promise<Subscription | null> {
  if (!lead.newsletterConsent) return null;
  return {
    kind: 'newsletter',
    id: await derivedId(`newsletter:${lead.id}`),
    createdAt: lead.createdAt,
    email: lead.contact.email,
    consent: lead.newsletterConsent,
    ...(lead.attribution && { attribution: lead.attribution }),
    ...(lead.verified !== undefined && { verified: lead.verified }),
    ...(lead.unchecked !== undefined && { unchecked: lead.unchecked }),
    quizId: lead.id,
    tags: newsletterTagsFor(lead, programs),
  };
}

/** A version-4-shaped UUID made from the SHA-256 of `seed`: the same seed always gives the same id. */
export async function derivedId(seed: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(seed))).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
