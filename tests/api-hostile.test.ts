/**
 * Issue 6, bad input: a table of hostile bodies per endpoint. Each gets a 4xx in
 * the one error shape, and nothing is stored and nothing is sent.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { post, total, type Json } from './support/api';

const valid = {
  quiz: { answers: { '0': 'Mindset' }, contact: { first: 'Asha', last: 'Rao', email: 'asha@example.com' } },
  newsletter: { email: 'asha@example.com' },
  enquiry: { name: 'Asha Rao', phone: '98123 45678', email: 'asha@example.com', description: 'Hello' },
} as const;
type Endpoint = keyof typeof valid;
const tables: Record<Endpoint, string> = { quiz: 'quiz_responses', newsletter: 'news_letter', enquiry: 'enquiries' };

/** Puts `value` at the endpoint's main text field (a name where there is one, else the email). */
function withText(endpoint: Endpoint, value: unknown): Json {
  if (endpoint === 'quiz') return { ...valid.quiz, contact: { ...valid.quiz.contact, first: value } };
  if (endpoint === 'enquiry') return { ...valid.enquiry, name: value };
  return { email: value };
}

const HOSTILE: Array<[string, (e: Endpoint) => Json | string]> = [
  ['malformed JSON', () => '{"email": "a@b.co", '],
  ['an array for the body', (e) => JSON.stringify([valid[e]])],
  ['an array for a field', (e) => withText(e, ['Asha'])],
  ['an object for a field', (e) => withText(e, { first: 'Asha' })],
  ['a number for a text field', (e) => withText(e, 12345)],
  ['a megabyte string', (e) => withText(e, 'A'.repeat(1 << 20))],
  ['a NUL character', (e) => withText(e, 'Asha\u0000Rao')],
  ['other control characters', (e) => withText(e, 'Asha\u0007\u001b[31mRao')],
  ['a right-to-left override', (e) => withText(e, 'Asha \u202Egnp.exe')],
  ['emoji in an email', () => ({ ...valid.newsletter, email: '😀@😀' })],
  ['HTML and script', (e) => withText(e, '<script>alert(1)</script>')],
  // Prototype keys around an otherwise incomplete body: must be ignored, not merged, and still refused.
  [
    '__proto__ and constructor keys',
    () => '{"__proto__":{"email":"a@b.co","name":"x"},"constructor":{"prototype":{"email":"a@b.co"}}}',
  ],
  [
    'a string for a nested object',
    (e) => (e === 'quiz' ? { ...valid.quiz, contact: 'asha@example.com' } : withText(e, '')),
  ],
];

const QUIZ_ONLY: Array<[string, Json]> = [
  ['an unknown answer option', { ...valid.quiz, answers: { '0': 'Astrology' } }],
  ['an option of another step', { ...valid.quiz, answers: { '1': 'Mindset' } }],
  ['an unknown step index', { ...valid.quiz, answers: { '3': 'Mindset' } }],
  ['a negative step index', { ...valid.quiz, answers: { '-1': 'Mindset' } }],
  [
    'a __proto__ step index',
    JSON.parse('{"answers":{"__proto__":"Mindset"},"contact":{"first":"A","last":"B","email":"a@b.co"}}'),
  ],
  ['numbers as option text', { ...valid.quiz, answers: { '0': 0 } }],
  ['answers as an array', { ...valid.quiz, answers: ['Mindset'] }],
];

describe.each(Object.keys(valid) as Endpoint[])('POST /api/%s with a hostile body', (endpoint) => {
  const cases: Array<[string, Json | string]> = [
    ...HOSTILE.map(([name, make]) => [name, make(endpoint)] as [string, Json | string]),
    ...(endpoint === 'quiz' ? QUIZ_ONLY : []),
  ];
  it.each(cases)('%s: 4xx in the error shape, nothing stored or sent', async (_name, body) => {
    const send = vi.spyOn(env.JOBS, 'send');
    const before = await total(tables[endpoint]);
    const res = await post(endpoint, body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toEqual({
      ok: false,
      error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
    });
    expect(await total(tables[endpoint])).toBe(before);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('legitimate text that merely looks unusual', () => {
  it('accepts right-to-left names and emoji in a description', async () => {
    const res = await post('enquiry', { ...valid.enquiry, name: 'آشا راو', description: 'Looking forward 🌱\nThanks' });
    expect(res.status).toBe(201);
  });
});
