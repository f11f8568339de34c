/**
 * What the People page says about a person as a client: the packages of sessions they bought (sessions used and
 * left, the last valid day, the terms and their acceptance, where their page's link stands) and the testimonials
 * they sent. Their copy holds all of it in full.
 */
export const clientPeople = {
  title: 'As a client',
  package: (title: string, sessions: number, used: number, left: number) =>
    `${title}: ${sessions} session${sessions === 1 ? '' : 's'}, ${used} used, ${left} left`,
  validUntil: (day: string) => `valid until ${day}`,
  termsAccepted: (version: number, at: string) => `terms (version ${version}) accepted ${at}`,
  termsPending: 'terms not accepted yet',
  noTerms: 'no terms',
  link: {
    live: (until: string) => `page link works until ${until}`,
    expired: 'page link expired',
    revoked: (at: string) => `page link revoked ${at}`,
    none: 'no page link sent',
  },
  testimonial: (at: string, status: string) => `Testimonial sent ${at}: ${status}`,
  statuses: {
    pending: 'waiting for an owner',
    approved: 'approved',
    declined: 'declined',
    withdrawn: 'consent withdrawn',
  },
};
