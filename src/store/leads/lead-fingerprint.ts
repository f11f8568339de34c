import { hex } from '../keyed-hash';
import type { Lead } from './lead';

/**
 * What a submission id belongs to: the fields its visitor typed and chose, as validated (trimmed, the email in
 * lower case, the phone as stored), so that a repeat of the same submission (a double click, a retry after a
 * lost answer, a parked lead written later) is told apart from another body sent under the same id.
 *
 * Compared: a quiz response's answers, contact and whether "Also send me the newsletter" was ticked; a
 * subscription's email and, when it was made with the quiz, that response's id; an enquiry's name, phone, email
 * and description. Not compared, since a true retry may change them: the times (createdAt, the consents' `at`),
 * the consent notices' versions (a deploy between tries may retire one), the attribution (the tab's first touch
 * may be recorded between tries), Turnstile's verdict (each try carries its own token), the booking reference
 * (made by the server), and what follows the published content (the recommended titles, the subscription's tags).
 */
function comparedFields(lead: Lead): unknown[] {
  switch (lead.kind) {
    case 'quiz': {
      const answers = Object.entries(lead.answers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const { first, last, email, phone } = lead.contact;
      return ['quiz', answers, [first, last, email, phone], lead.newsletterConsent !== undefined];
    }
    case 'newsletter':
      return ['newsletter', lead.email, lead.quizId ?? null];
    case 'enquiry':
      return ['enquiry', lead.name, lead.phone, lead.email, lead.description];
  }
}

/**
 * The lead's fingerprint: SHA-256 (hex) of its compared fields. Stored with the lead (D1's body_hash, Firestore's
 * bodyHash) and erased with it; it tells nothing the lead's own fields do not.
 */
export async function fingerprintOf(lead: Lead): Promise<string> {
  const text = JSON.stringify(comparedFields(lead));
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/**
 * Whether `lead` is the submission stored under its id: the stored fingerprint when there is one, else (a lead
 * stored before fingerprints were kept) the stored lead's own fields.
 */
export async function sameSubmission(lead: Lead, stored: { fingerprint?: string; lead: Lead }): Promise<boolean> {
  const mine = await fingerprintOf(lead);
  return mine === (stored.fingerprint ?? (await fingerprintOf(stored.lead)));
}
