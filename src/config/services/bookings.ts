import type { Problem } from '../read/problem.ts';
import type { Reader } from '../read/reader.ts';
import { BOOKING_PROVIDERS, type BookingLinkProvider } from '../../shared/booking.ts';

export { BOOKING_PROVIDERS };
export type BookingProvider = BookingLinkProvider;

/**
 * The booking tool behind BOOKING_URL and the keys of its webhooks. Never throws: without them the site works as
 * before (the link carries no reference, the webhook routes answer 404); what is missing is a preflight warning.
 */
export interface BookingsConfig {
  /** BOOKING_PROVIDER: which field of the link carries the lead's reference; absent: none does. */
  provider?: BookingProvider;
  /** CALCOM_WEBHOOK_SECRET: the HMAC key of `X-Cal-Signature-256`; absent: /webhooks/calcom answers 404. */
  calcomSecret?: string;
  /** CALENDLY_WEBHOOK_SIGNING_KEY: the key of `Calendly-Webhook-Signature`; absent: /webhooks/calendly answers 404. */
  calendlySigningKey?: string;
  /** Not errors: what the preflight prints as warnings. */
  warnings: string[];
}

/** Webhook secrets shorter than this are refused outside development: a guessable key lets anyone forge a booking. */
const MIN_SECRET_LENGTH = 16;

export function parseBookings(r: Reader, out: Problem[]): BookingsConfig {
  const warnings: string[] = [];
  const name = r.text('BOOKING_PROVIDER');
  let provider: BookingProvider | undefined;
  if (name !== undefined) {
    if ((BOOKING_PROVIDERS as readonly string[]).includes(name)) provider = name as BookingProvider;
    else out.push({ setting: 'BOOKING_PROVIDER', message: 'BOOKING_PROVIDER must be "calcom" or "calendly".' });
  }
  const secret = (setting: 'CALCOM_WEBHOOK_SECRET' | 'CALENDLY_WEBHOOK_SIGNING_KEY') => {
    const value = r.text(setting);
    if (value === undefined) return undefined;
    if (r.deployed && value.length < MIN_SECRET_LENGTH) {
      out.push({ setting, message: `${setting} must be at least ${MIN_SECRET_LENGTH} characters.` });
      return undefined;
    }
    return value;
  };
  const calcomSecret = secret('CALCOM_WEBHOOK_SECRET');
  const calendlySigningKey = secret('CALENDLY_WEBHOOK_SIGNING_KEY');
  const booking = r.text('BOOKING_URL');
  if (booking !== undefined && provider === undefined && name === undefined) {
    warnings.push(
      'BOOKING_PROVIDER is not set: "Book a call" links carry no reference, so a booking is matched by email only.',
    );
  }
  const keys = { calcom: calcomSecret, calendly: calendlySigningKey } as const;
  const keyName = { calcom: 'CALCOM_WEBHOOK_SECRET', calendly: 'CALENDLY_WEBHOOK_SIGNING_KEY' } as const;
  if (provider !== undefined && keys[provider] === undefined && !out.some((p) => p.setting === keyName[provider])) {
    warnings.push(
      `${keyName[provider]} is not set: bookings made on ${provider === 'calcom' ? 'Cal.com' : 'Calendly'} do not come back to the desk.`,
    );
  }
  return {
    ...(provider !== undefined && { provider }),
    ...(calcomSecret !== undefined && { calcomSecret }),
    ...(calendlySigningKey !== undefined && { calendlySigningKey }),
    warnings,
  };
}
