/** Builds YouTube-shaped Atom feeds for tests (see tests/fixtures/youtube for real captures). */
export interface EntrySpec {
  id: string | null;
  title: string | null;
  published?: string;
  link?: string;
}

export function entry({ id, title, published = '2026-01-01T00:00:00+00:00', link }: EntrySpec): string {
  const href = link ?? `https://www.youtube.com/watch?v=${id ?? 'missing'}`;
  return [
    '<entry>',
    id === null ? '' : `<id>yt:video:${id}</id><yt:videoId>${id}</yt:videoId>`,
    title === null ? '' : `<title>${title}</title>`,
    `<link rel="alternate" href="${href}"/>`,
    `<published>${published}</published>`,
    '<media:group><media:description></media:description></media:group>',
    '</entry>',
  ].join('');
}

export function feed(entries: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?><feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom"><title>Test</title>${entries.join('')}</feed>`;
}

/** Hostile documents a feed host could answer with: each must be refused, and quickly (scripts/bench/measure/feeds-parse.measure.ts). */
export const hostileFeeds = {
  /** Over the size limit. */
  huge: () => feed([entry({ id: 'eeeeeeeeeee', title: 'x'.repeat(3 * 1024 * 1024) })]),
  /** Nine levels of entities, each ten of the one below: a billion "lol"s once expanded. */
  billionLaughs: () => {
    const lol = Array.from({ length: 9 }, (_, i) =>
      i === 0 ? '<!ENTITY lol0 "lol">' : `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`,
    ).join('');
    return `<?xml version="1.0"?><!DOCTYPE feed [${lol}]><feed><entry><yt:videoId>fffffffffff</yt:videoId><title>&lol8;</title></entry></feed>`;
  },
  /** 50,000 nested elements. */
  deepNesting: () => {
    const depth = 50_000;
    return `<feed><entry>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</entry></feed>`;
  },
};
