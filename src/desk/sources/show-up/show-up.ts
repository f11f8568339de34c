import type { CallOutcomeValue } from '../../../store/bookings/bookings';

// Show-up as the desk counts it, pure: the calls of a period (by their start) that an owner marked attended or a
// no-show, each under its lead's first-touch source and campaign.

/** One marked call of a period, with the source and campaign of the lead who booked it. */
export interface PeriodShowUp {
  /** The lead's first-touch source; ERASED_SOURCE (money/revenue.ts) when the lead is gone. */
  source: string;
  /** Empty when the lead's first touch had no campaign. */
  campaign: string;
  value: CallOutcomeValue;
}

/** Calls marked attended and no-shows. */
export interface ShowUpCounts {
  attended: number;
  noShows: number;
}

/** The counts of a list of marked calls. */
export function showUpTotals(list: readonly PeriodShowUp[]): ShowUpCounts {
  const attended = list.filter((s) => s.value === 'attended').length;
  return { attended, noShows: list.length - attended };
}

/**
 * The show-up rate, attended / (attended + no-shows), as a whole percent; null when no call was marked (a rate of
 * nothing is not 0 %). Calls not marked either way are not in it: the desk does not know how they went.
 */
export function showUpRate({ attended, noShows }: ShowUpCounts): number | null {
  const marked = attended + noShows;
  return marked > 0 ? Math.round((100 * attended) / marked) : null;
}
