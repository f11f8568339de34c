import { site } from '../site';

/** Whom a client writes to when the page cannot book: the business number the link came from, or the Contact form. */
const whom = `Write to ${site.brand}: reply to the WhatsApp message that brought you this link, or use the Contact button at the foot of the page.`;

/** What a client's private page says (/c/:token, opened from the link an owner sent). */
export const clientPageWords = {
  title: `Your sessions · ${site.brand}`,
  description: `Your sessions with ${site.brand}.`,
  greeting: (first: string) => (first ? `Hello ${first}` : 'Hello'),
  intro: (program: string) => `This is your page for ${program}. Keep the link to yourself: it opens this page.`,
  facts: {
    label: 'Your package',
    program: 'Program',
    used: 'Sessions used',
    left: 'Sessions left',
    next: 'Next call',
    noNext: 'None booked yet',
    validUntil: 'Valid until',
    /** A call's time on the page: the day and time in India. */
    indiaTime: (when: string) => `${when} (India time)`,
    upcoming: (n: number) => (n === 1 ? '1 call booked and still to come' : `${n} calls booked and still to come`),
  },
  terms: {
    heading: 'Your terms',
    intro: 'Please read the terms of your package. You accept them once; after that this page lets you book.',
    box: 'I accept these terms',
    button: 'Accept the terms',
    required: 'Tick “I accept these terms” to accept them.',
    changed: 'These terms were changed since you opened the page. Please read them again before you accept.',
    accepted: (when: string) => `You accepted these terms on ${when} (India time).`,
  },
  book: {
    heading: 'Your next session',
    button: 'Book next session',
    newTab: 'The booking page opens in a new tab.',
    afterTerms: 'Once you accept the terms above, you can book your next session here.',
    expired: (day: string) => `Your package ended on ${day}, so no more sessions can be booked from this page. ${whom}`,
    usedUp: `Every session in your package is used or already booked, so no more can be booked from this page. ${whom}`,
    unavailable: `Booking online is not open just now. ${whom}`,
  },
  renew: {
    text: 'You have one session left. Would you like to go on after it?',
    link: 'Ask for a new package',
  },
  rateLimited: {
    heading: 'Please wait a minute',
    text: 'This page was sent more often than it allows in a minute, so nothing was changed. Please try again in a minute.',
  },
  unavailable: {
    heading: 'Please try again in a few minutes',
    text: 'Your page could not be opened just now, so nothing was changed.',
  },
  backHome: 'Go to the home page',
};
