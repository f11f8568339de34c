// Revenue as the desk counts it, pure: money paid in a period less the refunds made in it, each by the day the money
// moved (not by the day its lead arrived), and attributed to the lead's first-touch source and campaign.

/**
 * The source row of money whose lead is gone (an erased person's accounting copy): a name no real source can have
 * (sources are lower-case letters, digits, dots, dashes and underscores), so it is a row of its own and a CSV column
 * still sums to the total.
 */
export const ERASED_SOURCE = '(erased)';

/** One movement of money in a period: a payment (positive) or a processed refund (negative), in paise. */
export interface PeriodMoney {
  paise: number;
  /** The lead's first-touch source and campaign; ERASED_SOURCE when the lead is gone. */
  source: string;
  /** Empty when the lead's first touch had no campaign. */
  campaign: string;
  /**
   * The program the request was for (its slug), if any; once the request is gone with an erased person, the
   * receipt's program (its slug or title, as the receipt keeps it).
   */
  program: string | null;
  /** Who paid: `kind:id` of the lead, or the payment's own id once the person is erased. */
  payer: string;
}

/** A program's revenue in the period: what was paid for it, what went back, and the difference. */
export interface ProgramRevenue {
  /** The slug; null for requests made without a program. */
  program: string | null;
  /** Its published title; the slug when no longer published; null without a program. */
  title: string | null;
  payments: number;
  paidPaise: number;
  refundedPaise: number;
  revenuePaise: number;
}

/** Revenue and paying clients (distinct people who paid in the period; a refund does not unpay them). */
export function moneyTotals(money: readonly PeriodMoney[]): { revenuePaise: number; payingClients: number } {
  const payers = new Set(money.filter((m) => m.paise > 0).map((m) => m.payer));
  return { revenuePaise: money.reduce((sum, m) => sum + m.paise, 0), payingClients: payers.size };
}

/** Per program, most revenue first (then by slug; requests without a program last); `titles` by slug. */
export function programRevenue(
  money: readonly PeriodMoney[],
  titles: ReadonlyMap<string, string> = new Map(),
): ProgramRevenue[] {
  const rows = new Map<string | null, ProgramRevenue>();
  const slugOf = new Map([...titles].map(([slug, title]) => [title, slug]));
  for (const raw of money) {
    // A receipt's program may be a title: counted with the program of that title.
    const m =
      raw.program !== null && !titles.has(raw.program) && slugOf.has(raw.program)
        ? { ...raw, program: slugOf.get(raw.program)! }
        : raw;
    const row =
      rows.get(m.program) ??
      rows
        .set(m.program, {
          program: m.program,
          title: m.program === null ? null : (titles.get(m.program) ?? m.program),
          payments: 0,
          paidPaise: 0,
          refundedPaise: 0,
          revenuePaise: 0,
        })
        .get(m.program)!;
    if (m.paise > 0) {
      row.payments += 1;
      row.paidPaise += m.paise;
    } else row.refundedPaise -= m.paise;
    row.revenuePaise += m.paise;
  }
  return [...rows.values()].sort(
    (a, b) =>
      Number(a.program === null) - Number(b.program === null) ||
      b.revenuePaise - a.revenuePaise ||
      (a.program ?? '').localeCompare(b.program ?? ''),
  );
}
