import { TIME_ZONE } from '../../../words/site';

const OFFSET_MS = TIME_ZONE.utcOffsetMinutes * 60_000;
const DAY_MS = 24 * 3_600_000;

/** A `datetime-local` value (`YYYY-MM-DDTHH:MM`, seconds allowed) as the browser sends it. */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A wall-clock time in the site's time zone (as an owner types it) as a UTC instant (ISO), or null when it is not
 * one: not of the form, or a day that does not exist (31 Nov). The zone keeps one offset all year (no summer time).
 */
export function localToUtc(value: string): string | null {
  const m = LOCAL.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second);
  const back = new Date(wall);
  // Date.UTC rolls 31 Nov over to 1 Dec: a part that changed was not a real date or time.
  if (back.getUTCMonth() !== month! - 1 || back.getUTCDate() !== day || back.getUTCHours() !== hour) return null;
  if (back.getUTCFullYear() !== year || back.getUTCMinutes() !== minute) return null;
  return new Date(wall - OFFSET_MS).toISOString();
}

/** A UTC instant as a `datetime-local` value in the site's time zone (`YYYY-MM-DDTHH:MM`), to fill the form. */
export function utcToLocal(iso: string): string {
  return new Date(Date.parse(iso) + OFFSET_MS).toISOString().slice(0, 16);
}

/** The start of the day `now` falls on in the site's time zone, as epoch milliseconds. */
function localDayStart(now: Date): number {
  const local = now.getTime() + OFFSET_MS;
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - OFFSET_MS;
}

export type Due = 'overdue' | 'today' | 'later';

/**
 * Where a next date stands for the owners, by the site's calendar day: "overdue" once its day is over (it fell
 * before today began in the site's zone), "today" for any time today, passed or still to come (a call promised for
 * 10:00 is still today's work at 15:00), "later" after today.
 */
export function dueOf(nextAt: string, now: Date): Due {
  const at = Date.parse(nextAt);
  const start = localDayStart(now);
  if (at < start) return 'overdue';
  return at < start + DAY_MS ? 'today' : 'later';
}
