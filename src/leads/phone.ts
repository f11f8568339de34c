import { parsePhoneNumberFromString, isSupportedCountry, type CountryCode } from 'libphonenumber-js';

/**
 * Turns a number as a visitor typed it ("098123 45678", "+91 98123-45678",
 * "0091 9812345678") into E.164 ("+919812345678"), reading numbers without a
 * country code as numbers of `region`. Returns null when the result could not
 * be a real number of its country, so the caller can refuse it before anything
 * is stored or a WhatsApp message is addressed to it.
 *
 * The default (min) metadata checks length and leading digits, not every digit
 * pattern: enough to catch typos without adding 65 kB of metadata to the Worker.
 */
export function normalizePhone(raw: string, region: string): string | null {
  const text = raw.trim();
  // Letters are never part of a number a visitor means (libphonenumber would read "1-800-FLOWERS").
  if (text === '' || /[a-z]/i.test(text)) return null;
  const country = isSupportedCountry(region) ? (region as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(text, country ? { defaultCountry: country } : undefined);
  return parsed?.isValid() ? parsed.number : null;
}
