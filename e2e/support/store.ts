import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** Reads the local D1 database that `wrangler dev` writes for the e2e run (read from the store, not the page). */
const D1_DIR = path.resolve(`.wrangler/e2e-state-${process.env.E2E_PORT || 8788}/v3/d1/miniflare-D1DatabaseObject`);

function databaseFile(): string {
  const file = readdirSync(D1_DIR).find((f: string) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database under ${D1_DIR}`);
  return path.join(D1_DIR, file);
}

export function queryStore<T = Record<string, unknown>>(sql: string, ...params: (string | number)[]): T[] {
  const db = new DatabaseSync(databaseFile(), { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Polls the store until `predicate` holds for the rows (writes may land a moment after the UI answers). */
export async function waitForRows<T = Record<string, unknown>>(
  sql: string,
  params: (string | number)[],
  predicate: (rows: T[]) => boolean = (rows) => rows.length > 0,
  timeoutMs = 8_000,
): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = queryStore<T>(sql, ...params);
    if (predicate(rows) || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 150));
  }
}
