import * as z from 'zod';
import { isUserId } from '../shared/user-id';
import { parsePhoneNumberFromString, isSupportedCountry, type CountryCode } from 'libphonenumber-js';

/** A phone number in E.164 form (+ and up to 15 digits), as every number the site sends to is kept. */
const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const isE164 = (value: string): boolean => E164_PATTERN.test(value);
export const E164 = z.string().regex(E164_PATTERN, 'phone must be E.164');

/** A WhatsApp address: a number (E.164) or a business-scoped user id, never an email address. */
export const isWhatsAppAddress = (value: string): boolean => isE164(value) || isUserId(value);

/**
 * Turns a number as a visitor typed it ("098123 45678", "+91 98123-45678", "0091 9812345678") into E.164
 * ("+919812345678"), reading numbers without a country code as numbers of `region`. Null when the result could
 * not be a real number of its country, so it is refused before anything is stored or addressed to it.
 *
 * The default (min) metadata checks length and leading digits, not every digit pattern: enough to catch typos
 * without adding 65 kB of metadata to the Worker.
 */
export function normalizePhone(raw: string, region: string): string | null {
  const text = raw.trim();
  // Letters are never part of a number a visitor means (libphonenumber would read "1-800-FLOWERS").
  if (text === '' || /[a-z]/i.test(text)) return null;
  const country = isSupportedCountry(region) ? (region as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(text, country ? { defaultCountry: country } : undefined);
  return parsed?.isValid() ? parsed.number : null;
}
