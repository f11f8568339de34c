import type { ReactNode } from 'react';

/**
 * A desk card of records of one sort: a heading and a list, each item as `children` shows it (its own `<li>`, with
 * its key); nothing at all when there are none, so a page shows only the sorts it has.
 *
 * @example <ListCard id="person-dead" title={copy.dead} items={records.dead}>{(d) => <li key={d.id}>…</li>}</ListCard>
 */
export function ListCard<T>({
  id,
  title,
  items,
  children,
}: {
  /** The heading's id, which names the card. */
  id: string;
  title: string;
  items: readonly T[];
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <section className="desk-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="desk-list">{items.map((item) => children(item))}</ul>
    </section>
  );
}
