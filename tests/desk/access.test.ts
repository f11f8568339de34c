/** Who may see the owners' desk in staging and production: only a valid Cloudflare Access assertion lets anyone in. */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import type { Env } from '../../src/env';
import { clearAccessKeyCache } from '../../src/security/access-jwt';
import { getLeadStore } from '../../src/store/leads/open';
import { LOOPBACK_ORIGIN as ORIGIN } from '../support/api';
import { enquiryLead } from '../fixtures/leads';
import {
  AUD,
  OWNER,
  TEAM_DOMAIN,
  certsFetch,
  claims,
  makeAccessKey,
  sign,
  unsigned,
  type AccessKey,
} from '../standins/access';

async function storeEnquiry() {
  const lead = { ...enquiryLead(), email: `lead-${crypto.randomUUID().slice(0, 8)}@example.com` };
  await getLeadStore(env).save(lead);
  return lead;
}

afterEach(() => vi.unstubAllGlobals());

describe('without a valid Access assertion (staging and production)', () => {
  let key: AccessKey;
  beforeAll(async () => {
    key = await makeAccessKey('kid-1');
  });
  const accessEnv: Env = {
    ...env,
    ENVIRONMENT: 'production',
    SITE_URL: 'https://site.test',
    LEAD_STORE: 'd1',
    ACCESS_TEAM_DOMAIN: TEAM_DOMAIN,
    ACCESS_AUD: AUD,
    // The inbox addresses any unread WhatsApp conversation (another file's, in the shared runtime) by an id keyed
    // with this production secret: without it the desk would answer 503, depending on which files ran first.
    ERASURE_KEY: 'erasure-key-of-the-desk-access-tests-0123456789',
  };
  async function call(path: string, init: RequestInit = {}) {
    clearAccessKeyCache();
    vi.stubGlobal('fetch', certsFetch(() => [key]).fetch);
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { redirect: 'manual', ...init }), accessEnv, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  }

  it('answers 403 to every desk page, the export and every change, with no header, alg none or an expired token', async () => {
    const lead = await storeEnquiry();
    const routes: Array<[string, string]> = [
      ['GET', '/desk'],
      ['GET', `/desk?q=${encodeURIComponent(lead.email)}`],
      ['GET', '/desk/numbers'],
      ['GET', '/desk/sources?days=7'],
      ['GET', '/desk/sources.csv'],
      ['GET', '/desk/export.csv?kind=enquiry'],
      ['GET', `/desk/leads/enquiry/${lead.id}`],
      ['POST', `/desk/leads/enquiry/${lead.id}/status`],
      ['POST', `/desk/leads/enquiry/${lead.id}/note`],
      ['POST', `/desk/leads/enquiry/${lead.id}/resend`],
    ];
    const tokens = [
      undefined,
      unsigned(),
      await sign(key, claims({ exp: 1 })),
      await sign(key, claims({ aud: ['other'] })),
    ];
    for (const [method, path] of routes) {
      for (const token of tokens) {
        const headers: Record<string, string> = { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' };
        if (token) headers['Cf-Access-Jwt-Assertion'] = token;
        const res = await call(path, { method, headers, body: method === 'POST' ? 'status=closed&note=x' : undefined });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        const text = await res.text();
        expect(text).not.toContain(lead.email);
      }
    }
    expect(await env.DB.prepare('SELECT * FROM lead_desk WHERE id = ?').bind(lead.id).first()).toBeNull();
  });

  it('lets a valid assertion in and records that owner on a change', async () => {
    const lead = await storeEnquiry();
    const token = await sign(key);
    const page = await call('/desk', { headers: { 'Cf-Access-Jwt-Assertion': token } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<strong>${OWNER}</strong>`);
    const res = await call(`/desk/leads/enquiry/${lead.id}/status`, {
      method: 'POST',
      headers: {
        'Cf-Access-Jwt-Assertion': token,
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'status=closed',
    });
    expect(res.status).toBe(303);
    const row = await env.DB.prepare('SELECT status, status_by FROM lead_desk WHERE id = ?').bind(lead.id).first();
    expect(row).toEqual({ status: 'closed', status_by: OWNER });
  });
});
