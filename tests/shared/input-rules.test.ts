/**
 * What a visitor may type: names are names, emails have an address shape, and no
 * field takes control or format characters or lone surrogates. Every refusal is a
 * 400 naming the field; nothing is stored and nothing is queued.
 */
import { env, SELF } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { post, row, total } from '../support/api';

const enquiry = { name: 'Asha Rao', phone: '98123 45678', email: 'asha@example.com', description: 'Hello' };
const contact = { first: 'Asha', last: 'Rao', email: 'asha@example.com' };

async function expectRefused(path: string, body: object, field: string, table: string) {
  const send = vi.spyOn(env.JOBS, 'send');
  const before = await total(table);
  const res = await post(path, body);
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('invalid_input');
  expect(Object.keys(res.body.error.fields)).toContain(field);
  expect(res.body.error.fields[field]).toEqual(expect.any(String));
  expect(await total(table)).toBe(before);
  expect(send).not.toHaveBeenCalled();
}

const NOT_NAMES = [
  'KYC blocked - call +91 90000 00000 now',
  'Visit https://evil.example',
  'Call me at 98123',
  'mail asha@example.com',
  'a/b',
  'time: now',
  'Asha\u200bRao',
  'Asha \u202Egnp.exe',
  'Asha\ud800',
  'A'.repeat(61),
  '...',
  // Web addresses, which a message header would carry from the business's number (a phishing link).
  'Asha. KYC expired verify at sbi-kyc.in',
  'see bit.ly',
  'Dr.Asha',
  'Asha Rao.com',
];

describe('names', () => {
  it.each(NOT_NAMES)('enquiry name %j is refused with a 400 naming "name"', async (name) => {
    await expectRefused('enquiry', { ...enquiry, name }, 'name', 'enquiries');
  });

  it.each(NOT_NAMES)('quiz contact names %j are refused with a 400 naming the field', async (name) => {
    await expectRefused('quiz', { contact: { ...contact, first: name } }, 'contact.first', 'quiz_responses');
    await expectRefused('quiz', { contact: { ...contact, last: name } }, 'contact.last', 'quiz_responses');
  });

  it.each([
    'Anna-Marie O’Neil',
    "D'Souza",
    'Dr. A. B. Rao',
    'A.K. Sharma',
    'J. R. Nair',
    'राम कुमार',
    'José Ñúñez',
    'آشا راو',
    '李小龍',
    'Zoë', // combining diaeresis
    'A'.repeat(60),
  ])('accepts the name %j', async (name) => {
    const body = { ...enquiry, submissionId: crypto.randomUUID(), name };
    expect((await post('enquiry', body)).status).toBe(201);
    expect((await row('enquiries', body.submissionId))!.name).toBe(name);
  });
});

describe('a name that reads as a web address', () => {
  const message =
    'Name cannot contain a web address. After a title or an initial, put a space after the dot (Dr. Asha).';

  it('is refused by the name field with a message that says how to write it, as JSON', async () => {
    const res = await post('enquiry', { ...enquiry, name: 'Dr.Asha' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ name: message });
    const quiz = await post('quiz', { contact: { ...contact, last: 'Rao sbi-kyc.in' } });
    expect(quiz.body.error.fields).toEqual({
      'contact.last': message.replace('Name', 'Last name'),
    });
  });

  it('is refused in a plain HTML form post, shown beside the field, and nothing is stored', async () => {
    const before = await total('enquiries');
    const res = await SELF.fetch('https://site.test/api/enquiry', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://site.test',
        'cf-connecting-ip': '198.51.100.27',
      },
      body: new URLSearchParams({ ...enquiry, name: 'Asha. KYC expired verify at sbi-kyc.in' }).toString(),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(message);
    expect(await total('enquiries')).toBe(before);
  });
});

describe('emails', () => {
  it.each([
    'a@b.co\u0000',
    '<script>alert(1)</script>@x.co',
    'support\u202egro.knab@evil.example',
    '"quoted"@example.com',
    'a b@example.com',
    'a@b@example.com',
    'asha@localhost',
    'asha@example.c',
    'asha@-example.com',
    'asha@example..com',
    'asha@exam ple.com',
    'as\u200bha@example.com',
    'asha\ud800@example.com',
  ])('the newsletter refuses %j with a 400 naming "email"', async (email) => {
    await expectRefused('newsletter', { email }, 'email', 'news_letter');
  });

  it('refuses the same in the enquiry and quiz emails', async () => {
    await expectRefused('enquiry', { ...enquiry, email: '<script>alert(1)</script>@x.co' }, 'email', 'enquiries');
    await expectRefused('quiz', { contact: { ...contact, email: 'a@b.co\u0000' } }, 'contact.email', 'quiz_responses');
  });

  it.each([
    ['Reader@Example.ORG', 'reader@example.org'],
    ["o'brien+news@example.co.in", "o'brien+news@example.co.in"],
    ['user@MÜNCHEN.de', 'user@münchen.de'],
    ['राम@उदाहरण.भारत', 'राम@उदाहरण.भारत'],
  ])('accepts %j and stores it lower-cased', async (email, stored) => {
    const submissionId = crypto.randomUUID();
    expect((await post('newsletter', { submissionId, email })).status).toBe(201);
    expect((await row('news_letter', submissionId))!.email).toBe(stored);
  });
});

describe('every text field', () => {
  it.each([
    ['a lone high surrogate', 'Hello \ud800'],
    ['a lone low surrogate', '\udc00 there'],
    ['a NUL', 'Hello\u0000'],
    ['a zero-width space', 'Hel\u200blo'],
    ['a bidi override', 'Hello \u202eevil'],
    ['a byte-order mark inside', 'Hel\ufefflo'],
  ])('the enquiry description refuses %s', async (_what, description) => {
    await expectRefused('enquiry', { ...enquiry, description }, 'description', 'enquiries');
  });

  it('the phone refuses a lone surrogate and a format character', async () => {
    await expectRefused('enquiry', { ...enquiry, phone: '98123 45678\ud800' }, 'phone', 'enquiries');
    await expectRefused(
      'quiz',
      { contact: { ...contact, phone: '98123\u200b45678' } },
      'contact.phone',
      'quiz_responses',
    );
  });

  it('the description stays free text: digits, links and line breaks reach the owners', async () => {
    const description = 'Call +91 98123 45678 or see https://example.com/page\nThanks: Asha';
    const body = { ...enquiry, submissionId: crypto.randomUUID(), description };
    expect((await post('enquiry', body)).status).toBe(201);
    expect((await row('enquiries', body.submissionId))!.description).toBe(description);
  });
});

describe('submissionId', () => {
  it('refuses a UUID that is not version 4', async () => {
    const v1 = 'c232ab00-9414-11ec-b3c8-9f68deced846';
    await expectRefused('newsletter', { submissionId: v1, email: 'a@example.com' }, 'submissionId', 'news_letter');
  });

  it('lower-cases it, so upper- and lower-case spellings are one lead', async () => {
    const id = crypto.randomUUID();
    const first = await post('newsletter', { submissionId: id.toUpperCase(), email: 'case@example.com' });
    expect(first).toMatchObject({ status: 201, body: { ok: true, id } });
    const before = await total('news_letter');
    const again = await post('newsletter', { submissionId: id, email: 'case@example.com' });
    expect(again).toMatchObject({ status: 201, body: { ok: true, id } });
    expect(await total('news_letter')).toBe(before);
  });
});
