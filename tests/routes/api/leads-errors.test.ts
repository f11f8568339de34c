/**
 * Nothing a client sends to a lead endpoint produces a 500: every malformed
 * request is a 4xx in the one error shape, and nothing is stored or queued.
 */
import { SELF, env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { total, visitorAddress } from '../../support/api';

const ENDPOINTS = [
  ['quiz', 'quiz_responses'],
  ['newsletter', 'news_letter'],
  ['enquiry', 'enquiries'],
] as const;

const JSON_TYPE = { 'content-type': 'application/json' };

// [what, request init, status, code]
const BAD_REQUESTS: Array<[string, RequestInit, number, string]> = [
  ['malformed JSON', { headers: JSON_TYPE, body: '{"email": "a@b.co",' }, 400, 'invalid_json'],
  ['an empty body', { headers: JSON_TYPE, body: '' }, 400, 'invalid_json'],
  ['JSON with a trailing value', { headers: JSON_TYPE, body: '{} {}' }, 400, 'invalid_json'],
  ['an array', { headers: JSON_TYPE, body: '[{"email":"a@b.co"}]' }, 400, 'invalid_body'],
  ['null', { headers: JSON_TYPE, body: 'null' }, 400, 'invalid_body'],
  ['a string', { headers: JSON_TYPE, body: '"a@b.co"' }, 400, 'invalid_body'],
  ['a number', { headers: JSON_TYPE, body: '42' }, 400, 'invalid_body'],
  ['an empty object', { headers: JSON_TYPE, body: '{}' }, 400, 'invalid_input'],
  ['wrong types', { headers: JSON_TYPE, body: '{"email":["a@b.co"],"name":{},"contact":1}' }, 400, 'invalid_input'],
  [
    '__proto__ and constructor keys',
    { headers: JSON_TYPE, body: '{"__proto__":{"email":"a@b.co"},"constructor":{"prototype":{}}}' },
    400,
    'invalid_input',
  ],
  [
    'a megabyte string',
    { headers: JSON_TYPE, body: JSON.stringify({ email: `${'a'.repeat(1 << 20)}@b.co` }) },
    413,
    'payload_too_large',
  ],
  [
    'a long string within the size limit',
    { headers: JSON_TYPE, body: JSON.stringify({ email: `${'a'.repeat(12_000)}@b.co`, name: 'n'.repeat(3000) }) },
    400,
    'invalid_input',
  ],
  [
    'text/plain',
    { headers: { 'content-type': 'text/plain' }, body: '{"email":"a@b.co"}' },
    415,
    'unsupported_media_type',
  ],
  [
    'a multipart form post',
    { headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--' },
    415,
    'unsupported_media_type',
  ],
  ['no content type', { body: new Uint8Array([123, 125]) }, 415, 'unsupported_media_type'],
];

describe.each(ENDPOINTS)('POST /api/%s refuses bad requests', (path, table) => {
  it.each(BAD_REQUESTS)('%s', async (_what, init, status, code) => {
    const before = await total(table);
    const send = vi.spyOn(env.JOBS, 'send');
    const headers = { ...(init.headers as Record<string, string> | undefined), 'cf-connecting-ip': visitorAddress() };
    const res = await SELF.fetch(`https://site.test/api/${path}`, { method: 'POST', ...init, headers });
    expect(res.status).toBe(status);
    const body = (await res.json()) as { ok: boolean; error: { code: string; message: string } };
    expect(body).toMatchObject({ ok: false, error: { code, message: expect.any(String) } });
    expect(body.error.message.length).toBeGreaterThan(0);
    expect(await total(table)).toBe(before);
    expect(send).not.toHaveBeenCalled();
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers %s with 405 and Allow: POST', async (method) => {
    const res = await SELF.fetch(`https://site.test/api/${path}`, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'method_not_allowed' } });
  });
});
