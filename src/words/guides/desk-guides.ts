// What the desk says about free guides: the People page's line, /desk/sources' table, the subscriber's page.

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const deskGuides = {
  /** The People page: a person's guide requests and the newsletter tool's reports about their addresses. */
  personLine: (requests: number, reports: number) =>
    [
      requests > 0 ? plural(requests, 'free guide request', 'free guide requests') : '',
      reports > 0 ? plural(reports, 'report from the newsletter tool', 'reports from the newsletter tool') : '',
    ]
      .filter(Boolean)
      .join(' · '),
  /** /desk/sources: guide requests, confirmations and downloads per source and guide over the page's period. */
  sources: {
    title: 'Free guides',
    intro:
      'Requests for a free guide made in this period, by the source of the visit, with how many confirmed their address and how many times the guide was downloaded.',
    none: 'No free guide was asked for in this period.',
    columns: {
      source: 'Source',
      guide: 'Guide',
      requests: 'Asked',
      confirmations: 'Confirmed',
      downloads: 'Downloads',
    },
    /** How a request with no source (a direct visit) is named, as the funnel above names it. */
    direct: 'direct',
    box: 'Free guides per source (scrolls sideways)',
  },
  /** A subscriber's page: the guides their subscription came from. */
  taken: {
    title: 'Guides they took',
    asked: (when: string) => `asked ${when}`,
    confirmed: (when: string) => `confirmed ${when}`,
    downloads: (n: number) => (n === 0 ? 'not downloaded yet' : `downloaded ${plural(n, 'time', 'times')}`),
  },
};
