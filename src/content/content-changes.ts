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
} as const;

/** A saved draft's limit, far above what the schema's lengths allow. */
export const draftTooLarge = 'is too large to save';

export const contentChanges = {
  field: (part: string, field: string) => `${part}: ${field} changed`,
  programField: (part: string, title: string, field: string) => `${part}: “${title}” ${field} changed`,
  programAdded: (part: string, title: string) => `${part}: “${title}” added`,
  programRemoved: (part: string, title: string) => `${part}: “${title}” removed`,
  order: (part: string) => `${part}: order changed`,
  counted: (part: string, n: number, what: 'added' | 'changed' | 'removed') => `${part}: ${n} ${what}`,
  none: 'No changes',
  first: 'First published version',
};
