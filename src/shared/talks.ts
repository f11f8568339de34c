/**
 * Talks and events by time: upcoming ones (today included) soonest first, past ones latest first. "Today" is the
 * owners' calendar day (TIME_ZONE), so a talk moves to the past at their midnight, not the server's.
 */
import { TIME_ZONE } from '../words/site';
import type { Talk } from './site-content';

/** The owners' calendar day of an instant, YYYY-MM-DD. */
export function ownersDay(ms: number): string {
  return new Date(ms + TIME_ZONE.utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

export function talksByTime(talks: readonly Talk[], today: string): { upcoming: Talk[]; past: Talk[] } {
  const upcoming = talks.filter((t) => t.date >= today).sort((a, b) => a.date.localeCompare(b.date));
  const past = talks.filter((t) => t.date < today).sort((a, b) => b.date.localeCompare(a.date));
  return { upcoming, past };
}
