/**
 * Bad input: a table of hostile bodies per endpoint. Each is refused for its own
 * reason (the status, the code and the one field that failed), in the one error
 * shape, and nothing is stored and nothing is sent.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { post, total, type Json } from '../../support/api';

const valid = {
  quiz: { answers: { '0': 'Mindset' }, contact: { first: 'Asha', last: 'Rao', email: 'asha@example.com' } },
  newsletter: { email: 'asha@example.com' },
  enquiry: { name: 'Asha Rao', phone: '98123 45678', email: 'asha@example.com', description: 'Hello' },
} as const;
type Endpoint = keyof typeof valid;
const tables: Record<Endpoint, string> = { quiz: 'quiz_responses', newsletter: 'news_letter', enquiry: 'enquiries' };

/** The endpoint's main single-line text field (a name where there is one, else the email), as the API names it. */
const TEXT_FIELD: Record<Endpoint, string> = { quiz: 'contact.first', newsletter: 'email', enquiry: 'name' };
const EMAIL_FIELD: Record<Endpoint, string> = { quiz: 'contact.email', newsletter: 'email', enquiry: 'email' };

/** Puts `value` at the endpoint's main text field. */
function withText(endpoint: Endpoint, value: unknown): Json {
  if (endpoint === 'quiz') return { ...valid.quiz, contact: { ...valid.quiz.contact, first: value } };
  if (endpoint === 'enquiry') return { ...valid.enquiry, name: value };
  return { email: value };
}

/** Puts `value` at the endpoint's email field. */
function withEmail(endpoint: Endpoint, value: unknown): Json {
  if (endpoint === 'quiz') return { ...valid.quiz, contact: { ...valid.quiz.contact, email: value } };
  return { ...valid[endpoint], email: value };
}

/** The refusal a case must get: status and code, and for invalid input the fields that failed. */
type Refusal = { status: number; code: string; fields?: string[] };
const invalidField = (...fields: string[]): Refusal => ({ status: 400, code: 'invalid_input', fields });

const HOSTILE: Array<[string, (e: Endpoint) => Json | string, (e: Endpoint) => Refusal]> = [
  ['malformed JSON', () => '{"email": "a@b.co", ', () => ({ status: 400, code: 'invalid_json' })],
  ['an array for the body', (e) => JSON.stringify([valid[e]]), () => ({ status: 400, code: 'invalid_body' })],
  ['an array for a field', (e) => withText(e, ['Asha']), (e) => invalidField(TEXT_FIELD[e])],
  ['an object for a field', (e) => withText(e, { first: 'Asha' }), (e) => invalidField(TEXT_FIELD[e])],
  ['a number for a text field', (e) => withText(e, 12345), (e) => invalidField(TEXT_FIELD[e])],
  ['a megabyte string', (e) => withText(e, 'A'.repeat(1 << 20)), () => ({ status: 413, code: 'payload_too_large' })],
  ['a NUL character', (e) => withText(e, 'Asha\u0000Rao'), (e) => invalidField(TEXT_FIELD[e])],
  ['other control characters', (e) => withText(e, 'Asha\u0007\u001b[31mRao'), (e) => invalidField(TEXT_FIELD[e])],
  ['a right-to-left override', (e) => withText(e, 'Asha \u202Egnp.exe'), (e) => invalidField(TEXT_FIELD[e])],
  ['HTML and script', (e) => withText(e, '<script>alert(1)</script>'), (e) => invalidField(TEXT_FIELD[e])],
  ['emoji in an email', (e) => withEmail(e, '😀@😀'), (e) => invalidField(EMAIL_FIELD[e])],
  // Prototype keys around an otherwise empty body: ignored, not merged, so the required field is missing.
  [
    '__proto__ and constructor keys',
    () => '{"__proto__":{"email":"a@b.co","name":"x"},"constructor":{"prototype":{"email":"a@b.co"}}}',
    (e) =>
      e === 'enquiry' ? invalidField('name', 'phone', 'email') : invalidField(e === 'quiz' ? 'contact' : 'email'),
  ],
  [
    'a string for a nested object',
    (e) => (e === 'quiz' ? { ...valid.quiz, contact: 'asha@example.com' } : withText(e, '')),
    (e) => invalidField(e === 'quiz' ? 'contact' : TEXT_FIELD[e]),
  ],
];

const QUIZ_ONLY: Array<[string, Json, Refusal]> = [
  ['an unknown answer option', { ...valid.quiz, answers: { '0': 'Astrology' } }, invalidField('answers.0')],
  ['an option of another step', { ...valid.quiz, answers: { '1': 'Mindset' } }, invalidField('answers.1')],
  ['an unknown step index', { ...valid.quiz, answers: { '3': 'Mindset' } }, invalidField('answers')],
  ['a negative step index', { ...valid.quiz, answers: { '-1': 'Mindset' } }, invalidField('answers')],
  [
    'a __proto__ step index',
    JSON.parse('{"answers":{"__proto__":"Mindset"},"contact":{"first":"A","last":"B","email":"a@b.co"}}'),
    invalidField('answers'),
  ],
  ['numbers as option text', { ...valid.quiz, answers: { '0': 0 } }, invalidField('answers.0')],
  ['answers as an array', { ...valid.quiz, answers: ['Mindset'] }, invalidField('answers')],
  [
    'a NUL in the phone',
    { ...valid.quiz, contact: { ...valid.quiz.contact, phone: '98\u000012' } },
    invalidField('contact.phone'),
  ],
];

const ENQUIRY_ONLY: Array<[string, Json, Refusal]> = [
  ['a NUL in the description', { ...valid.enquiry, description: 'Hello\u0000there' }, invalidField('description')],
  [
    'a right-to-left override in the description',
    { ...valid.enquiry, description: 'Hi \u202Egnp.exe' },
    invalidField('description'),
  ],
  ['markup in the phone', { ...valid.enquiry, phone: '<b>98123 45678</b>' }, invalidField('phone')],
];

describe.each(Object.keys(valid) as Endpoint[])('POST /api/%s with a hostile body', (endpoint) => {
  const cases: Array<[string, Json | string, Refusal]> = [
    ...HOSTILE.map(
      ([name, make, refusal]) => [name, make(endpoint), refusal(endpoint)] as [string, Json | string, Refusal],
    ),
    ...(endpoint === 'quiz' ? QUIZ_ONLY : []),
    ...(endpoint === 'enquiry' ? ENQUIRY_ONLY : []),
  ];
  it.each(cases)('%s: refused with the right code and field, nothing stored or sent', async (_name, body, refusal) => {
    const send = vi.spyOn(env.JOBS, 'send');
    const before = await total(tables[endpoint]);
    const res = await post(endpoint, body);
    expect(res.status).toBe(refusal.status);
    expect(res.body).toEqual({
      ok: false,
      error: {
        code: refusal.code,
        message: expect.any(String),
        ...(refusal.fields && {
          fields: Object.fromEntries(refusal.fields.map((field) => [field, expect.any(String)])),
        }),
      },
    });
    expect(await total(tables[endpoint])).toBe(before);
    expect(send).not.toHaveBeenCalled();
    expect(({} as Json).email).toBeUndefined();
  });

  it('accepts the valid body these cases start from (so each refusal is down to its one change)', async () => {
    expect((await post(endpoint, valid[endpoint])).status).toBe(201);
  });
});

describe('legitimate text that merely looks unusual', () => {
  it('accepts right-to-left names and emoji in a description', async () => {
    const res = await post('enquiry', { ...valid.enquiry, name: 'آشا راو', description: 'Looking forward 🌱\nThanks' });
    expect(res.status).toBe(201);
  });
});
