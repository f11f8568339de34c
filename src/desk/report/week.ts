import { TIME_ZONE } from '../../words/site';

// The Monday report's calendar: weeks run Monday 00:00 to the next Monday 00:00 in the owners' time zone (India
// keeps one offset all year), and the report goes on Monday from 08:00.

const DAY = 86_400_000;
const OFFSET = TIME_ZONE.utcOffsetMinutes * 60_000;
/** The hour (owners' time) from which Monday's report goes. */
export const REPORT_HOUR = 8;

/** The owners' calendar day (YYYY-MM-DD) of an instant, its weekday (0 Sunday … 6 Saturday) and hour. */
function local(ms: number) {
  const at = new Date(ms + OFFSET);
  return { day: at.toISOString().slice(0, 10), weekday: at.getUTCDay(), hour: at.getUTCHours() };
}

/** The instant (ms) an owners' day starts. */
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - OFFSET;

/** The day (YYYY-MM-DD) `days` after `day`. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * The week a report sent in the week of `now` tells: `monday` is the Monday `now` falls in (the report's own
 * date and key), `from`–`to` the finished week before it (Monday to Sunday) and `before` the Monday of the week
 * before that; `start`/`end` the instants (ms) the finished week starts and ends, `nextMonday` when the week of
 * `monday` ends.
 */
export function reportWeek(now: Date) {
  const { day, weekday } = local(now.getTime());
  const monday = addDays(day, -((weekday + 6) % 7));
  const from = addDays(monday, -7);
  return {
    monday,
    from,
    to: addDays(monday, -1),
    before: addDays(monday, -14),
    start: dayStart(from),
    end: dayStart(monday),
    nextMonday: dayStart(addDays(monday, 7)),
  };
}

/**
 * Whether the cron's run at `now` may send the week's report: Monday, from 08:00 to midnight, owners' time. A
 * Monday the cron missed altogether is not made up on Tuesday: by then the week's calls and waiting conversations
 * the report lists have moved on, and the next Monday's report covers the days again beside the week before.
 */
export function isReportTime(now: Date): boolean {
  const { weekday, hour } = local(now.getTime());
  return weekday === 1 && hour >= REPORT_HOUR;
}
