import type { Env } from '../env';

/** Cron Trigger (every 15 minutes): refreshes the YouTube feeds cache (filled in by the feeds work). */
export async function refreshFeedsOnSchedule(_env: Env): Promise<void> {}
