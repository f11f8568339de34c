/**
 * The fixed words of the landing page's testimonials and talks sections: their headings and labels. What the
 * owners write (the quotes, the talks) is their content (src/shared/site-content.ts); these stay in code.
 */
export const testimonialsCopy = {
  heading: 'What people say',
} as const;

export const talksCopy = {
  heading: 'Talks and events',
  upcoming: 'Upcoming',
  past: 'Past talks',
} as const;
