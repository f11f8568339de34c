import type { ReactNode } from 'react';

/**
 * The look every table of the Sources page shares. On a wide screen a table (the owners compare rows down a column),
 * in its own box that scrolls sideways by keyboard too when the screen is narrower than the table; on a phone each
 * row is a card of its values, each named by its column (client/styles/desk/desk-sources.css), so nothing lies past
 * the screen's edge. The box has a name of its own (`box`): the section around it is a region already.
 */
export function CardTable({
  box,
  labelledBy,
  columns,
  children,
  foot,
}: {
  box: string;
  /** The id of the heading that names the table. */
  labelledBy: string;
  /** The header row, the rows' own header cell first. */
  columns: readonly string[];
  /** The body's rows. */
  children: ReactNode;
  /** The footer's rows (a total), if any. */
  foot?: ReactNode;
}) {
  return (
    <div className="desk-table-wrap sources-table-wrap" tabIndex={0} role="region" aria-label={box}>
      <table className="desk-table sources-table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {foot ? <tfoot>{foot}</tfoot> : null}
      </table>
    </div>
  );
}

/**
 * One value of a row, named by its column (a phone shows the name with it: the header row is hidden there). The
 * `data-*` attributes go on the cell, for the tests to read the raw value.
 */
export function CountCell({
  label,
  value,
  ...data
}: { label: string; value: number | string } & { [attribute: `data-${string}`]: string | number }) {
  return (
    <td data-label={label} {...data}>
      <span className="sources-count">{value}</span>
    </td>
  );
}

/**
 * A card of one table of the period: its heading and what it counts, then the table (its header row `words.columns`,
 * in their order; a row per item, as `children` shows it from the item and those columns' names), or a line saying
 * there is nothing to count.
 */
export function TableCard<T, C extends Record<string, string>>({
  id,
  words,
  rows,
  children,
}: {
  /** The heading's id, which names the card and its table. */
  id: string;
  /** Its heading, what it counts, the line shown instead of a table with no row, and the name of the table's box. */
  words: { title: string; intro: string; none: string; box: string; columns: C };
  rows: readonly T[];
  /** A row of the table; `columns` names each of its cells on a phone. */
  children: (row: T, columns: C) => ReactNode;
}) {
  return (
    <section className="desk-card" aria-labelledby={id}>
      <h2 id={id}>{words.title}</h2>
      <p className="desk-meta">{words.intro}</p>
      {rows.length === 0 ? (
        <p className="desk-empty">{words.none}</p>
      ) : (
        <CardTable box={words.box} labelledBy={id} columns={Object.values(words.columns)}>
          {rows.map((row) => children(row, words.columns))}
        </CardTable>
      )}
    </section>
  );
}
