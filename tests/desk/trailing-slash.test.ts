/** A desk address with a trailing slash (`/desk/`) opens its page, and only for an owner Access let in. */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import type { Env } from '../../src/env';
import { clearAccessKeyCache } from '../../src/security/access-jwt';
import { desk } from '../../src/words/desk';
import { AUD, TEAM_DOMAIN, certsFetch, makeAccessKey, sign, type AccessKey } from '../standins/access';
import { callWorker } from '../support/api';

afterEach(() => vi.unstubAllGlobals());

describe('/desk/ (development: the local owner is signed in)', () => {
  it('opens the inbox', async () => {
    const res = await callWorker(env, '/desk/');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/desk');
    const inbox = await callWorker(env, res.headers.get('location')!);
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toContain(`<a href="/desk" aria-current="page">${desk.nav.inbox}</a>`);
  });

  it('keeps the query, and any desk page with a trailing slash opens the page without it', async () => {
    const res = await callWorker(env, '/desk/people/?erased=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/desk/people?erased=1');
  });
});

describe('/desk/ behind Access (staging and production)', () => {
  let key: AccessKey;
  beforeAll(async () => {
    key = await makeAccessKey('kid-slash');
  });
  const accessEnv: Env = {
    ...env,
    ENVIRONMENT: 'production',
    SITE_URL: 'https://site.test',
    LEAD_STORE: 'd1',
    ACCESS_TEAM_DOMAIN: TEAM_DOMAIN,
    ACCESS_AUD: AUD,
    ERASURE_KEY: 'erasure-key-of-the-trailing-slash-tests-0123456',
  };
  async function call(path: string, headers: Record<string, string> = {}) {
    clearAccessKeyCache();
    vi.stubGlobal('fetch', certsFetch(() => [key]).fetch);
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`https://site.test${path}`, { redirect: 'manual', headers }),
      accessEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  }

  it('is refused (403) without a valid assertion, and opens the inbox with one', async () => {
    const refused = await call('/desk/');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('location')).toBeNull();
    const token = await sign(key);
    const res = await call('/desk/', { 'Cf-Access-Jwt-Assertion': token });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/desk');
    const inbox = await call('/desk', { 'Cf-Access-Jwt-Assertion': token });
    expect(inbox.status).toBe(200);
  });
});
