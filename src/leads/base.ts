import type { Attribution } from '../shared/attribution';
import type { LeadBase } from '../store/lead';

/**
 * The fields every lead gets from its request: the submission id (or a new one), the time
 * it was accepted, the consent notice version its form showed, and its attribution if any.
 */
export function leadBase(input: { submissionId?: string; consent: string; attribution?: Attribution }): LeadBase {
  const createdAt = new Date().toISOString();
  return {
    id: input.submissionId ?? crypto.randomUUID(),
    createdAt,
    consent: { version: input.consent, at: createdAt },
    ...(input.attribution && { attribution: input.attribution }),
  };
}
