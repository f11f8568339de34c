/** India's time: UTC+5:30 all year (no daylight saving). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * The Indian financial year (April to March) an instant falls in, by the date in India: `2026-27` from 1 April 2026
 * 00:00 IST to 31 March 2027 23:59 IST. Receipts are numbered per financial year, so a payment at 23:00 IST on
 * 31 March (17:30 UTC) is still in the year that is ending.
 */
export function financialYear(at: Date | string): string {
  const instant = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`financialYear: not a time: ${String(at)}`);
  const india = new Date(instant.getTime() + IST_OFFSET_MS);
  const year = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}
