import { TIME_ZONE } from '../../words/site';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0 });
const inrPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
const day = new Intl.DateTimeFormat('en-IN', {
  timeZone: TIME_ZONE.name,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** Paise as the owners read rupees, with Indian grouping: ₹4,999, or ₹4,999.50 when there are paise. */
export function rupees(paise: number): string {
  return paise % 100 === 0 ? inr.format(paise / 100) : inrPaise.format(paise / 100);
}

/** A day in the site's time zone: "5 Dec 2026". */
export function dayOf(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : day.format(ms);
}

/**
 * Rupees as an owner types them (`4999`, `4,999`, `₹ 4,999.50`) in paise, or null when it is not an amount: a
 * whole number of rupees, grouped or not, and at most two digits of paise.
 */
export function paiseOf(typed: string): number | null {
  const s = typed.trim().replace(/^₹\s*/, '');
  const m = /^(\d{1,3}(?:,\d{2,3})+|\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const whole = Number(m[1]!.replace(/,/g, ''));
  const paise = Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(whole) ? whole * 100 + paise : null;
}
