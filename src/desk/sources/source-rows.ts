import { QUIZ_STEPS, QUIZ_STEP_COUNT } from '../../words/site';
import { LEAD_KINDS, type LeadKind } from '../../store/leads/lead';
import type { VisitDay } from '../../store/sources/visits';
import type { PeriodMoney } from './money/revenue';
import type { PeriodShowUp } from './show-up/show-up';
import type { QuizInsight, SourceRow, WeekPoint } from './source-report';

// The Sources page's numbers put together from the period's visits and leads: pure, so each rule is tested alone.

const DAY = 86_400_000;

/** A lead of the period as the report counts it: by its first-touch source and campaign, with its calls. */
export interface PeriodLead {
  kind: LeadKind;
  source: string;
  /** Empty when the lead's first touch had no campaign. */
  campaign: string;
  /** The owners' day it arrived, YYYY-MM-DD. */
  day: string;
  calls: number;
  client: boolean;
  /** A quiz response's answers by step ("0", "1", …) and the programs it recommended. */
  answers?: Record<string, string>;
  recommended?: string[];
}

export function emptyRow(source: string, campaign: string | null): SourceRow {
  const leads = Object.fromEntries(LEAD_KINDS.map((k) => [k, 0])) as Record<LeadKind, number>;
  return {
    source,
    campaign,
    visits: 0,
    quizOpened: 0,
    quizFinished: 0,
    leads,
    calls: 0,
    clients: 0,
    attended: 0,
    noShows: 0,
    revenuePaise: 0,
  };
}

const leadsOf = (row: SourceRow) => LEAD_KINDS.reduce((sum, k) => sum + row.leads[k], 0);
/** Most leads first, then most visits, then by name. */
const byWeight = (a: SourceRow, b: SourceRow) =>
  leadsOf(b) - leadsOf(a) || b.visits - a.visits || (a.campaign ?? a.source).localeCompare(b.campaign ?? b.source);

/** The rows a visit or lead adds to: its source's, its campaign's (when it has one), and the total. */
function rowsFor(table: Map<string, SourceRow>, total: SourceRow, source: string, campaign: string): SourceRow[] {
  const get = (key: string, make: () => SourceRow) => table.get(key) ?? table.set(key, make()).get(key)!;
  const rows = [total, get(`${source}\n`, () => emptyRow(source, null))];
  if (campaign) rows.push(get(`${source}\n${campaign}`, () => emptyRow(source, campaign)));
  return rows;
}

/**
 * Source rows by weight, each followed by its campaigns' rows by weight; and all sources together. Money goes to its
 * lead's source and campaign (an erased person's to a row of its own, money/revenue.ts ERASED_SOURCE), and so does a
 * marked call.
 */
export function sourceRows(
  visits: VisitDay[],
  leads: PeriodLead[],
  money: readonly PeriodMoney[] = [],
  showUps: readonly PeriodShowUp[] = [],
): { rows: SourceRow[]; total: SourceRow } {
  const table = new Map<string, SourceRow>();
  const total = emptyRow('all', null);
  for (const v of visits) {
    for (const row of rowsFor(table, total, v.source, v.campaign)) {
      row.visits += v.visits;
      row.quizOpened += v.reached[0] ?? 0;
      row.quizFinished += v.reached[QUIZ_STEP_COUNT - 1] ?? 0;
    }
  }
  for (const lead of leads) {
    for (const row of rowsFor(table, total, lead.source, lead.campaign)) {
      row.leads[lead.kind] += 1;
      row.calls += lead.calls;
      if (lead.client) row.clients += 1;
    }
  }
  for (const m of money) {
    for (const row of rowsFor(table, total, m.source, m.campaign)) row.revenuePaise += m.paise;
  }
  for (const s of showUps) {
    for (const row of rowsFor(table, total, s.source, s.campaign)) {
      if (s.value === 'attended') row.attended += 1;
      else row.noShows += 1;
    }
  }
  const all = [...table.values()];
  const rows = all
    .filter((r) => r.campaign === null)
    .sort(byWeight)
    .flatMap((s) => [s, ...all.filter((r) => r.source === s.source && r.campaign !== null).sort(byWeight)]);
  return { rows, total };
}

/** The Monday (YYYY-MM-DD) of the week holding a day. */
export function mondayOf(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return new Date(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
}

/** Leads and visits per week, for the first `top` sources of `rows` (already by weight). */
export function weeklyPoints(
  rows: SourceRow[],
  visits: VisitDay[],
  leads: PeriodLead[],
  from: string,
  to: string,
  top = 5,
): { source: string; points: WeekPoint[] }[] {
  const weeks: string[] = [];
  for (let ms = Date.parse(`${mondayOf(from)}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += 7 * DAY) {
    weeks.push(new Date(ms).toISOString().slice(0, 10));
  }
  const sources = rows.filter((r) => r.campaign === null).slice(0, top);
  return sources.map(({ source }) => {
    const points = new Map(weeks.map((week) => [week, { week, visits: 0, leads: 0 }]));
    // A day outside the period's weeks has no point (the report passes only the period's days).
    for (const v of visits) {
      const point = v.source === source ? points.get(mondayOf(v.day)) : undefined;
      if (point) point.visits += v.visits;
    }
    for (const l of leads) {
      const point = l.source === source ? points.get(mondayOf(l.day)) : undefined;
      if (point) point.leads += 1;
    }
    return { source, points: [...points.values()] };
  });
}

/** Per step of the quiz (1 = opened), how many of the visits reached it: the one count Sources and Numbers show. */
export function funnelSteps(visits: VisitDay[]): QuizInsight['steps'] {
  return Array.from({ length: QUIZ_STEP_COUNT }, (_, i) => ({
    step: i + 1,
    reached: visits.reduce((sum, v) => sum + (v.reached[i] ?? 0), 0),
  }));
}

/** The quiz in the period: answers and programs from the quiz responses, how far visitors got from the visits. */
export function quizInsight(visits: VisitDay[], leads: PeriodLead[]): QuizInsight {
  const quizzes = leads.filter((l) => l.kind === 'quiz');
  const questions = QUIZ_STEPS.map((step, i) => ({
    question: step.title,
    answers: step.options.map((answer) => ({
      answer,
      count: quizzes.filter((q) => q.answers?.[String(i)] === answer).length,
    })),
  }));
  const steps = funnelSteps(visits);
  const programs = new Map<string, number>();
  for (const q of quizzes) for (const p of q.recommended ?? []) programs.set(p, (programs.get(p) ?? 0) + 1);
  return {
    questions,
    steps,
    programs: [...programs]
      .map(([program, count]) => ({ program, count }))
      .sort((a, b) => b.count - a.count || a.program.localeCompare(b.program)),
  };
}
