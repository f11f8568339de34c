import { LEAD_KINDS } from './lead';
import { SEARCH_VERSION } from './search-tokens';
import type { Env } from '../../env';
import { describeError, logEvent } from '../../log';
import { getLeadStore } from './open';

/** Leads rewritten per kind and cron run: a few hundred store calls at most, well inside a Worker's limits. */
export const BACKFILL_PAGE = 100;

/**
 * Each cron run: for each kind of lead whose stored search words are older than SEARCH_VERSION, rewrites
 * the words of the next page of leads (newest first, with the desk listing's cursor) and remembers where
 * it stopped; the last page marks the kind done. Leads saved meanwhile already have the new words. A
 * failure leaves the cursor where it was, so the next run takes the same page again (a rewrite is idempotent).
 */
export async function backfillSearchWords(env: Env, pageSize = BACKFILL_PAGE): Promise<void> {
  const store = getLeadStore(env);
  for (const kind of LEAD_KINDS) {
    try {
      const state = await env.DB.prepare('SELECT version, cursor FROM search_backfill WHERE kind = ?')
        .bind(kind)
        .first<{ version: number; cursor: string | null }>();
      if ((state?.version ?? 1) >= SEARCH_VERSION) continue;
      const page = await store.list({ kind, limit: pageSize, ...(state?.cursor && { cursor: state.cursor }) });
      for (const lead of page.leads) await store.refreshSearch(lead);
      const done = !page.next;
      await env.DB.prepare(
        `INSERT INTO search_backfill (kind, version, cursor) VALUES (?, ?, ?)
         ON CONFLICT(kind) DO UPDATE SET version = excluded.version, cursor = excluded.cursor`,
      )
        .bind(kind, done ? SEARCH_VERSION : (state?.version ?? 1), done ? null : page.next)
        .run();
      logEvent('info', 'search.backfill', { kind, outcome: done ? 'done' : 'page', count: page.leads.length });
    } catch (err) {
      logEvent('error', 'search.backfill', { kind, outcome: 'failed', error: describeError(err) });
    }
  }
}
