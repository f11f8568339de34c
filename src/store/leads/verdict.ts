import type { Lead } from './lead';

/**
 * Turnstile's verdict on a lead as both stores keep it beside the lead (D1's `verdict` column, the document's
 * `verdict` field): 'verified' (a token siteverify accepted, or Turnstile off with visitor messages allowed),
 * 'refused' (Turnstile on and no token it accepted, or off with visitor messages not allowed), 'unchecked'
 * (siteverify could not be reached).
 */
export type Verdict = 'verified' | 'refused' | 'unchecked';

type Marks = Pick<Lead, 'verified' | 'unchecked'>;

/** The verdict a lead carries (Lead.verified, Lead.unchecked); none for a lead queued before it was recorded. */
export function verdictOf(lead: Marks): Verdict | undefined {
  if (lead.verified === undefined) return undefined;
  if (lead.verified) return 'verified';
  return lead.unchecked ? 'unchecked' : 'refused';
}

/** A stored verdict as the lead's fields; nothing for a lead stored before verdicts were (NULL, or no field). */
export function marksOf(verdict: unknown): Marks {
  switch (verdict) {
    case 'verified':
      return { verified: true };
    case 'refused':
      return { verified: false };
    case 'unchecked':
      return { verified: false, unchecked: true };
    default:
      return {};
  }
}
