/**
 * What the People page says about quotes (the site content's testimonials): found by the email address or phone
 * number the draft keeps privately with them, or by the name they are shown under; taken out of the draft by an
 * erasure, and off the live site when the owners publish.
 */
export const personQuotes = {
  title: 'Quotes (site content)',
  /** Where a quote is: the owners' draft, the live site, or both. */
  where: (inDraft: boolean, live: boolean, shown: boolean) =>
    [inDraft ? 'in the draft' : '', live ? (shown ? 'live on the site' : 'in the live content, hidden') : '']
      .filter(Boolean)
      .join(' and '),
  agreed: (date: string) => `agreed ${date}`,
  /** A search by name: the quotes shown under it, and nothing else. */
  namedFound: (n: number, name: string) => `${n === 1 ? '1 quote' : `${n} quotes`} shown as ${name}`,
  namedNothing: (name: string) => `No quote is shown as ${name}.`,
  namedHint:
    'A name finds only the quotes shown under it. Search by their email address or phone number for their forms, messages and the quotes that keep that address or number.',
  eraseTitle: 'Take these quotes off',
  eraseText:
    'Takes these quotes out of the draft of the site content. The live site shows them until you publish the site content.',
  confirmName: 'Type the name again to confirm',
  erase: 'Take the quotes out of the draft',
  mismatchName: 'This does not match the name searched for. Nothing was taken out.',
  /** After an erasure that found quotes the live site still has: they go only when the owners publish. */
  publish: (n: number) =>
    `${n === 1 ? '1 quote is' : `${n} quotes are`} out of the draft but still in the live site content: publish the site content to take ${n === 1 ? 'it' : 'them'} off the site.`,
  openContent: 'Open Site content',
};
