import * as z from 'zod';
import type { Problem } from './read/problem.ts';
import type { Reader } from './read/reader.ts';
import { fallbackOf } from './read/settings.ts';

export interface LimitsConfig {
  /** VISITOR_MESSAGES_PER_DAY: journey_users messages one typed number receives in 24 h. */
  visitorMessagesPerDay: number;
  /** VISITOR_MESSAGES_DAILY_BUDGET: visitor messages in all per calendar day in India. */
  visitorMessagesDailyBudget: number;
  /** OWNER_ALERTS_PER_HOUR: alerts each owner receives per clock hour; the rest go into a digest. */
  ownerAlertsPerHour: number;
  /** VISITS_DAILY_LIMIT: new visitors counted in all per day (the owners' day); past it counting pauses. */
  visitsDailyLimit: number;
  /** BUDGET_WINDOW_SCALE (development only; 1 elsewhere): every budget window runs this many times faster. */
  budgetWindowScale: number;
}

const CountSchema = z.coerce.number().int().min(0);

/** The message budgets; BUDGET_WINDOW_SCALE outside development is reported (r.report) and ignored. */
export function parseLimits(r: Reader, out: Problem[]): LimitsConfig {
  const count = (
    name: 'VISITOR_MESSAGES_PER_DAY' | 'VISITOR_MESSAGES_DAILY_BUDGET' | 'OWNER_ALERTS_PER_HOUR' | 'VISITS_DAILY_LIMIT',
  ) => {
    const parsed = CountSchema.safeParse(r.valueOf(name));
    if (parsed.success) return parsed.data;
    out.push({ setting: name, message: `${name} must be a whole number, 0 or more.` });
    return CountSchema.parse(fallbackOf(name));
  };
  const scale = z.coerce.number().min(1).safeParse(r.valueOf('BUDGET_WINDOW_SCALE'));
  if (!scale.success) {
    out.push({
      setting: 'BUDGET_WINDOW_SCALE',
      message: 'BUDGET_WINDOW_SCALE must be a number, 1 or more.',
    });
  } else if (r.deployed && scale.data !== 1) {
    // Reported (preflight, logs), but the budgets keep working at real speed: it is ignored here.
    r.report({
      setting: 'BUDGET_WINDOW_SCALE',
      message: 'BUDGET_WINDOW_SCALE is for local simulations only and is ignored outside development; remove it.',
    });
  }
  return {
    visitorMessagesPerDay: count('VISITOR_MESSAGES_PER_DAY'),
    visitorMessagesDailyBudget: count('VISITOR_MESSAGES_DAILY_BUDGET'),
    ownerAlertsPerHour: count('OWNER_ALERTS_PER_HOUR'),
    visitsDailyLimit: count('VISITS_DAILY_LIMIT'),
    budgetWindowScale: scale.success && !r.deployed ? scale.data : 1,
  };
}
