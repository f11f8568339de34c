/**
 * The quiz result by email: what a visitor who took the quiz receives at the address they gave, in Priya's voice.
 * The programs' lines are their reasons in recommendations.ts; the booking and enquiry labels are the site's own.
 */
export const resultEmail = {
  /** Who the email is from, as the visitor's inbox shows it. */
  fromName: 'Priya Raman',
  subject: (first: string) => `${first}, the programs that fit your answers`,
  /** The first lines: a greeting and what this email is. */
  greeting: (first: string) => `Hello ${first},`,
  intro: 'Thank you for taking the quiz on my website. Based on what you told me, this is where I would begin:',
  /** Under each program's line. */
  programLink: 'Read about it on my website',
  /** The main action when a booking page is set. */
  bookLead: 'If you would like to talk it through, choose a time that suits you:',
  book: 'Book a call',
  /** The next step without a booking page: the site's enquiry form. */
  enquiryLead: 'If you would like to talk it through, send me a few lines and I will reply personally:',
  enquiry: 'Start a conversation',
  answersHeading: 'Your answers',
  /** A step the visitor skipped. */
  skipped: 'Skipped',
  signOff: 'Warmly,',
  signature: 'Priya',
  /** Why the visitor received it, and that nothing else follows from it. */
  why: (site: string) =>
    `You are receiving this one email because you took the quiz on ${site} and asked to see the programs that fit your answers. It is not a newsletter: nothing else is sent to you unless you ask for it.`,
  privacy: 'How your details are used',
} as const;
