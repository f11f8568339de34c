import { formatIndianDateTime } from '../../notify/ledger/templates';
import { type Env, readConfig } from '../../env';
import { countSessions } from '../../clients/sessions';
import { isValid } from '../../clients/validity';
import { bookingLink } from '../../shared/booking';
import { greetingName } from '../../shared/lead-rules';
import { contactOf } from '../../store/leads/lead';
import { getBookingStore } from '../../store/bookings/open';
import { getLeadStore } from '../../store/leads/open';
import type { EngagementRecord } from '../../store/clients/clients';
import { TIME_ZONE } from '../../words/site';

/**
 * Whether the page offers "Book next session", and if not why: the terms are not accepted yet, the package has
 * ended, every session is used or already booked, or the site has no booking page configured.
 */
export type BookingOffer =
  | { state: 'open'; href: string }
  | { state: 'terms' }
  | { state: 'expired' }
  | { state: 'used-up' }
  | { state: 'unavailable' };

/** Everything the client's page shows, already in words and India's time. */
export interface ClientView {
  /** Where the page's forms post: the page's own address. */
  path: string;
  first: string;
  programTitle: string;
  sessions: number;
  used: number;
  left: number;
  upcoming: number;
  /** The next call booked through the page, as a day and time in India. */
  next?: string;
  validUntil: string;
  terms?: { text: string; hash: string; acceptedOn?: string };
  booking: BookingOffer;
  /** One session left to book: the page offers to ask for a new package. */
  renew: boolean;
}

const DAY = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const CALL = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: TIME_ZONE.name,
});
/** A calendar day (YYYY-MM-DD) in words: the day itself, whatever the time zone. */
export const dayInWords = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

/**
 * The client's page for an engagement at `now`: their first name from the lead, the sessions counted from the lead's
 * bookings, and "Book next session" when the terms are accepted (or there are none), the package is still valid and
 * some session is neither used nor booked. The link carries the engagement's own reference, so the call comes back
 * linked to this engagement.
 */
export async function clientView(
  env: Env,
  engagement: EngagementRecord,
  path: string,
  now: Date,
  termsHash: string | undefined,
): Promise<ClientView> {
  const { kind, id } = engagement.lead;
  const [lead, bookings] = await Promise.all([getLeadStore(env).get(kind, id), getBookingStore(env).forLead(kind, id)]);
  const count = countSessions(engagement, bookings, now);
  const free = count.left - count.upcoming;
  const terms = engagement.terms &&
    termsHash && {
      text: engagement.terms.text,
      hash: termsHash,
      ...(engagement.accepted && { acceptedOn: formatIndianDateTime(engagement.accepted.at) }),
    };
  return {
    path,
    first: lead ? greetingName(contactOf(lead).name) : '',
    programTitle: engagement.programTitle,
    sessions: engagement.sessions,
    used: count.used,
    left: count.left,
    upcoming: count.upcoming,
    ...(count.next && { next: CALL.format(new Date(count.next.startAt)) }),
    validUntil: dayInWords(engagement.validUntil),
    ...(terms && { terms }),
    booking: bookingOffer(env, engagement, now, free),
    renew: free === 1 && isValid(engagement, now),
  };
}

function bookingOffer(env: Env, engagement: EngagementRecord, now: Date, free: number): BookingOffer {
  if (!isValid(engagement, now)) return { state: 'expired' };
  if (free <= 0) return { state: 'used-up' };
  if (engagement.terms && !engagement.accepted) return { state: 'terms' };
  const config = readConfig(env);
  const url = config.quiz.bookingUrl;
  if (!url) return { state: 'unavailable' };
  const provider = config.bookings.provider;
  const href = bookingLink(url, engagement.program, provider && { provider, ref: engagement.reference });
  return { state: 'open', href };
}
