import type { GuideSourceCounts } from '../source-report';
import { deskGuides } from '../../../words/guides/desk-guides';

const copy = deskGuides.sources;

/** One count, named by its column (a phone shows the name beside it: the header row is hidden there). */
function Cell({ label, value }: { label: string; value: number }) {
  return (
    <td data-label={label}>
      <span className="sources-count">{value}</span>
    </td>
  );
}

/**
 * Free guides in the period, per source and guide: requests, then how many confirmed their address, then downloads.
 * The Sources table's look: a table in its own scrolling box on a wide screen, a card per row on a phone.
 */
export function GuideCountsSection({ guides }: { guides: readonly GuideSourceCounts[] }) {
  const c = copy.columns;
  return (
    <section className="desk-card" aria-labelledby="guide-counts-heading">
      <h2 id="guide-counts-heading">{copy.title}</h2>
      <p className="desk-meta">{copy.intro}</p>
      {guides.length === 0 ? (
        <p className="desk-empty">{copy.none}</p>
      ) : (
        <div className="desk-table-wrap sources-table-wrap" tabIndex={0} role="region" aria-label={copy.box}>
          <table className="desk-table sources-table" aria-labelledby="guide-counts-heading">
            <thead>
              <tr>
                {[c.source, c.guide, c.requests, c.confirmations, c.downloads].map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {guides.map((g) => (
                <tr key={`${g.source}\u0000${g.guide}`} data-source={g.source || copy.direct}>
                  <th scope="row">{g.source || copy.direct}</th>
                  <td data-label={c.guide}>{g.title}</td>
                  <Cell label={c.requests} value={g.requests} />
                  <Cell label={c.confirmations} value={g.confirmations} />
                  <Cell label={c.downloads} value={g.downloads} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
