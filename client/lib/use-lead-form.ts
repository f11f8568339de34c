import { useRef, useState, type FormEvent } from 'react';
import { fieldsToObject, isSitePath, SUBMISSION_ID_FIELD, type FormState } from '../../src/shared/lead-rules';

// The browser's side of sending a lead: the hook every lead form uses, the post to the API and the outcomes a
// form tells apart, and the Turnstile token the post carries when the site uses Turnstile.

export type LeadResult =
  /**
   * `next`: where the API says the visitor goes now (the quiz's recommendation); `bookingRef`: the lead's booking
   * reference (a quiz response, an enquiry), which its "Book a call" link carries.
   */
  | { kind: 'ok'; id: string; next?: string; bookingRef?: string }
  /** 400: the server named the fields it could not accept. */
  | { kind: 'invalid'; fields: Record<string, string>; message: string }
  /** 409: the submission id was already sent with other details; the next send gets a new id. */
  | { kind: 'conflict'; message: string }
  /** 429: too many attempts; seconds from Retry-After when given. */
  | { kind: 'rate-limited'; retryAfter: number | null }
  /** Anything else: 5xx, a network failure, an unreadable answer. */
  | { kind: 'failed' };

interface ErrorBody {
  ok: false;
  error?: { code?: string; message?: string; fields?: Record<string, string> };
}

/**
 * POSTs JSON to a lead endpoint. The visit's attribution travels in the form's own hidden field (the server's
 * reading of the request, or the tab's first touch once the page is hydrated), like a plain post's.
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
      body: JSON.stringify({ ...body, ...(token && { turnstileToken: token }) }),
    });
  } catch {
    return { kind: 'failed' };
  }
  const data = (await res.json().catch(() => null)) as
    { ok: true; id: string; next?: unknown; bookingRef?: unknown } | ErrorBody | null;
  if (res.ok && data?.ok) {
    // Only a path on this site is followed.
    const next = typeof data.next === 'string' && isSitePath(data.next) ? data.next : undefined;
    const bookingRef = typeof data.bookingRef === 'string' ? data.bookingRef : undefined;
    return { kind: 'ok', id: data.id, ...(next && { next }), ...(bookingRef && { bookingRef }) };
  }
  if (res.status === 429) {
    const seconds = Number(res.headers.get('Retry-After'));
    return { kind: 'rate-limited', retryAfter: Number.isFinite(seconds) && seconds > 0 ? seconds : null };
  }
  const error = data && !data.ok ? data.error : undefined;
  if (res.status === 409) return { kind: 'conflict', message: error?.message ?? '' };
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

export interface LeadFormOptions {
  /** The lead endpoint the form posts to. */
  path: string;
  /** What the server rendered: the submission id of the hidden field, and a refused plain post's messages. */
  initial: FormState;
  copy: { failed: string; rateLimited: string };
  /** Checks before sending, on the form's values by field name; returns a message per failing field. */
  check?: (values: Record<string, string>) => Record<string, string>;
  /** Sees every answer first; returns true when it dealt with it (the hook then changes nothing). */
  onAnswer?: (result: LeadResult, form: HTMLFormElement) => boolean | void;
}

/**
 * The one browser hook behind the three lead forms. On submit it reads the form itself (every field,
 * hidden ones included, named as the plain post names them), checks it, and posts it as JSON with the
 * submission id; it ignores submits while one is in flight, and maps the answer to a message beside each
 * field the server refused or one for the whole form.
 */
export function useLeadForm({ path, initial, copy, check, onAnswer }: LeadFormOptions) {
  const [errors, setErrors] = useState<Record<string, string>>(initial.errors ?? {});
  const [problem, setProblem] = useState(initial.problem ?? '');
  const [busy, setBusy] = useState(false);
  const [submissionId, setSubmissionId] = useState(initial.submissionId);
  const busyRef = useRef(false);
  const ids = useRef(submissionIds(initial.submissionId));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current) return;
    const form = event.currentTarget;
    const entries = [...new FormData(form)].filter(([name]) => name !== SUBMISSION_ID_FIELD);
    const values = Object.fromEntries(entries.map(([k, v]) => [k, typeof v === 'string' ? v : '']));
    const found = check?.(values) ?? {};
    const firstInvalid = entries.map(([name]) => name).find((name) => found[name]);
    if (firstInvalid) {
      setErrors(found);
      setProblem('');
      form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    const payload = fieldsToObject(entries);
    const id = ids.current.idFor(payload);
    setSubmissionId(id);
    busyRef.current = true;
    setBusy(true);
    setProblem('');
    const result = await submitLead(path, { ...payload, [SUBMISSION_ID_FIELD]: id });
    busyRef.current = false;
    setBusy(false);
    // The id belongs to the body first sent with it: whatever the form does next is a new submission.
    if (result.kind === 'conflict') ids.current.reset();
    if (onAnswer?.(result, form)) return;
    if (result.kind === 'ok') {
      setErrors({});
    } else if (result.kind === 'invalid') {
      setErrors(result.fields);
      setProblem(entries.some(([name]) => result.fields[name]) ? '' : copy.failed);
    } else if (result.kind === 'conflict') {
      setProblem(result.message || copy.failed);
    } else {
      setProblem(result.kind === 'rate-limited' ? copy.rateLimited : copy.failed);
    }
  }

  /** Takes a field's message away once the visitor changes it. */
  const clearError = (name: string) => setErrors((e) => (e[name] ? { ...e, [name]: '' } : e));

  /**
   * What a text field of the form needs: its name, what was typed before (`values`, from a refused plain post),
   * its message, and the message taken away once the visitor changes it.
   */
  const field = (name: string, values: Record<string, string | undefined>) => ({
    name,
    defaultValue: values[name] ?? '',
    onChange: () => clearError(name),
    error: errors[name],
  });

  /** Starts a new submission (after a sent enquiry): the next one gets a new id. */
  const reset = () => {
    const next = crypto.randomUUID();
    ids.current = submissionIds(next);
    setSubmissionId(next);
    setErrors({});
    setProblem('');
  };

  /** The form's submit handler (the answer is awaited inside; the event is handled synchronously). */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void submit(event);

  return { submissionId, errors, problem, busy, onSubmit, clearError, field, setErrors, setProblem, reset };
}

// Turnstile.

/**
 * Optional Cloudflare Turnstile in the browser. The server renders
 * <meta name="turnstile-site-key"> only when Turnstile is configured; without it
 * nothing here runs. With it, the Turnstile script (a third party) is
 * loaded only when the visitor submits a form, a token is obtained, and the
 * widget is reset afterwards because each token verifies once.
 */
interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  execute(widget: string): void;
  reset(widget: string): void;
}
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let script: Promise<TurnstileApi> | null = null;

function turnstileSiteKey(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="turnstile-site-key"]')?.content || null;
}

function loadScript(): Promise<TurnstileApi> {
  script ??= new Promise((resolve, reject) => {
    const el = document.createElement('script');
    el.src = SCRIPT_URL;
    el.async = true;
    el.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('turnstile missing')));
    el.onerror = () => {
      script = null;
      reject(new Error('turnstile script failed to load'));
    };
    document.head.appendChild(el);
  });
  return script;
}

/**
 * A fresh single-use token for one form (`action`, which siteverify reports back so the
 * server can tell a token solved for another form), or null when Turnstile is not
 * configured. Rejects if the check cannot run.
 */
export async function turnstileToken(action: string): Promise<string | null> {
  const siteKey = turnstileSiteKey();
  if (!siteKey) return null;
  const api = await loadScript();
  const container = document.createElement('div');
  container.className = 'turnstile-box';
  document.body.appendChild(container);
  return new Promise<string>((resolve, reject) => {
    const widget = api.render(container, {
      sitekey: siteKey,
      action,
      execution: 'execute',
      appearance: 'interaction-only',
      callback: (token: string) => {
        resolve(token);
        window.setTimeout(() => {
          api.reset(widget);
          container.remove();
        }, 0);
      },
      'error-callback': () => {
        container.remove();
        reject(new Error('turnstile challenge failed'));
      },
    });
    api.execute(widget);
  });
}
