/** The honeypot field every form carries. People never see it; bots fill it in. */
export const HONEYPOT_FIELD = 'website';

/** True when a submission filled the honeypot: answer as if it succeeded, store and send nothing. */
export function isHoneypotFilled(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null && value !== false;
}
