/** How the owners' desk names the parts of the site content in a version's list of changes. */
export const contentParts = {
  hero: 'Hero',
  about: 'About',
  programsSection: 'Programs section',
  resources: 'Resources',
  listen: 'Listen',
  newsletter: 'Newsletter',
  enquiry: 'Enquiry',
  footer: 'Footer',
  quiz: 'Quiz',
  programs: 'Programs',
  testimonials: 'Testimonials',
  talks: 'Talks and events',
  social: 'Social links',
  episodes: 'Episodes',
  guides: 'Free guides',
} as const;

/** A saved draft's limit, far above what the schema's lengths allow. */
export const draftTooLarge = 'is too large to save';

export const contentChanges = {
  field: (part: string, field: string) => `${part}: ${field} edited`,
  programEdited: (part: string, title: string) => `${part}: “${title}” edited`,
  programAdded: (part: string, title: string) => `${part}: “${title}” added`,
  programRemoved: (part: string, title: string) => `${part}: “${title}” removed`,
  order: (part: string) => `${part}: order changed`,
  counted: (part: string, n: number, what: 'added' | 'edited' | 'removed') => `${part}: ${n} ${what}`,
  /** Which field of which item an edit is about: “Asha Menon” · Quote. */
  editOf: (item: string | null, field: string) => (item ? `“${item}” · ${field}` : field),
  /** An item named by its title (a testimonial by its author, a program by its title), or by its place. */
  itemName: (title: string, n: number) => title || `Item ${n}`,
  before: 'Before',
  after: 'After',
  empty: '(empty)',
  yes: 'Yes',
  no: 'No',
  none: 'No changes',
  first: 'First published version',
};
