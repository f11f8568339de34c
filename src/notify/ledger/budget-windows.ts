import { TIME_ZONE } from '../../words/site';

// The time windows the budgets count in: the rolling 24 hours, the owners' calendar day in India, the clock hour.

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
/** The owners' calendar day starts this long after midnight UTC. */
const DAY_OFFSET_MS = TIME_ZONE.utcOffsetMinutes * 60_000;

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
