/**
 * Unsubscribe links: /unsubscribe?t=<subscription id>.<HMAC>. GET shows one button (and changes nothing), POST
 * unsubscribes at once (also a mail provider's cross-site one-click post); a forged, cut or stale token gets a
 * page that says so and changes nothing; replaying a used link is harmless and never undoes a later signup.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import type { Env } from '../../src/env';
import { parseConfig } from '../../src/config/index';
import { getLeadStore } from '../../src/store/leads/open';
import {
  listUnsubscribeHeaders,
  signUnsubscribe,
  unsubscribeHeaders,
  unsubscribeLink,
  verifyUnsubscribe,
} from '../../src/newsletter/token';
import { subscriptionState } from '../../src/newsletter/state';
import { newsletterLead } from '../fixtures/leads';
import { firestoreEnv } from '../support/firestore';
import { captureQueue } from '../support/queue';

const SECRET = 'development-only-unsubscribe-secret';
const ORIGIN = 'http://127.0.0.1:8787';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function call(path: string, init: RequestInit = {}, workerEnv: Env = env) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, init), workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, headers: res.headers, html: await res.text() };
}

async function stored(email = `reader-${crypto.randomUUID().slice(0, 8)}@example.com`, workerEnv: Env = env) {
  const lead = newsletterLead({ email });
  await getLeadStore(workerEnv).save(lead);
  return lead;
}

const record = (id: string, workerEnv: Env = env) => getLeadStore(workerEnv).get('newsletter', id);
/** Every news_letter row as D1 holds it, to show a refused link changed nothing. */
const allRows = async () => (await env.DB.prepare('SELECT * FROM news_letter ORDER BY id').all()).results;

describe('the token', () => {
  it('names the subscription, never the address, and verifies only when the site signed it', async () => {
    const lead = await stored('private.person@example.com');
    const token = await signUnsubscribe(SECRET, lead.id);
    expect(token).not.toContain('private');
    expect(token.startsWith(`${lead.id}.`)).toBe(true);
    await expect(verifyUnsubscribe(SECRET, token)).resolves.toBe(lead.id);
    const link = await unsubscribeLink(env, lead.id);
    expect(link).toBe(`${ORIGIN}/unsubscribe?t=${token}`);
    expect(link).not.toContain('example.com');
  });

  it.each([
    ['signed with another key', async (id: string) => signUnsubscribe('someone-elses-secret', id)],
    [
      'with its signature changed by one character',
      async (id: string) => {
        const t = await signUnsubscribe(SECRET, id);
        return `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`;
      },
    ],
    [
      'with another subscription’s id on this one’s signature',
      async (id: string) => `${crypto.randomUUID()}.${(await signUnsubscribe(SECRET, id)).split('.')[1]}`,
    ],
    ['cut short', async (id: string) => (await signUnsubscribe(SECRET, id)).slice(0, 50)],
    ['without a signature', async (id: string) => id],
    ['empty', async () => ''],
    [
      'with the address in place of the id',
      async () => signUnsubscribe(SECRET, 'x').then((t) => `a@b.co.${t.split('.')[1]}`),
    ],
  ])('is refused %s: a clear page (400), nothing changed', async (_name, forge) => {
    const lead = await stored();
    const token = await forge(lead.id);
    await expect(verifyUnsubscribe(SECRET, token)).resolves.toBeNull();
    const before = await allRows();
    for (const method of ['GET', 'POST']) {
      const page = await call(`/unsubscribe?t=${encodeURIComponent(token)}`, { method });
      expect(page.status).toBe(400);
      expect(page.html).toContain('This link does not work');
      expect(page.html).not.toContain('<form action="/unsubscribe');
    }
    expect(await allRows()).toEqual(before);
    expect((await record(lead.id))?.unsubscribedAt).toBeUndefined();
  });

  it('gives letters the one-click headers of RFC 8058', async () => {
    expect(listUnsubscribeHeaders('https://site.test/unsubscribe?t=x.y')).toEqual({
      'List-Unsubscribe': '<https://site.test/unsubscribe?t=x.y>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const lead = await stored();
    expect((await unsubscribeHeaders(env, lead.id))?.['List-Unsubscribe']).toBe(
      `<${await unsubscribeLink(env, lead.id)}>`,
    );
  });
});

describe('the pages', () => {
  it('GET shows one button and changes nothing; POST unsubscribes at once and says so', async () => {
    const lead = await stored();
    const token = await signUnsubscribe(SECRET, lead.id);
    const confirm = await call(`/unsubscribe?t=${token}`);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('Stop the newsletter?');
    expect(confirm.html).toContain(`<form action="/unsubscribe?t=${token}" method="post">`);
    expect(confirm.headers.get('x-robots-tag')).toContain('noindex');
    // The site's policy sends another site only the origin, never the address with its token.
    expect(confirm.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(confirm.html).not.toContain(lead.email);
    expect((await record(lead.id))?.unsubscribedAt).toBeUndefined();

    const done = await call(`/unsubscribe?t=${token}`, { method: 'POST' });
    expect(done.status).toBe(200);
    expect(done.html).toContain('You are unsubscribed');
    const unsubscribedAt = (await record(lead.id))?.unsubscribedAt;
    expect(Date.now() - Date.parse(unsubscribedAt!)).toBeLessThan(60_000);
  });

  it('takes a mail provider’s one-click post from another site (RFC 8058), which the same-origin rule would refuse', async () => {
    const lead = await stored();
    const token = await signUnsubscribe(SECRET, lead.id);
    const page = await call(`/unsubscribe?t=${token}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.provider.example',
        'sec-fetch-site': 'cross-site',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(page.status).toBe(200);
    expect((await record(lead.id))?.unsubscribedAt).toEqual(expect.any(String));
  });

  it('replaying a used link is harmless: the same page, the first time kept, nothing queued again', async () => {
    const lead = await stored();
    const token = await signUnsubscribe(SECRET, lead.id);
    await call(`/unsubscribe?t=${token}`, { method: 'POST' });
    const first = (await record(lead.id))?.unsubscribedAt;
    const queued = captureQueue(env);
    for (const method of ['POST', 'GET', 'POST']) {
      const again = await call(`/unsubscribe?t=${token}`, { method });
      expect(again.status).toBe(200);
      expect(again.html).toContain('You are unsubscribed');
      expect(again.html).not.toContain('<form action="/unsubscribe');
    }
    expect((await record(lead.id))?.unsubscribedAt).toBe(first);
    expect(queued).toEqual([]);
  });

  it('a link whose subscription is no longer held (erased) gets a page that says so (404), nothing created', async () => {
    const id = crypto.randomUUID();
    const token = await signUnsubscribe(SECRET, id);
    const before = await allRows();
    for (const method of ['GET', 'POST']) {
      const page = await call(`/unsubscribe?t=${token}`, { method });
      expect(page.status).toBe(404);
      expect(page.html).toContain('Nothing to unsubscribe');
    }
    expect(await allRows()).toEqual(before);
  });

  it('without UNSUBSCRIBE_SECRET outside development, says to try later (503) and changes nothing', async () => {
    const lead = await stored();
    const token = await signUnsubscribe(SECRET, lead.id);
    const deployed = { ...env, ENVIRONMENT: 'staging', SITE_URL: 'https://staging.site.test' } as Env;
    const page = await call(`/unsubscribe?t=${token}`, { method: 'POST' }, deployed);
    expect(page.status).toBe(503);
    expect((await record(lead.id))?.unsubscribedAt).toBeUndefined();
    expect(await unsubscribeLink(deployed, lead.id)).toBeNull();
  });
});

describe('the address, later signups and the desk', () => {
  it('unsubscribes every standing subscription of the address; a signup after that is a new consent a replay leaves alone', async () => {
    const email = `twice-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const first = await stored(email);
    const second = await stored(email.toUpperCase());
    const other = await stored();
    const token = await signUnsubscribe(SECRET, first.id);
    await call(`/unsubscribe?t=${token}`, { method: 'POST' });
    expect((await record(first.id))?.unsubscribedAt).toEqual(expect.any(String));
    expect((await record(second.id))?.unsubscribedAt).toBe((await record(first.id))?.unsubscribedAt);
    expect((await record(other.id))?.unsubscribedAt).toBeUndefined();

    const again = await stored(email);
    expect((await record(again.id))?.unsubscribedAt).toBeUndefined();
    await call(`/unsubscribe?t=${token}`, { method: 'POST' });
    expect((await record(again.id))?.unsubscribedAt).toBeUndefined();
    const state = await subscriptionState(env, (await record(first.id))!);
    expect(state).toMatchObject({
      subscribed: false,
      unsubscribedAt: expect.any(String),
      provider: 'none',
      toolCalls: [],
    });
    expect(await subscriptionState(env, (await record(again.id))!)).toMatchObject({
      subscribed: true,
      unsubscribedAt: null,
    });
  });

  it('shows the desk the state and the link to copy, which unsubscribes', async () => {
    const lead = await stored();
    const before = await call(`/desk/leads/newsletter/${lead.id}`);
    expect(before.html).toContain('Subscribed');
    const link = /id="unsubscribe-link"[^>]*value="([^"]+)"/.exec(before.html)?.[1];
    expect(link).toBe(await unsubscribeLink(env, lead.id));
    await call(new URL(link!.replace(/&amp;/g, '&')).pathname + new URL(link!).search, { method: 'POST' });
    const after = await call(`/desk/leads/newsletter/${lead.id}`);
    expect(after.html).toContain('Unsubscribed through their link on');
  });

  it('works the same on Firestore', async () => {
    const { env: fsEnv } = await firestoreEnv('emulator');
    const email = `fs-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const first = await stored(email, fsEnv);
    const second = await stored(email, fsEnv);
    const token = await signUnsubscribe(SECRET, first.id);
    expect((await call(`/unsubscribe?t=${token}`, {}, fsEnv)).html).toContain('Stop the newsletter?');
    expect((await call(`/unsubscribe?t=${token}`, { method: 'POST' }, fsEnv)).status).toBe(200);
    expect((await record(first.id, fsEnv))?.unsubscribedAt).toEqual(expect.any(String));
    expect((await record(second.id, fsEnv))?.unsubscribedAt).toEqual(expect.any(String));
    const stale = await signUnsubscribe(SECRET, crypto.randomUUID());
    expect((await call(`/unsubscribe?t=${stale}`, { method: 'POST' }, fsEnv)).status).toBe(404);
  });
});

describe('UNSUBSCRIBE_SECRET', () => {
  it('has a fixed local value in development and is required, long, outside it', () => {
    expect(parseConfig({}).newsletter.unsubscribeSecret).toBe(SECRET);
    for (const environment of ['staging', 'production']) {
      const missing = parseConfig({ ENVIRONMENT: environment });
      expect(missing.newsletter.unsubscribeSecret).toBeUndefined();
      expect(missing.problems).toContainEqual({
        setting: 'UNSUBSCRIBE_SECRET',
        message: 'UNSUBSCRIBE_SECRET is not set: no unsubscribe link can be made or checked.',
      });
      const short = parseConfig({ ENVIRONMENT: environment, UNSUBSCRIBE_SECRET: 'short' });
      expect(short.problems.map((p) => p.setting)).toContain('UNSUBSCRIBE_SECRET');
      expect(short.newsletter.unsubscribeSecret).toBeUndefined();
      const set = parseConfig({ ENVIRONMENT: environment, UNSUBSCRIBE_SECRET: 'x'.repeat(40) });
      expect(set.newsletter.unsubscribeSecret).toBe('x'.repeat(40));
    }
  });
});
