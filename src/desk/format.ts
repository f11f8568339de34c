import { TIME_ZONE } from '../words/site';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: TIME_ZONE.name,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An instant as the owners read it: "22 Nov 2026, 6:10 am" in their time zone. */
export function when(iso: string | undefined | null): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : dateTime.format(ms);
}

const calendarDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A calendar day (YYYY-MM-DD, already India's) as the owners read it: "27 Feb 2027"; as given if it is not one. */
export function day(ymd: string): string {
  const ms = Date.parse(`${ymd}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(ymd) && !Number.isNaN(ms) ? calendarDay.format(ms) : ymd;
}

/** Digits of a phone number for wa.me links (no plus, no spaces). */
export function waDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}
