/**
 * A lead's page in plain words: the person's own words and how to reach them at the top, and where they came
 * from, the first page they saw and the form they sent, said as an owner would say them.
 */
export const deskLeadWords = {
  person: {
    /** The person's own words: an enquiry's message, a quiz's answers. */
    words: 'In their own words',
    answers: 'Their quiz answers',
    noAnswer: 'Not answered',
    reach: 'How to reach them',
    call: (phone: string) => `Call ${phone}`,
    whatsapp: 'WhatsApp',
    email: (email: string) => `Email ${email}`,
    noContact: 'No phone or email was given.',
  },
  details: {
    title: 'Details',
    cameFrom: 'Came from',
    firstPage: 'First page',
    form: 'Form',
    recommended: 'Programs suggested',
  },
  /** Where the visit came from, by the link's source tag or the site that sent them. */
  sources: {
    instagram: 'Instagram',
    facebook: 'Facebook',
    youtube: 'YouTube',
    google: 'Google',
    whatsapp: 'WhatsApp',
    linkedin: 'LinkedIn',
    twitter: 'X (Twitter)',
    email: 'an email',
    newsletter: 'the newsletter',
    podcast: 'the podcast',
    qr: 'a QR code',
  } as Record<string, string>,
  /** The first words of a source tag or a site's name that say which of the above it is. */
  sourceAliases: {
    ig: 'instagram',
    insta: 'instagram',
    fb: 'facebook',
    yt: 'youtube',
    wa: 'whatsapp',
    li: 'linkedin',
    lnkd: 'linkedin',
    x: 'twitter',
    't.co': 'twitter',
    mail: 'email',
  } as Record<string, string>,
  /** A site that sent them, by its address (e.g. "another site: example.org"). */
  site: (host: string) => `another site: ${host}`,
  direct: 'Typed the address, a bookmark or an app (no link recorded)',
  /** The campaign and other tags of the link, after where it came from. */
  campaign: (name: string) => `campaign ${name}`,
  firstPages: { '/': 'the home page', '/quiz': 'the quiz page' } as Record<string, string>,
  page: (path: string) => `the page ${path}`,
  notRecorded: 'Not recorded',
  forms: {
    quiz: 'the quiz',
    enquiry: 'the enquiry form',
    newsletter: 'the newsletter sign-up',
  } as Record<string, string>,
  /** A quiz response's source other than the site's own quiz page. */
  quizFrom: (where: string) => `the quiz (${where})`,
  /** An owner named by OWNER_NAMES, or by their place when no name is set. */
  owner: (n: number) => `Owner ${n}`,
} as const;
