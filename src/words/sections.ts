/**
 * The fixed words of the landing page's testimonials and talks sections: their headings and labels. What the
 * owners write (the quotes, the talks) is their content (src/shared/site-content.ts); these stay in code.
 */
export const testimonialsCopy = {
  heading: 'What people say',
} as const;

/** The note at the top of the owners' preview of a draft (/desk/content/preview) or of a published version. */
export const previewCopy = {
  /** The name of the note's landmark. */
  label: 'Preview',
  note: 'Preview of your draft: visitors do not see it until you publish. Its forms are real: what you send here arrives as a lead.',
  version: (id: number) =>
    `Preview of version ${id}, published earlier: visitors see it only if you publish it again. Its forms are real: what you send here arrives as a lead.`,
  liveVersion: (id: number) =>
    `Preview of version ${id}: this is what visitors see now. Its forms are real: what you send here arrives as a lead.`,
  republish: (id: number) => `Publish version ${id} again`,
  back: 'Back to Site content',
} as const;

export const talksCopy = {
  heading: 'Talks and events',
  upcoming: 'Upcoming',
  past: 'Past talks',
} as const;
