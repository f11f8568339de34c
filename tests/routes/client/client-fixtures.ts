/**
 * The client's page under a clock the test moves: the Worker's own page routes mounted in a test app whose "now" is
 * `clock.now`, an engagement started on a stored lead with a live link, and the site's answer for an unknown address
 * to compare a refusal with.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import type { Env } from '../../../src/env';
import { issueLink, startEngagement, termsHash, type EngagementStart } from '../../../src/clients/start';
import { onError } from '../../../src/http/errors';
import { clientPages } from '../../../src/routes/client/client-routes';
import type { AppEnv } from '../../../src/routes/page-render';
import { pages } from '../../../src/routes/pages';
import { securityHeaders } from '../../../src/security/headers';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead } from '../../fixtures/leads';
import { LOOPBACK_ORIGIN } from '../../support/api';

/** A booking page and tool, so "Book next session" can be offered (wrangler.toml sets neither). */
export const BOOKING_ENV = { ...env, BOOKING_URL: 'https://cal.example.com/priya/session', BOOKING_PROVIDER: 'calcom' };

export const TERMS =
  'Six sessions of an hour each.\n\nA session cancelled with less than a day’s notice counts as used.';

/** The test's "now": start it where a test needs it and move it on. */
export const clock = { now: new Date('2026-03-02T06:30:00Z') };

function testApp() {
  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders());
  app.onError(onError);
  app.route(
    '/',
    clientPages(() => clock.now),
  );
  app.route('/', pages);
  return app;
}
const app = testApp();

/** A request to the test app (same origin as the Worker's tests), waiting for its background work. */
export async function call(path: string, init: RequestInit = {}, workerEnv: Env = BOOKING_ENV as Env) {
  const ctx = createExecutionContext();
  const res = await app.request(`${LOOPBACK_ORIGIN}${path}`, { redirect: 'manual', ...init }, workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The page's terms form posted as a browser posts it. */
export const postTerms = (token: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  call(`/c/${token}/terms`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: LOOPBACK_ORIGIN, ...headers },
    body: new URLSearchParams(fields).toString(),
  });

/** An engagement on a stored enquiry (Asha Verma), its link issued at the clock's now. */
export async function engaged(over: Partial<Omit<EngagementStart, 'terms'>> & { terms?: string | null } = {}) {
  const lead = enquiryLead();
  await getLeadStore(env).save(lead);
  const { terms: text = TERMS, ...rest } = over;
  const terms = text === null ? {} : { terms: { versionId: 7, text, hash: await termsHash(text) } };
  const start: EngagementStart = {
    lead: { kind: 'enquiry', id: lead.id },
    program: 'one-to-one',
    programTitle: 'One-to-one coaching',
    sessions: 6,
    validUntil: '2026-06-30',
    ...terms,
    ...rest,
  };
  const engagement = await startEngagement(env, start, 'priya@example.com', clock.now);
  const issued = await issueLink(env, engagement, 'priya@example.com', clock.now);
  return { lead, ...issued };
}

/**
 * The page with what differs between two answers left out: the CSP nonce, the forms' fresh submission ids, and the
 * path the forms' attribution names (each address its own).
 */
export async function comparable(res: Response): Promise<string> {
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? 'none';
  return (await res.text())
    .replaceAll(nonce, 'NONCE')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID')
    .replace(/landing_path&quot;:&quot;[^&]*&quot;/g, 'landing_path&quot;:&quot;PATH&quot;');
}

/** The headers a 404 carries that would tell one 404 from another (the nonce differs by design). */
export const headersOf = (res: Response) =>
  Object.fromEntries(
    [...res.headers].filter(([name]) => !['content-security-policy', 'content-length', 'date'].includes(name)),
  );
