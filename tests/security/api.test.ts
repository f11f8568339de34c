/** Requests: cross-site refusal, the honeypot, and per-address rate limits with Retry-After. */
import { SELF, createExecutionContext, env } from 'cloudflare:test';
import worker from '../../src/index';
import { WEBHOOK_SECRETS } from '../support/whatsapp-webhook';
import { describe, expect, it, vi } from 'vitest';
import { withinOneWindow } from '../support/shared';
import { visitorAddress } from '../support/api';
import { allowConsoleErrors } from '../setup';

const url = (path: string) => `https://site.test/api/${path}`;
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'cf-connecting-ip': visitorAddress(), ...headers },
  body: JSON.stringify(body),
});
const count = async (table: string, id: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE id = ?`).bind(id).first<{ n: number }>())?.n;

describe('cross-site requests', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['the same host over another scheme', { origin: 'http://site.test' }],
    ['the same host on another port', { origin: 'https://site.test:8443' }],
  ])('refuses %s with 403 in the error shape and stores nothing', async (_label, headers) => {
    const id = crypto.randomUUID();
    const res = await SELF.fetch(url('newsletter'), json({ submissionId: id, email: 'x@example.com' }, headers));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ ok: false, error: { code: 'forbidden', message: expect.any(String) } });
    expect(await count('news_letter', id)).toBe(0);
  });

  it('accepts same-origin and same-site requests', async () => {
    const res = await SELF.fetch(
      url('newsletter'),
      json({ email: 'same@example.com' }, { origin: 'https://site.test', 'sec-fetch-site': 'same-origin' }),
    );
    expect(res.status).toBe(201);
  });
});

describe('the honeypot field "website"', () => {
  it.each([
    ['newsletter', 'news_letter', { email: 'bot@example.com' }],
    ['enquiry', 'enquiries', { name: 'Bot', phone: '9812345678', email: 'bot@example.com' }],
    ['quiz', 'quiz_responses', { answers: {}, contact: { first: 'B', last: 'Ot', email: 'bot@example.com' } }],
  ])('on %s: answers the normal success, stores and sends nothing', async (path, table, body) => {
    const send = vi.spyOn(env.JOBS, 'send');
    const id = crypto.randomUUID();
    const res = await SELF.fetch(url(path), json({ ...body, submissionId: id, website: 'https://spam.example' }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true, id });
    expect(await count(table, id)).toBe(0);
    expect(send).not.toHaveBeenCalled();
  });

  it('an empty honeypot is a normal submission', async () => {
    const id = crypto.randomUUID();
    const res = await SELF.fetch(
      url('newsletter'),
      json({ submissionId: id, email: 'human@example.com', website: '' }),
    );
    expect(res.status).toBe(201);
    expect(await count('news_letter', id)).toBe(1);
  });
});

describe('rate limits per client address', () => {
  it('answers 429 with Retry-After once an address exceeds the limit; other addresses are unaffected', async () => {
    const { limit, period } = env.TEST_SUBMIT_LIMIT;
    // A /64 of its own (other files in this runtime submit from 198.51.100.x): nothing else counts against it.
    const ip = `2001:db8:5ec:${(Math.floor(Math.random() * 0xffff) + 1).toString(16)}::1`;
    const statuses: number[] = [];
    await withinOneWindow(period, 10);
    for (let i = 0; i < limit + 3; i++) {
      const res = await SELF.fetch(
        url('newsletter'),
        json({ email: `burst${i}@example.com` }, { 'cf-connecting-ip': ip }),
      );
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get('retry-after')).toBe(String(period));
        expect(await res.json()).toEqual({
          ok: false,
          error: {
            code: 'rate_limited',
            message: 'Too many submissions from your connection. Please try again in a minute.',
          },
        });
      } else await res.body?.cancel();
    }
    expect(statuses).toEqual([...Array(limit).fill(201), 429, 429, 429]);
    const other = await SELF.fetch(
      url('newsletter'),
      json({ email: 'other@example.com' }, { 'cf-connecting-ip': '203.0.113.9' }),
    );
    expect(other.status).toBe(201);
  });
});

describe('rate-limit keys', () => {
  const burst = async (addresses: (string | undefined)[]) => {
    await withinOneWindow(env.TEST_SUBMIT_LIMIT.period, 10);
    const statuses: number[] = [];
    for (const [i, ip] of addresses.entries()) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (ip) headers['cf-connecting-ip'] = ip;
      const res = await SELF.fetch(url('newsletter'), {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: `key${i}@example.com` }),
      });
      await res.body?.cancel();
      statuses.push(res.status);
    }
    return statuses;
  };

  it('counts every address of one IPv6 /64 as one client', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:77`;
    const addresses = Array.from({ length: 8 }, (_, i) => `${prefix}:${i + 1}::${(i * 7919).toString(16)}`);
    const { limit } = env.TEST_SUBMIT_LIMIT;
    expect(await burst(addresses)).toEqual([...Array(limit).fill(201), ...Array(8 - limit).fill(429)]);
    // The neighbouring /64 is another client.
    expect(await burst([`2001:db8:1234:78::1`])).toEqual([201]);
  });

  it('puts requests without CF-Connecting-IP in one shared bucket, never unlimited', async () => {
    const statuses = await burst(Array.from({ length: 8 }, () => undefined));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
    expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
  });
});

describe('the 16 KiB body cap', () => {
  it('applies while a chunked body streams in (no Content-Length), with a 413 in the error shape', async () => {
    const send = vi.spyOn(env.JOBS, 'send');
    const chunk = new TextEncoder().encode(' '.repeat(4096));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ === 0) controller.enqueue(new TextEncoder().encode('{"email":"big@example.com","pad":"'));
        else if (sent < 64) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await SELF.fetch(url('newsletter'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': visitorAddress() },
      body,
      // @ts-expect-error: workerd's RequestInit knows duplex for streamed bodies
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ ok: false, error: { code: 'payload_too_large', message: expect.any(String) } });
    expect(sent).toBeLessThan(64);
    expect(send).not.toHaveBeenCalled();
  });

  /** A 4 MiB chunked body: the reader must stop at the route's cap, long before the end. */
  function hugeChunkedBody(prefix: string) {
    const chunk = new TextEncoder().encode('a'.repeat(64 * 1024));
    const state = { pulled: 0, total: 64 };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (state.pulled++ === 0) controller.enqueue(new TextEncoder().encode(prefix));
        else if (state.pulled < state.total) controller.enqueue(chunk);
        else controller.close();
      },
    });
    return { body, state };
  }

  it.each([
    [
      'the quiz without JavaScript (POST /quiz)',
      'https://site.test/quiz',
      'application/x-www-form-urlencoded',
      'step=1&pad=',
    ],
    [
      "a desk form (the lead's status)",
      'http://127.0.0.1:8787/desk/leads/enquiry/x/status',
      'application/x-www-form-urlencoded',
      'status=new&pad=',
    ],
    [
      "a desk form (the lead's note)",
      'http://127.0.0.1:8787/desk/leads/enquiry/x/note',
      'application/x-www-form-urlencoded',
      'note=',
    ],
    ['the WhatsApp webhook', 'https://site.test/webhooks/whatsapp', 'application/json', '{"entry":['],
  ])('%s refuses a 4 MiB chunked body at its cap with 413, never reading it whole', async (_, target, type, prefix) => {
    allowConsoleErrors();
    const { body, state } = hugeChunkedBody(prefix);
    const origin = new URL(target).origin;
    const init = {
      method: 'POST',
      headers: { 'content-type': type, origin, 'cf-connecting-ip': visitorAddress() },
      body,
      duplex: 'half',
      redirect: 'manual',
    } as RequestInit;
    // The webhook exists only with its secrets (without them it answers 404 unread, below).
    const res = target.endsWith('/webhooks/whatsapp')
      ? await worker.fetch(new Request(target, init), { ...env, ...WEBHOOK_SECRETS }, createExecutionContext())
      : await SELF.fetch(target, init);
    expect(res.status).toBe(413);
    expect(state.pulled).toBeLessThan(state.total);
    if (target.endsWith('/quiz')) expect(await res.text()).toContain('Step 1 of 4');
  });

  it('the WhatsApp webhook without its secrets answers 404 before reading the body', async () => {
    allowConsoleErrors();
    const { body, state } = hugeChunkedBody('{"entry":[');
    const res = await SELF.fetch('https://site.test/webhooks/whatsapp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      // @ts-expect-error: workerd's RequestInit knows duplex for streamed bodies
      duplex: 'half',
    });
    expect(res.status).toBe(404);
    expect(state.pulled).toBeLessThan(state.total);
  });
});
