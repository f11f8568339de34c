// Reading D1 rows as records (every adapter maps a row type to its record with its own `fromRow`), and pruning the
// oldest of them.

/** Every row a bound statement reads, each as `fromRow` makes it. */
export async function rowsOf<R, T>(statement: D1PreparedStatement, fromRow: (row: R) => T): Promise<T[]> {
  const { results } = await statement.all<R>();
  return results.map((row) => fromRow(row));
}

/** The first row a bound statement reads as `fromRow` makes it, or null when it reads none. */
export async function rowOf<R, T>(statement: D1PreparedStatement, fromRow: (row: R) => T): Promise<T | null> {
  const row = await statement.first<R>();
  return row ? fromRow(row) : null;
}

/**
 * The statement that deletes the `limit` oldest rows of `table` written before `before` by their `time` column, each
 * found by its `key`: the cron prunes in batches, so one run never holds the database for long.
 */
export function pruneOldest(
  db: D1Database,
  { table, key, time }: { table: string; key: string; time: string },
  before: string,
  limit: number,
): D1PreparedStatement {
  return db
    .prepare(
      `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${time} < ? ORDER BY ${time} LIMIT ?)`,
    )
    .bind(before, limit);
}
