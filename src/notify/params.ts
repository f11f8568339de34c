/**
 * WhatsApp's rules for template parameter text, applied before sending so a
 * lead's free text never earns a 132018 ("parameter text has a newline, a tab
 * or more than 4 consecutive spaces") or a rejected empty parameter.
 */

/** Length caps per component (characters, counted as code points). */
export const PARAM_LIMITS = { header: 60, body: 1024 } as const;

/** Stands in for an empty value: WhatsApp rejects empty parameters. */
export const EMPTY_PARAM = '—';

/**
 * Makes text safe for a template parameter without losing its meaning:
 * line breaks become " / " (so a multi-line description still reads as lines),
 * tabs and other whitespace become spaces, runs of spaces collapse to one,
 * control characters go, and overlong text is cut with an ellipsis.
 */
export function sanitizeParam(value: string, kind: keyof typeof PARAM_LIMITS): string {
  const text = value
    .replace(/\r\n?/g, '\n')
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' / ')
    // \s covers tab, no-break and narrow no-break spaces (the latter appears in en-IN times).
    .replace(/\s+/g, ' ')
    .replace(/\p{Cc}/gu, '')
    .trim();
  if (text === '') return EMPTY_PARAM;
  const chars = Array.from(text);
  const max = PARAM_LIMITS[kind];
  return chars.length <= max
    ? text
    : chars
        .slice(0, max - 1)
        .join('')
        .trimEnd() + '…';
}

/** A phone number or an email address, masked for a log line. */
export function maskRecipient(to: string): string {
  if (!to.includes('@')) return maskPhone(to);
  return `${to[0]}***@***${to.slice(to.lastIndexOf('.'))}`;
}

/** "+919800000001" -> "+91******0001": enough to tell owners apart in a log, not enough to dial. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 6) return '+' + '*'.repeat(Math.max(digits.length - 2, 0)) + digits.slice(-2);
  return '+' + digits.slice(0, 2) + '*'.repeat(digits.length - 6) + digits.slice(-4);
}
