import { readConfig, type Env } from '../env';
import { TIME_ZONE } from '../content/site';

/** The sending budgets of the delivery ledger (see README "Abuse limits"). */
export interface Budgets {
  /** VISITOR_MESSAGES_PER_DAY: journey_users messages one typed number receives in 24 h. */
  perNumber: number;
  /** VISITOR_MESSAGES_DAILY_BUDGET: visitor messages in all per calendar day in India. */
  dailyBudget: number;
  /** OWNER_ALERTS_PER_HOUR: alerts each owner receives per clock hour; the rest go into a digest. */
  ownerPerHour: number;
  /**
   * BUDGET_WINDOW_SCALE (development only): every window runs this many times faster,
   * so a simulation can live through hours in minutes. 1 in production.
   */
  scale: number;
}

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
/** The owners' calendar day starts this long after midnight UTC. */
const DAY_OFFSET_MS = TIME_ZONE.utcOffsetMinutes * 60_000;

/** The budgets of the limits group (src/config/groups.ts parses and checks them). */
export function readBudgets(env: Env): Budgets {
  const limits = readConfig(env).limits;
  return {
    perNumber: limits.visitorMessagesPerDay,
    dailyBudget: limits.visitorMessagesDailyBudget,
    ownerPerHour: limits.ownerAlertsPerHour,
    scale: limits.budgetWindowScale,
  };
}

/** The windows the budgets count in, at `now`, as ISO strings (the ledger's created_at format). */
export interface Windows {
  /** Start of the rolling 24 hours of the per-number cap. */
  since: string;
  /** The calendar day in India of the daily budget: [dayStart, dayEnd). */
  dayStart: string;
  dayEnd: string;
  /** The clock hour of the owners' cap and digest: [hourStart, hourEnd). hourStart names the digest. */
  hourStart: string;
  hourEnd: string;
}

export function windowsAt(now: Date, scale = 1): Windows {
  const t = now.getTime();
  const hour = HOUR_MS / scale;
  const day = DAY_MS / scale;
  const offset = DAY_OFFSET_MS / scale;
  const dayStart = Math.floor((t + offset) / day) * day - offset;
  const hourStart = Math.floor(t / hour) * hour;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    since: iso(t - day),
    dayStart: iso(dayStart),
    dayEnd: iso(dayStart + day),
    hourStart: iso(hourStart),
    hourEnd: iso(hourStart + hour),
  };
}
