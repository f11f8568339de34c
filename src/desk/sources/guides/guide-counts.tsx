import type { GuideSourceCounts } from '../source-report';
import { deskGuides } from '../../../words/guides/desk-guides';
import { CountCell, TableCard } from '../table/card-table';

const copy = deskGuides.sources;

/** Free guides in the period, per source and guide: requests, then how many confirmed their address, then downloads. */
export function GuideCountsSection({ guides }: { guides: readonly GuideSourceCounts[] }) {
  return (
    <TableCard id="guide-counts-heading" words={copy} rows={guides}>
      {(g, c) => (
        <tr key={`${g.source}\u0000${g.guide}`} data-source={g.source || copy.direct}>
          <th scope="row">{g.source || copy.direct}</th>
          <td data-label={c.guide}>{g.title}</td>
          <CountCell label={c.requests} value={g.requests} />
          <CountCell label={c.confirmations} value={g.confirmations} />
          <CountCell label={c.downloads} value={g.downloads} />
        </tr>
      )}
    </TableCard>
  );
}
