/** Posting a lead to the API from the browser, and the outcomes a form needs to tell apart. */
import { isSitePath } from '../../src/shared/form-fields';
import { firstTouch } from './attribution';
import { turnstileToken } from './turnstile';

export type LeadResult =
  /** `next`: where the API says the visitor goes now (the quiz's recommendation). */
  | { kind: 'ok'; id: string; next?: string }
  /** 400: the server named the fields it could not accept. */
  | { kind: 'invalid'; fields: Record<string, string>; message: string }
  /** 429: too many attempts; seconds from Retry-After when given. */
  | { kind: 'rate-limited'; retryAfter: number | null }
  /** Anything else: 5xx, a network failure, an unreadable answer. */
  | { kind: 'failed' };

interface ErrorBody {
  ok: false;
  error?: { code?: string; message?: string; fields?: Record<string, string> };
}

/**
 * POSTs JSON to a lead endpoint, with the visit's first-touch attribution when there is one.
 * Never throws: every failure becomes a LeadResult.
 */
export async function submitLead(path: string, body: object): Promise<LeadResult> {
  let res: Response;
  try {
    // Only when the site has Turnstile configured; otherwise null and nothing loads.
    const token = await turnstileToken(path.split('/').pop() ?? '');
    res = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ...body, attribution: firstTouch(), ...(token && { turnstileToken: token }) }),
    });
  } catch {
    return { kind: 'failed' };
  }
  const data = (await res.json().catch(() => null)) as { ok: true; id: string; next?: unknown } | ErrorBody | null;
  if (res.ok && data?.ok) {
    // Only a path on this site is followed.
    const next = typeof data.next === 'string' && isSitePath(data.next) ? data.next : undefined;
    return { kind: 'ok', id: data.id, ...(next && { next }) };
  }
  if (res.status === 429) {
    const seconds = Number(res.headers.get('Retry-After'));
    return { kind: 'rate-limited', retryAfter: Number.isFinite(seconds) && seconds > 0 ? seconds : null };
  }
  const error = data && !data.ok ? data.error : undefined;
  if (res.status === 400 && error?.fields) {
    return { kind: 'invalid', fields: error.fields, message: error.message ?? '' };
  }
  return { kind: 'failed' };
}

/**
 * The submission id for a payload: reused while the same payload is retried, so a double
 * click or a retry after an ambiguous failure stores one lead; a changed payload is a new
 * submission with a new id (crypto.randomUUID). The first payload takes `first`, the id the
 * server put in the form's hidden field, which a plain post of the same form would carry too.
 */
export function submissionIds(first?: string): { idFor(payload: object): string; reset(): void } {
  let last: { key: string; id: string } | null = null;
  let unused = first;
  return {
    idFor(payload) {
      const key = JSON.stringify(payload);
      if (last?.key !== key) {
        last = { key, id: unused ?? crypto.randomUUID() };
        unused = undefined;
      }
      return last.id;
    },
    reset() {
      last = null;
      unused = undefined;
    },
  };
}
