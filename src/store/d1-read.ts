// Reading D1 rows as records: every adapter maps a row type to its record with its own `fromRow`.

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
