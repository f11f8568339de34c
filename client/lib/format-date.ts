const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "2026-10-28" → "28 Oct 2026". Done by hand rather than with Intl: the server
 * (workerd) and the browser may format differently, and an island's markup must
 * match on both sides to hydrate cleanly.
 */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day || month > 12) return isoDate;
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** 2052 → "34:12", 3723 → "1:02:03": a running time as players show it (the same on server and browser). */
export function formatDuration(seconds: number): string {
  const s = Math.floor(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  const [h, m] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60)];
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}
