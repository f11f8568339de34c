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
  /**
   * CALL_REMINDERS: the hours before a booked call its reminders go, largest first, each once (default 24 and 1);
   * empty: none. A bad value is a problem (preflight refuses it) and sends none.
   */
  reminders: readonly number[];
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
    reminders: parseReminders(r, out),
    ...(provider !== undefined && { provider }),
    ...(calcomSecret !== undefined && { calcomSecret }),
    ...(calendlySigningKey !== undefined && { calendlySigningKey }),
    warnings,
  };
}

/** A reminder at most this many hours (a week) before the call: further out it reminds no one of anything. */
export const MAX_REMINDER_HOURS = 168;

/** CALL_REMINDERS: whole hours 1…168, comma-separated, largest first without repeats; given empty: off. */
function parseReminders(r: Reader, out: Problem[]): number[] {
  if (r.given('CALL_REMINDERS') && r.text('CALL_REMINDERS') === undefined) return [];
  const parts = (r.valueOf('CALL_REMINDERS') ?? '').split(',').map((p) => p.trim());
  const hours = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  if (hours.some((h) => !Number.isInteger(h) || h < 1 || h > MAX_REMINDER_HOURS)) {
    out.push({
      setting: 'CALL_REMINDERS',
      message: `CALL_REMINDERS must list whole hours from 1 to ${MAX_REMINDER_HOURS}, comma-separated (like 24,1), or be empty for no reminders.`,
    });
    return [];
  }
  return [...new Set(hours)].sort((a, b) => b - a);
}
