import type { LeadKind } from '../../store/leads/lead';

// The ledger keys of the owners' nudges, in one place: what makes each nudge once, and how a person's copy and
// erasure find the rows about them (the rows carry the lead's first name and the owner's note).

export const nudgeKeys = {
  /** A next date: once per date, so a moved date is nudged again. */
  due: (kind: LeadKind, id: string, nextAt: string) => `nudge:due:${kind}:${id}:${nextAt}`,
  /** A lead left new. */
  stillNew: (kind: LeadKind, id: string) => `nudge:new:${kind}:${id}`,
  /** A quiz response without a call. */
  noCall: (id: string) => `nudge:nocall:${id}`,
  /** A conversation's wait: its opaque id and the time of the visitor's message it waits on. */
  waiting: (conversation: string, messageAt: string) => `nudge:waiting:${conversation}:${messageAt}`,
};

/**
 * How a person's copy and erasure find every nudge row about these leads and these conversations (their opaque
 * ids): the exact keys, and LIKE patterns for the keys that end in a time. D1 refuses a LIKE pattern over 50 bytes,
 * so a next date's pattern is the lead's id (a UUID: any key holding it is about that lead) between wildcards.
 */
export function nudgeRowsOf(
  leads: { kind: LeadKind; id: string }[],
  conversations: string[],
): { submissionIds: string[]; patterns: string[] } {
  return {
    submissionIds: leads.flatMap((l) => [
      nudgeKeys.stillNew(l.kind, l.id),
      ...(l.kind === 'quiz' ? [nudgeKeys.noCall(l.id)] : []),
    ]),
    patterns: [...leads.map((l) => `%${l.id}:%`), ...conversations.map((c) => nudgeKeys.waiting(c, '%'))],
  };
}
