import { expect, type Page, type Request } from '@playwright/test';
import { uniqueMobile } from '../../tests/support/shared';

/** A fresh address per test: the projects and workers share one store. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * An Indian mobile number no other test uses, as a visitor types it and as the store keeps it (E.164), so
 * per-number stand-in failures and caps belong to one test (a number receives at most 3 messages a day).
 */
export function uniquePhone(): { typed: string; e164: string } {
  const e164 = uniqueMobile();
  return { typed: `+91 ${e164.slice(3, 8)} ${e164.slice(8)}`, e164 };
}

/** Answers every call to `path` with an error in the API's shape, as a failing store would. */
export async function failApi(page: Page, path: string, status = 503, headers: Record<string, string> = {}) {
  const codes: Record<number, string> = { 400: 'invalid_input', 429: 'rate_limited', 503: 'store_unavailable' };
  await page.route(`**${path}`, (route) =>
    route.fulfill({
      status,
      headers,
      contentType: 'application/json',
      body: JSON.stringify({ ok: false, error: { code: codes[status] ?? 'error', message: 'Failed.' } }),
    }),
  );
}

/**
 * Holds each call to `path` until `release()` is called, so the page's state while it waits (a loading button) can
 * be checked for as long as that takes, however busy the machine; then lets them through.
 */
export async function holdApi(page: Page, path: string): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  return { release };
}

/** Collects the requests the page sends to `path`. */
export function recordRequests(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === path) seen.push(req);
  });
  return seen;
}

/**
 * Resolves once every request the page has made so far has been reported to the test (so a list `recordRequests`
 * keeps is complete up to now): the page asks for a marker address, and requests are reported in the order they
 * were made.
 */
export async function requestsReported(page: Page): Promise<void> {
  const marker = `/robots.txt?requests-reported=${Math.random().toString(36).slice(2)}`;
  const reported = page.waitForRequest((req) => req.url().endsWith(marker));
  await page.evaluate((url) => fetch(url).then((res) => res.status), marker);
  await reported;
}

/**
 * Chromium logs every non-2xx answer as a console error ("Failed to load resource").
 * A test that makes the API fail on purpose expects exactly those lines: this waits
 * for them and takes them off the suite's list of problems; anything else still fails the test.
 */
export async function expectFailedResource(problems: string[], status: number, count = 1): Promise<void> {
  const line = `console.error: Failed to load resource: the server responded with a status of ${status}`;
  await expect.poll(() => problems.filter((p) => p.startsWith(line)).length).toBe(count);
  for (let i = problems.length - 1; i >= 0; i--) if (problems[i]!.startsWith(line)) problems.splice(i, 1);
}

/**
 * Sends a lead with one request, as the site's own form posts it once hydrated (JSON, answered in JSON), for the
 * journeys that need a stored lead but are not about the form: each form's UI has journeys of its own. Returns the
 * stored lead's id.
 */
export async function postLead(page: Page, form: 'quiz' | 'newsletter' | 'enquiry', body: object): Promise<string> {
  const res = await page.request.post(`/api/${form}`, {
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    data: JSON.stringify({ submissionId: crypto.randomUUID(), ...body }),
  });
  expect(res.status(), `POST /api/${form}: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
