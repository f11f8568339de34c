/** What the testimonial request, the client's form, the desk's pending list and the owners' alerts say. */

/**
 * The consent statement the client ticks, versioned: a new wording gets a new version (the day it was written), and
 * each testimonial keeps the version its client ticked. /privacy shows the current text word for word.
 */
export const consentStatement = {
  version: '2026-11-29',
  text: 'I agree that Priya Raman may show my words, with the name and the role or town I give here, under “What people say” on her website, until I withdraw my consent from my private page.',
};

export const testimonialWords = {
  /** The client's page. */
  section: {
    heading: 'Your testimonial',
    intro:
      'Priya would be glad to hear how the sessions went for you. If you like, write a few words she may show on the site: nothing is shown until she has read it.',
    quote: 'Your words',
    quoteHint: 'At most 800 characters.',
    name: 'Your name, as it should be shown',
    place: 'Your role or town (optional)',
    send: 'Send my testimonial',
    sent: 'Thank you: your testimonial was sent. Priya reads it before anything is shown on the site.',
    withdrawn: 'Your consent is withdrawn: the testimonial will not be shown on the site.',
    yoursHeading: 'What you sent',
    withdraw: 'Withdraw my consent',
    status: {
      pending: 'Waiting for Priya to read it',
      approved: 'Approved: shown on the site once it is next published',
      declined: 'Not used on the site',
      withdrawn: 'Consent withdrawn',
    } as Record<string, string>,
    refused: 'Nothing was sent. Fix the fields marked below.',
    backHome: 'Back to the home page',
  },
  errors: {
    quote: 'Please write your words (at most 800 characters).',
    name: 'Please give the name to show (at most 80 characters).',
    place: 'Please keep your role or town to at most 80 characters.',
    consent: 'Please tick the box to agree to be quoted: without it nothing is sent.',
  },
  /** The client's WhatsApp message when an owner asks, inside the 24-hour window. */
  askText: (first: string) =>
    `Hello ${first}, Priya would be glad to have a few words from you about your sessions, to show on her site if you agree. You can write them on your private page (the link we sent you). Only if you like!`,
  noName: 'there',
  /** The desk. */
  desk: {
    heading: 'Testimonials',
    ask: 'Ask for a testimonial',
    askedAt: (when: string, by: string) => `Asked ${when} by ${by}.`,
    askedAgain: 'Ask again',
    none: 'None sent yet.',
    noEngagement: 'Start an engagement first: the client sends a testimonial from their page.',
    engagement: (title: string, until: string) => `${title}, until ${until}`,
    pendingTitle: 'Pending testimonials',
    pendingIntro:
      'What clients sent from their page. Approve adds it to the site content’s draft (with their address kept privately); preview and publish it there.',
    pendingNone: 'No testimonial is waiting.',
    by: (name: string, place: string) => (place ? `${name}, ${place}` : name),
    sentAt: (when: string) => `Sent ${when}`,
    approve: 'Approve into the draft',
    decline: 'Decline',
    approved: 'Approved: it is in the draft. Preview and publish the site content to show it.',
    declined: 'Declined: nothing is shown on the site.',
    draftFull: 'The draft already holds 30 testimonials: remove one in the content editor first.',
    draftInvalid: 'The draft does not pass its checks: fix it in the content editor first.',
    lead: 'Their lead',
    menu: 'Pending testimonials',
  },
  /** Both owners, when a client withdraws an approved testimonial: it left the draft, the live site still has it. */
  withdrawnAlert: {
    subject: 'A client withdrew their testimonial: publish the site content',
    text: (name: string, link: string) =>
      [
        `${name} withdrew their consent to be quoted. Their testimonial was taken out of the site content’s draft.`,
        'It stays on the live site until the draft is published: please publish it now.',
        link,
      ].join('\n\n'),
  },
};
