import { ConfigError } from '../config/index';
import { describeError, logEvent } from '../log';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error shape every /api response uses. */
export interface ApiError {
  ok: false;
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** An error a handler throws on purpose: becomes `{ ok: false, error }` with its status. */
export class ApiException extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(status, { message });
  }
}

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiError {
  return { ok: false, error: fields ? { code, message, fields } : { code, message } };
}

const STATUS_CODES: Record<number, string> = {
  400: 'bad_request',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * The request's path as a log line may hold it: a client page's token (/c/:token), a guide's download token
 * (/guides/:token; the confirmation's token is in the query, which is never logged) and the secret at the end of
 * Mailchimp's webhook address are never written down.
 */
const loggedPath = (c: Context) =>
  new URL(c.req.url).pathname
    .replace(/^\/c\/[^/]+/, '/c/:token')
    .replace(/^\/guides\/(?!confirm$)[^/]+/, '/guides/:token')
    .replace(/^\/webhooks\/mailchimp\/[^/]+/, '/webhooks/mailchimp/:secret');

/** The single error handler: known errors keep their status, anything else is logged and becomes a generic 500. */
export function onError(err: Error, c: Context): Response {
  if (err instanceof ApiException) {
    return c.json(errorBody(err.code, err.message, err.fields), err.status, err.headers);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return c.json(errorBody(STATUS_CODES[status] ?? 'error', err.message || 'Request failed.'), status);
  }
  if (err instanceof ConfigError) {
    // The operator's mistake, not the visitor's: loud in the logs (it names the settings), 503 to the visitor.
    logEvent('error', 'config.problem', {
      method: c.req.method,
      path: loggedPath(c),
      error: err.message,
    });
    return c.json(errorBody('not_configured', 'The site is not available right now. Please try again later.'), 503);
  }
  logEvent('error', 'request.error', {
    method: c.req.method,
    path: loggedPath(c),
    error: describeError(err),
  });
  return c.json(errorBody('internal', 'Something went wrong. Please try again.'), 500);
}

/** The fallback handler of a POST-only resource: any other method gets 405 with Allow. */
export function onlyPost(): never {
  throw new ApiException(405, 'method_not_allowed', 'Use POST.', undefined, { Allow: 'POST' });
}
