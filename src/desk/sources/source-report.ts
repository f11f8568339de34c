import type { LeadKind } from '../../store/leads/lead';
import type { ProgramRevenue } from './money/revenue';
import type { GuideCounts } from '../../store/guides/guides';

// What the desk's Sources page shows for a period: visits → quiz opened → quiz finished → leads by kind → calls
// booked → clients, per source and campaign, with leads and visits per week for the top sources, and the quiz's
// answers, stops and recommendations, the calls attended and missed, and the revenue per source and program. Built from the server's visit counts
// (no cookies, no scripts) and the leads' stored first-touch attribution; bookings, clients and payments by their lead.

/** The periods the page offers, in days. */
export const SOURCE_PERIODS = [7, 30, 90] as const;
export type SourcePeriod = (typeof SOURCE_PERIODS)[number];

/** One row: a source, or a source and one of its campaigns. */
export interface SourceRow {
  /** `instagram`, `facebook`, `search`, `direct`, `other`, a `utm_source` value, or a referring site's host. */
  source: string;
  /** A `utm_campaign`; null on the source's own row (all its campaigns together). */
  campaign: string | null;
  visits: number;
  quizOpened: number;
  quizFinished: number;
  leads: Record<LeadKind, number>;
  /** Calls booked by this row's leads in the period (a rescheduled call counts once). */
  calls: number;
  /** This row's leads whose status is `client`. */
  clients: number;
  /** Calls starting in the period that an owner marked attended, by the source of the lead who booked. */
  attended: number;
  /** Calls starting in the period that an owner marked a no-show, likewise. */
  noShows: number;
  /** Paise paid in the period by this row's leads (whenever they arrived), less refunds made in it. */
  revenuePaise: number;
}

/** Leads and visits of one week (weeks start on Monday, in the owners' time zone). */
export interface WeekPoint {
  /** The Monday, YYYY-MM-DD. */
  week: string;
  visits: number;
  leads: number;
}

/** The quiz in the period, counts only. */
export interface QuizInsight {
  /** Per question (in the quiz's order): how many finished quizzes chose each answer. */
  questions: { question: string; answers: { answer: string; count: number }[] }[];
  /** Per step (1 = the quiz opened): how many reached it; the difference to the next is where people stopped. */
  steps: { step: number; reached: number }[];
  /** Programs recommended, most first. */
  programs: { program: string; count: number }[];
}

export interface SourceReport {
  days: SourcePeriod;
  /** The period's first and last day, YYYY-MM-DD, in the owners' time zone. */
  from: string;
  to: string;
  /** Source rows (campaign null) sorted by leads then visits, each followed by its campaigns' rows. */
  rows: SourceRow[];
  /** All sources together (campaign null, source `all`). */
  total: SourceRow;
  /** Per week, for the top sources (at most 5) by leads then visits; only `quizSource` when the page asked for one. */
  weekly: { source: string; points: WeekPoint[] }[];
  /** Only when the page was asked for one source: `quiz` is then that source's. */
  quizSource: string | null;
  quiz: QuizInsight;
  /** Revenue per program in the period (money/revenue.ts). */
  programs: ProgramRevenue[];
  /** Free guides asked for in the period, per source and guide, with their confirmations and downloads. */
  guides: GuideSourceCounts[];
  /** The period's days on which counting visits paused at the site's ceiling (when), oldest first. */
  paused: { day: string; since: string; ceiling: number }[];
}

/** A guide's counts for one source, with the guide's title as published (its slug when it is no longer there). */
export interface GuideSourceCounts extends GuideCounts {
  title: string;
}
