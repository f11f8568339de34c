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
