/**
 * Log lines never carry a visitor's email address, phone number or free text. Messages that come
 * from outside (a Graph API error, a Firestore error body) may quote what was sent, so they pass
 * through `redact` before they are logged or stored: addresses and numbers are masked, and an API
 * error's body is reduced to its status.
 */
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/g;
/** "+91 98123 45678", "+919812345678", or a bare run of 10–15 digits. */
const PHONE = /\+\d[\d ()-]{6,18}\d|\b\d{10,15}\b/g;
/** "Firestore API error: 400 - {…body…}": the body may echo the document. */
const API_ERROR_BODY = /(API error: \d{3}) - ([\s\S]*)/;

/** "+919812345678" -> "+91******5678"; "asha@example.com" -> "a***@***.com". */
export function redact(text: string): string {
  return text
    .replace(API_ERROR_BODY, (_, head: string, body: string) => {
      const status = /"status"\s*:\s*"([A-Z_]+)"/.exec(body)?.[1];
      return `${head}${status ? ` ${status}` : ''} (body not logged)`;
    })
    .replace(EMAIL, (email) => `${email[0]}***@***${email.slice(email.lastIndexOf('.'))}`)
    .replace(PHONE, (phone) => {
      const digits = phone.replace(/\D/g, '');
      return `${phone.startsWith('+') ? '+' : ''}${digits.slice(0, 2)}${'*'.repeat(Math.max(digits.length - 6, 1))}${digits.slice(-4)}`;
    });
}

/** An error for a log line: its stack (or message), redacted. */
export function describeError(err: unknown): string {
  return redact(err instanceof Error ? (err.stack ?? err.message) : String(err));
}
