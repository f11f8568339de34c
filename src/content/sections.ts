/**
 * The fixed words of the landing page's testimonials and talks sections: their headings and labels. What the
 * owners write (the quotes, the talks) is their content (src/shared/site-content.ts); these stay in code.
 */
export const testimonialsCopy = {
  heading: 'What people say',
} as const;

/** The note at the top of the owners' preview of a draft (/desk/content/preview). */
export const previewCopy = {
  note: 'Preview of your draft: visitors do not see it until you publish. Its forms are real: what you send here arrives as a lead.',
  back: 'Back to Site content',
} as const;

export const talksCopy = {
  heading: 'Talks and events',
  upcoming: 'Upcoming',
  past: 'Past talks',
} as const;
