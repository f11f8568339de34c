import type { EngagementRecord } from '../store/clients/clients';

/** The instant an engagement's last day (India) ends: it is valid through the whole of `validUntil`. */
export function endOfValidity(validUntil: string): Date {
  return new Date(`${validUntil}T23:59:59.999+05:30`);
}

/** Whether the engagement is still valid at `now` (its last day included). */
export function isValid(engagement: Pick<EngagementRecord, 'validUntil'>, now: Date): boolean {
  return now.getTime() <= endOfValidity(engagement.validUntil).getTime();
}

/** When a link issued at `now` stops working: the engagement's end or `linkDays` (CLIENT_LINK_DAYS), the sooner. */
export function linkExpiry(validUntil: string, now: Date, linkDays: number): string {
  const byDays = now.getTime() + linkDays * 86_400_000;
  return new Date(Math.min(byDays, endOfValidity(validUntil).getTime())).toISOString();
}

/** Today's date in India, YYYY-MM-DD (engagements are valid by India's calendar). */
export function indiaDay(now: Date): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}
