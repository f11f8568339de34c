import type { PrivacySection } from '../privacy';

/** How long a guide request is kept, as /privacy states it: the cron deletes by the same numbers (RETENTION). */
export interface GuideRetention {
  /** Days a request whose address was never confirmed is kept after it was made. */
  unconfirmedDays: number;
  /** A confirmed request's period after it was made, in words ("two years"). */
  confirmedYears: string;
}

/** What the site keeps when someone asks for a free guide: the request, its confirmation, its downloads. */
export function guidesSection(kept: GuideRetention): PrivacySection {
  return {
    heading: 'A free guide',
    paragraphs: [
      'When you ask for a free guide, the site keeps your email address, which guide you asked for, the version of the newsletter notice you were shown, the source of your visit (the link or campaign that brought you, as for the other forms), whether the form passed the anti-spam check, when you asked, when you confirmed your address, and how many times you downloaded the guide (and when last).',
      'Why: to send you the guide you asked for once you have confirmed that the address is yours, and to know which talks, posts and links bring readers. The guide is sent only after you open the confirmation link in the email we send; the download link that follows is yours alone, and the download link works for 7 days.',
      'Confirming also subscribes you to the newsletter, marked with the guide you asked for: where the letters are sent through a newsletter service (Kit or Mailchimp), your address is passed to it with a tag naming the guide (for example guide:five-minute-reset), so that the letters you receive can follow on from that guide. Every letter has an unsubscribe link, as described below.',
      `How long: a request whose address was never confirmed is deleted ${kept.unconfirmedDays} days after it was made; a confirmed one is kept for ${kept.confirmedYears} after it was made, then deleted automatically. Your copy lists your requests, and a deletion removes them. The guides’ files are the site’s own and hold nothing about you.`,
    ],
  };
}

/** What the newsletter service tells the site about an address, and why it is kept. */
export const toolEventsSection: PrivacySection = {
  heading: 'What the newsletter tool tells us',
  paragraphs: [
    'When the letters are sent through a newsletter service (Kit or Mailchimp) and you unsubscribe there, an email to you bounced (could not be delivered), you marked a letter as spam, or you changed your address there, the service tells this site. The site keeps your address, what happened (unsubscribed, bounced, marked as spam, or address changed) and when.',
    'Why: so that this site never writes to that address again: no email with a quiz result and no guide goes to it, unless you sign up again here afterwards (a newsletter sign-up, or a guide you ask for and confirm).',
    'How long: until you ask for your records to be deleted, like an unsubscribed sign-up: it is what keeps us from writing to you again. Your copy lists it, and a deletion removes it.',
  ],
};
