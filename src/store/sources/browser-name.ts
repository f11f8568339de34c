/**
 * The browser's name a user agent gives, and nothing else of it (no version, no system, no device): what a visit's
 * fingerprint is made of, as /privacy says. The apps' own browsers are named first, then the browsers whose user
 * agents also say "Chrome" or "Safari", then those two; anything else is the first name its user agent gives
 * ("Mozilla" for most), so made-up user agents still differ and the per-address cap stays what bounds them.
 */
const NAMES: readonly (readonly [RegExp, string])[] = [
  [/\bInstagram\b/i, 'Instagram'],
  [/\bFBAN\/|\bFBAV\/|\bFB_IAB\//, 'Facebook'],
  [/\bLinkedInApp\b/i, 'LinkedIn'],
  [/\bTelegram/i, 'Telegram'],
  [/\bPinterest/i, 'Pinterest'],
  [/\bSnapchat\b/i, 'Snapchat'],
  [/\bGSA\//, 'Google app'],
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOPT\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome-Lighthouse\b/, 'Lighthouse'],
  [/\bHeadlessChrome\//, 'HeadlessChrome'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

/** @example browserName('Mozilla/5.0 (iPhone; …) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1') // 'Safari' */
export function browserName(userAgent: string): string {
  for (const [pattern, name] of NAMES) if (pattern.test(userAgent)) return name;
  return /^\s*([A-Za-z][\w.-]{0,39})/.exec(userAgent)?.[1] ?? 'other';
}
