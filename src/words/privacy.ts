/**
 * The privacy notice (/privacy) and the short consent notices shown before each form's
 * submit button. The coach edits the words here. When a notice's meaning changes, give it
 * a new version: each stored lead records the version its visitor was shown.
 */

import { consentStatement } from './clients/testimonials';
import { guidesSection, toolEventsSection } from './guides/privacy-guides';

/** A form that shows a consent notice: each kind of lead has one (the forms' schemas read it by kind). */
export type ConsentForm = keyof typeof consent.notices;

/**
 * How long each record is kept: the notice below states these, and the cron deletes by them, so the two cannot
 * disagree. Newsletter sign-ups are kept until the person unsubscribes.
 */
export const RETENTION = {
  /** Quiz responses and enquiries, after the last contact. */
  leadYears: 2,
  /** The delivery ledger's record of each message. */
  messageDays: 90,
  /** A lead the database refused for good, kept whole for the owners to enter by hand. */
  deadLeadDays: 90,
  /** A call booked on the booking tool that is linked to no lead: kept this long after the call. */
  unlinkedBookingDays: 365,
  /** The daily visit totals per source, medium and campaign (nothing about any one visitor). */
  visitCountMonths: 25,
  /** An earlier published version of the site's content (kept to undo a change), after it was replaced. */
  contentVersionDays: 365,
  /** A request for a free guide whose address was never confirmed, after it was made (a confirmed one: leadYears). */
  unconfirmedGuideDays: 30,
} as const;

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** "two years", "1 year" style in words up to ten, as the notice reads. */
const years = (n: number) => `${NUMBER_WORDS[n] ?? String(n)} year${n === 1 ? '' : 's'}`;

export interface ConsentNotice {
  /** Stored with the lead as consent.version. */
  version: string;
  text: string;
}

export const consent = {
  notices: {
    quiz: {
      version: 'quiz-2026-11-28',
      text: 'Your answers and contact details go to Priya and her assistant (by WhatsApp) so she can recommend programs and write to you about them. If you give a number and book a call, it also gets WhatsApp reminders of the call.',
    },
    newsletter: {
      version: 'newsletter-2026-11-22',
      text: 'You will get one email a month — a practice, a question and a story — and can unsubscribe from any letter. Priya and her assistant are told by WhatsApp when you sign up.',
    },
    enquiry: {
      version: 'enquiry-2026-11-28',
      text: 'Sending this form sends a WhatsApp message to the phone number you give, confirming your enquiry; Priya and her assistant receive your message by WhatsApp too. If you book a call, that number also gets WhatsApp reminders of the call.',
    },
  } satisfies Record<string, ConsentNotice>,
  /**
   * The quiz's unticked "Also send me the newsletter": its own notice and version, recorded with the quiz
   * response only when ticked. Its version is the checkbox's value, so the post says which notice was shown.
   */
  quizNewsletter: {
    version: 'quiz-newsletter-2026-11-25',
    text: 'One email a month — a practice, a question and a story — with a note of the programs your answers pointed to. Unsubscribe from any letter.',
  } satisfies ConsentNotice,
  /**
   * Versions shown in the past, by form, still accepted from pages loaded before a change (a form accepts only its
   * own). The quiz's and the enquiry's of 22 November did not yet name the reminders of a booked call.
   */
  retired: {
    quiz: ['quiz-2026-11-22'],
    newsletter: [],
    enquiry: ['enquiry-2026-11-22'],
    quizNewsletter: [],
  } as Record<'quiz' | 'newsletter' | 'enquiry' | 'quizNewsletter', string[]>,
  /** The version recorded for a lead stored before consent was recorded. */
  notRecorded: 'not recorded',
  link: 'How your details are used',
};

/** A form's notice as the form shows it: its text, version and the link to the privacy page. */
export function consentCopy(form: ConsentForm) {
  return { ...consent.notices[form], link: consent.link, href: privacy.path };
}

export interface PrivacySection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export const privacy = {
  path: '/privacy',
  title: 'Privacy',
  description:
    'What Priya Raman’s website collects when you take the quiz, subscribe, send an enquiry, book a call or pay, why, where it is kept, for how long, and how to get a copy or have it deleted.',
  updated: '2026-11-29',
  updatedLabel: 'Last updated',
  intro:
    'This page explains, in plain words, what happens to the details you give on this website. I am the one responsible for them (the data controller / data fiduciary).',
  sections: [
    {
      heading: 'What is collected',
      paragraphs: [
        'Only what you type into a form here or on the booking page, and a few facts about how you found the site:',
      ],
      list: [
        'The quiz: your answers (area of life, age range, where you are on your journey), your first and last name, email and, if you give it, your phone number, the programs recommended to you, and whether you also asked for the newsletter.',
        'The newsletter: your email address.',
        'An enquiry: your name, phone number, email and message.',
        'A call you book: when you follow “Book a call” to the booking page and book, move or cancel a call there, the booking tool tells this site the call’s time, the name and email you typed there, the program the call is about and the tool’s own id for the booking; and, once the call’s time has passed, whether you attended it or missed it, as Priya or her assistant marked it, with which of them marked it and when. The “Book a call” link shown after the quiz or an enquiry carries a reference made for that form: a random code with nothing about you in it, so that the call can be matched to the form. The link shown to everyone else carries none.',
        'With each of these: the version of the notice you were shown and when you sent the form, whether the form passed the site’s anti-spam check, and a one-way fingerprint of what you typed in it (so that the same form sent twice is kept once, and a form sent again with other details is refused); and, if present, the campaign tags of the link you followed (utm_source, utm_medium, utm_campaign, utm_content, utm_term), the name of the website that sent you (never the page) and the first page you opened here.',
        'If you agree to be quoted on this site: your words, your name, your role or town, and the day you agreed; and, if you give it, your email address or phone number, kept privately with the quote so that I can find it when you ask (it is never shown on the site). They are shown under “What people say” only while you agree; ask and they are taken off the site.',
        'What you send to the business number on WhatsApp: your messages, and the photos, voice notes, videos, stickers and files you attach to them (each with its type, size, file name and caption). With your conversation, Priya and her assistant keep which of them has read it up to when, whether it was marked as needing no answer, and, if you wrote without sending a form, the follow-up stage and a note they wrote about it; these are in your copy and deleted with your messages, and otherwise deleted automatically two years after they last changed.',
        'Your internet address is used for a minute to stop floods of automated submissions; it is not stored with your details. The site sets no cookies and loads no tracking scripts.',
        'Visits are counted by the site itself, without cookies or scripts. When you open the home page, the quiz or this page, the site keeps for that day a one-way fingerprint of your internet address (of an IPv6 address only its network part) and your browser’s name (such as “Safari” or “Chrome”, without its version), made with a secret key of the site’s that changes every day and is never stored with the fingerprints, so that you count once a day; and, made the same way, a fingerprint of the address alone and, for an IPv6 address, one of its wider network (its first 48 bits), so that one address cannot count as more than 50 visitors a day nor one network as more than 200. With them it keeps the day, where you came from (the campaign tags of the link — source, medium and campaign — or the website that sent you, or “direct”) and how far into the quiz you got. The site counts only so many new visitors a day: past that number (as when something floods the site), counting stops until the next day, and the page of totals says when it stopped. When the day is over, the fingerprints are deleted, and only the day’s totals per source, medium and campaign remain, with the time counting stopped on a day it did.',
        'The quiz’s steps are also counted per day, at most once an hour per internet address (of an IPv6 address only its network part), so that one address cannot move the counts more than one visitor could. For that hour the site keeps a one-way fingerprint of your address and the step you reached, made with a secret key of the site’s that changes every hour and is never stored with the fingerprints; the fingerprints are deleted within a quarter of an hour after the hour is over, and only the day’s count of each step remains. So that no flood of made-up addresses can move those counts, one network (an IPv6 address’s first 48 bits, counted under the day’s fingerprint of it described above) counts at most 800 steps a day, and the whole site at most as many as the most visitors it counts in a day could reach, each step once; past that, steps are not counted until the next day. These counts are deleted when the day is over.',
      ],
    },
    {
      heading: 'Why',
      paragraphs: [
        'To answer you: to recommend programs and send them to the email address you gave, to send the newsletter you asked for, and to reply to your enquiry. The campaign details and the visit totals tell me which talks, posts and links bring people here, and which of them bring clients, and the quiz’s step counts where people stop in the quiz; they are never used to profile you. Nothing is sold or shared for advertising.',
        'Photos, voice notes and files you send us on WhatsApp are fetched from WhatsApp and kept with your messages so that my assistant and I can see and hear them when we read and answer you.',
        'A quote from someone who agreed to it shows visitors what working with me is like; the day they agreed is kept so that I can show when and that they did.',
        'A call you book is linked to the quiz response or enquiry it came from by that reference, so that my assistant and I are told of it (by WhatsApp) and know what you have already told me before we speak. Anyone can type any name and email on the booking page, so a call booked without the reference is linked to no form by itself: it waits until my assistant or I check whose it is and link it.',
        'Before a call you booked from a form that passed the anti-spam check, you are reminded of it from the business number: about 24 hours and about 1 hour before the call, on WhatsApp, to the number you gave on that form (never a number typed only on the booking page); if that form had no number, by email to the address you typed on the booking page. A reply to a reminder reaches us like any message you send to the business number. After the call, Priya or her assistant note whether you attended or missed it (who marked it and when is kept with it), so that we know how our calls go and can offer you another time: if you missed it, they may send you one message on WhatsApp with a link to book again.',
      ],
    },
    {
      heading: 'Where it is kept',
      paragraphs: ['Your details pass through, or are stored by, services that work on my behalf:'],
      list: [
        'Cloudflare runs this website, passes each form to the database, keeps the site’s content (with the quotes people agreed to) and its earlier versions, sends the email with your quiz result (and a call’s reminder when your form had no number) and stores the photos, voice notes and files you send us on WhatsApp (Cloudflare R2, reachable only by my assistant and me); it keeps short-lived records of the messages sent about it.',
        'Google Firestore (Google Cloud) stores the quiz answers, newsletter sign-ups, enquiries, booked calls, payments and receipts, and what you write to us on WhatsApp: your messages, the records of what you attached, and which of us has read them, with our marks and notes about them.',
        'The booking page is run by a booking tool (Cal.com or Calendly): what you type there goes to it and is handled under its own terms and privacy policy; it sends this site the details of the call listed above.',
        'Meta’s WhatsApp Business platform carries the messages that tell me and my assistant about your submission or the call you booked, and, for an enquiry, the confirmation sent to the number you gave, and the reminders of a call you booked (and, if you missed it, the message asking you to book again); if you write back to that number, your messages come to this website, where we read and answer them, filed under a one-way fingerprint of your number (a keyed hash) so that the site’s own links and records of the conversation never show the number. With each message WhatsApp also gives us the WhatsApp user id it gives you for this business (an identifier such as US.1234…) and your WhatsApp username if you set one: we keep them with your messages, so that we can read and answer you when WhatsApp does not show your number, and keep your messages as one conversation once it does. They are treated as your number is: kept as long as the messages they came with, in your copy, and deleted with them; a STOP you send without your number showing is recorded under a one-way fingerprint of the user id.',
        'If the newsletter is sent through a newsletter service (Kit or Mailchimp), your email address is passed to it when you sign up (when you ask for the newsletter with the quiz, also the names of the programs recommended to you, so the letters can fit them), and so is your unsubscribe; that service then asks you to confirm the sign-up by email. A sign-up the site could not verify as sent by a person (its anti-spam check) is kept here but not passed on unless we know it is yours, and an address is passed on at most once a day, so that nobody can make the service write to someone else’s address again and again.',
        'When you press play on a podcast episode, your browser fetches the episode from the podcast’s host (or opens the podcast provider’s player), which sees your internet address as any website you visit does. Nothing is loaded from it before you press play; the episodes’ pictures are passed on by this site.',
      ],
    },
    {
      heading: 'How long',
      paragraphs: [
        `Quiz responses and enquiries are kept for ${years(RETENTION.leadYears)} after our last contact (when you sent the form, or when we last followed it up, whichever is later), then deleted automatically, and a call you booked is kept as part of the response or enquiry it is linked to and deleted with it, together with whether you attended it, who marked it and when; a booked call linked to neither is kept for ${RETENTION.unlinkedBookingDays} days (one year) after the call, then deleted automatically. Newsletter sign-ups are kept until you ask for them to be deleted: when you unsubscribe, your sign-up is kept marked as unsubscribed (and when), so that you are not written to again. What you write to us on WhatsApp is kept for ${years(RETENTION.leadYears)} from when you wrote it, and so are the photos, voice notes and files you send with it; then it is deleted automatically. Records of the WhatsApp messages we send are kept for ${RETENTION.messageDays} days, as are those of the email with your quiz result, of the reminders of a call sent by email, and of each sign-up or unsubscribe passed to a newsletter service (or held back, and why), and a submission the database could not take is kept for ${RETENTION.deadLeadDays} days while it is entered by hand. After that they are deleted. The daily visit totals, which hold nothing about any one visitor, are kept for ${RETENTION.visitCountMonths} months (to compare a month with the same month a year before), then deleted automatically; the fingerprints they are counted with are deleted when their day is over, and those of the quiz’s hourly step counts when their hour is over. A quote you agreed to is kept until you ask for it to be deleted (taking it off the site does not delete it by itself); once it is changed or taken off, the earlier versions of the site’s content that still hold it (kept so that a change can be undone: its words, your name and your role or town, never the email address or phone number kept with it) are deleted ${RETENTION.contentVersionDays} days (one year) after they were replaced.`,
      ],
    },
    {
      heading: 'Unsubscribing',
      paragraphs: [
        'Every letter has an unsubscribe link. It opens a page with one button; pressing it (or your email app’s own unsubscribe button, which uses the same link) stops the letters at once, with nothing else asked. It stops them for your address, however many times you signed up; where the letters are sent through a newsletter service (Kit or Mailchimp), it is told too. The link carries no email address, only a code that works for your sign-up alone.',
        'Signing up again later counts as a new sign-up (a newsletter service asks you to confirm it by email again). But if the newsletter service has you as unsubscribed, this site never subscribes you there again: to get the letters again, sign up through that service’s own form. Nothing signs you up again on its own.',
      ],
    },
    {
      heading: 'Stopping WhatsApp messages',
      paragraphs: [
        'If you sent a form with your WhatsApp number or wrote to the business number, and more than 24 hours passed since you last wrote, Priya or her assistant may send you one short follow-up there (who is writing and what you asked about), at most one a week unless you answer. Nobody is written to first whose form was not verified as sent by a person. The reminders of a call you booked, and the one message asking you to book again if you missed it, go there too, whenever you last wrote; STOP stops them as it stops everything else.',
        'Write STOP (or UNSUBSCRIBE or OPT OUT, in any letters, alone or in a short message such as “Stop please” or “unsubscribe me”) to the business number on WhatsApp, and no message from us goes to your number there again; you get one message confirming it. If a longer message of yours asks us to stop, Priya or her assistant see it marked and can record your request for you, as they do when you ask by phone or email; a request recorded for you gets no confirming message. Write START to hear from us again.',
        'To honour that request, the site keeps a record of it: a one-way fingerprint of your number (a keyed hash, from which the number cannot be read back), when you asked, and how (on WhatsApp, or noted by Priya or her assistant, with which of us noted it). Never the number itself. It is kept until you write START, and it is not removed when your other records are deleted, so that a deletion never makes us write to you again.',
      ],
    },
    {
      heading: 'A copy, a correction or deletion',
      paragraphs: [
        'You can ask for a copy of everything I hold about you, for a correction, or for it to be deleted, at any time. Use the Contact button at the foot of any page, or reply to any newsletter, and say which email address or phone number you used. I answer within 30 days and confirm when it is done.',
        'The copy is one file with every quiz response, newsletter sign-up and enquiry sent with that address or number, the calls booked with them (of a call booked for your form with an address you have not confirmed as yours, only its time, program and state: the name, email and booking details are the booker’s), the notes we kept about them, the records of the messages sent about them, what you wrote to us on WhatsApp, with a list of the photos, voice notes and files you sent (their type, size, file name, caption and when; not the files themselves), and the quotes of yours the site shows or keeps (found by the email address or phone number kept with them, or by the name they are shown under). If your forms also held another number or address, I ask you whether it is yours: until you confirm it, the messages sent to it and written from it belong to someone else, and are neither in your copy nor deleted with your records. Deletion removes all of these, the photos, voice notes and files included; a quote is taken out of the site’s draft at once and off the live site when I publish that change, and the earlier versions of the site’s content keep it as said under “How long”; the records of messages keep only that a message was sent, with no number, address, message id or name. A log keeps when a deletion was made, how many records it removed and how many numbers and addresses you confirmed, never your details. To make sure a deletion stays done, the site keeps a one-way fingerprint (a keyed hash, from which they cannot be read back) of the numbers and addresses deleted, for 30 days, so that messages about you still waiting to be sent are dropped, and of the WhatsApp messages deleted, so that they can never be stored again. If you send a form again afterwards, it is kept as a new contact. If the newsletter service had your address, it is told at once: Mailchimp deletes you; Kit unsubscribes you (its interface for websites cannot delete), and I then delete you there by hand. A call you booked is deleted here with the rest, and I delete it in the booking tool by hand.',
        'If you are not satisfied with my answer, you may complain to the data protection authority where you live (in India, the Data Protection Board; in the EU, your national authority).',
      ],
    },
  ] satisfies PrivacySection[],
  backHome: 'Back to the home page',
};

/**
 * What the site keeps of payments, why and how long. The accounting copy's period is the owners' setting
 * (PAYMENT_RECORD_YEARS, readConfig(env).payments.recordYears), which the cron deletes by: the page is given it.
 */
export function paymentsSection(recordYears: number): PrivacySection {
  return {
    heading: 'Payments',
    paragraphs: [
      'A payment you are asked for: when Priya or her assistant ask you to pay for a program or a session, the site keeps what was asked (the amount, the least first part you may pay when you may pay in parts, the program, a description and, for a tax invoice, your state), the payment link sent to you and where it stands (paid, part paid, expired or cancelled), with the quiz response or enquiry it was asked on. The link is made by Razorpay, the payment processor, which takes the payment (by UPI, card, netbanking or wallet) under its own terms and privacy policy: what you type on its payment page goes to it. The link carries a random reference with nothing about you in it. When you pay, Razorpay tells this site the amount, how you paid, when, and its own ids for the payment, and the site gives the payment a numbered receipt (a tax invoice when the business is registered for GST) with the date, the amount, the tax, the program and the name on the receipt, which is yours. Money sent back is kept with the payment it was sent back on: refunds, their amount, when, and where they stand.',
      'Why: to take the payment you agreed to, to give you a receipt, and to know which talks, posts and links bring clients. The receipts are kept because the law (the rules on accounts and on GST) makes me keep my accounts and invoices for years.',
      `How long: a payment request, and everything about a payment that is not on its receipt, is kept as long as the quiz response or enquiry it belongs to, and deleted with it. The accounting copy of each payment (its receipt number, date, amount, tax and the name on the receipt, with its refunds) is kept for ${years(recordYears)} after the payment, also when the rest of your records are deleted, and then deleted automatically.`,
      'Your copy lists the payments asked of you and made, with their receipts and refunds. A deletion removes them everywhere except the accounting copy, which stays, no longer linked to anything else of yours, until its time is up.',
    ],
  };
}

/** What the site keeps when someone becomes a client: the package, the private page, the terms, testimonials. */
export const clientsSection: PrivacySection = {
  heading: 'If you become a client',
  paragraphs: [
    'When you start a program with us, Priya or her assistant record it with your quiz response or enquiry: the program, how many sessions it holds, until when it runs, the terms that go with it, and who recorded it. You are sent a link to your private page on this site (by WhatsApp and by email). The link is a long random code with nothing about you in it; the site keeps only a one-way fingerprint of it, so nobody can read the link back from what is stored. It works while your program runs (and for at most the days the site is set to allow), until we send you a fresh one, or until we revoke it. Your private page is never shown to search engines or kept by your browser’s cache.',
    'On your page you accept the terms once: the site keeps that you accepted the terms, which version, when, and a fingerprint (SHA-256) of the exact text you saw, so that either of us can show what was agreed. The calls you book from your page carry your program’s own random reference, so that they are counted against your sessions: a call that took place counts as used; a call you missed counts unless Priya or her assistant decide it should not.',
    'A testimonial you send from your page, when we ask for one: your words, the name you want shown, your role or town, the version of the consent statement you ticked, and when. It stays private until Priya or her assistant approve it; it is then added to the site’s content with the day you agreed and your email address or phone number kept privately with it (as said above for quotes), and shown under “What people say” once the site is next published. You can withdraw your consent from your page at any time: the quote is then taken out of the site’s draft at once and off the live site when that change is published.',
    `The consent statement you tick (version ${consentStatement.version}) reads: “${consentStatement.text}”`,
    'How long: all of this is part of your quiz response or enquiry: it is kept as long as that is kept, it is in your copy, and it is deleted with it. A quote already published is kept as described under “How long” for quotes.',
  ],
};

/**
 * The notice's sections as the page shows them: the payments', the clients' and the guides' before "Unsubscribing",
 * and what the newsletter tool tells us after it.
 */
export function privacySections(recordYears: number): PrivacySection[] {
  const at = privacy.sections.findIndex((s) => s.heading === 'Unsubscribing');
  return [
    ...privacy.sections.slice(0, at),
    paymentsSection(recordYears),
    clientsSection,
    guidesSection({ unconfirmedDays: RETENTION.unconfirmedGuideDays, confirmedYears: years(RETENTION.leadYears) }),
    privacy.sections[at]!,
    toolEventsSection,
    ...privacy.sections.slice(at + 1),
  ];
}
