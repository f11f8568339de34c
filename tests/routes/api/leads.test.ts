/**
 * The three lead endpoints over HTTP (SELF.fetch into the Worker, D1 for real):
 * the input rules (trimmed text, lower-cased email, the
 * loose email pattern, answers from their own step, length caps, phones in
 * E.164) and what is stored. Delivery and failures: api-leads-accept.test.ts.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { post, row, total, type Json } from '../../support/api';

const quizBody = (overrides: Json = {}) => ({
  submissionId: crypto.randomUUID(),
  answers: { '0': 'Health', '1': '26-39', '2': 'I attended an event' },
  contact: { first: '  Meera ', last: 'Iyer', email: ' Meera.Iyer@Example.COM ', phone: '098123 45678' },
  ...overrides,
});
const enquiryBody = (overrides: Json = {}) => ({
  submissionId: crypto.randomUUID(),
  name: ' Ravi Kumar ',
  phone: '+91 98123-45678',
  email: 'Ravi@Example.com',
  description: '  A retreat for our team.  ',
  ...overrides,
});

describe('POST /api/quiz', () => {
  it('stores the answers, the cleaned contact, the source and the submitted status, and answers 201 with its id', async () => {
    const body = quizBody();
    const res = await post('quiz', body);
    expect(res).toMatchObject({ status: 201, body: { ok: true, id: body.submissionId } });
    const stored = await row('quiz_responses', body.submissionId);
    expect(stored).toMatchObject({ status: 'submitted', source: 'website-quiz-page' });
    expect(JSON.parse(stored!.answers)).toEqual(body.answers);
    expect(JSON.parse(stored!.contact)).toEqual({
      first: 'Meera',
      last: 'Iyer',
      email: 'meera.iyer@example.com',
      phone: '+919812345678',
    });
    expect(Date.now() - Date.parse(stored!.created_at)).toBeLessThan(10_000);
  });

  it('accepts skipped steps and no phone', async () => {
    const body = quizBody({ answers: { '1': '72+' }, contact: { first: 'A', last: 'B', email: 'a@b.co' } });
    expect((await post('quiz', body)).status).toBe(201);
    const stored = await row('quiz_responses', body.submissionId);
    expect(JSON.parse(stored!.answers)).toEqual({ '1': '72+' });
    expect(JSON.parse(stored!.contact).phone).toBe('');
  });

  it('keeps an optional phone it cannot normalise as typed, rather than lose the lead', async () => {
    const body = quizBody({ contact: { first: 'A', last: 'B', email: 'a@b.co', phone: ' 12345 ' } });
    expect((await post('quiz', body)).status).toBe(201);
    expect(JSON.parse((await row('quiz_responses', body.submissionId))!.contact).phone).toBe('12345');
  });

  it.each([
    [{ answers: { '0': '26-39' } }, 'answers.0', 'Answer 1 is not one of the options.'],
    [{ answers: { '2': 'just starting out' } }, 'answers.2', 'Answer 3 is not one of the options.'],
    [{ answers: { '3': 'Mindset' } }, 'answers', 'Answers may only name quiz steps 0, 1 and 2.'],
    [{ answers: ['Mindset'] }, 'answers', 'Answers must be an object.'],
    [{ contact: { first: '   ', last: 'B', email: 'a@b.co' } }, 'contact.first', 'First name is required.'],
    [{ contact: { first: 'A', email: 'a@b.co' } }, 'contact.last', 'Last name is required.'],
    [{ contact: { first: 'A', last: 'B', email: 'a@b' } }, 'contact.email', 'Please enter a valid email.'],
    [
      { contact: { first: 'x'.repeat(61), last: 'B', email: 'a@b.co' } },
      'contact.first',
      'First name must be at most 60 characters.',
    ],
    [{ contact: { first: 'A', last: 'B', email: 'a@b.co', phone: 5 } }, 'contact.phone', 'Phone must be text.'],
    [{ contact: null }, 'contact', expect.any(String)],
    [{ submissionId: 'not-a-uuid' }, 'submissionId', 'submissionId must be a UUID.'],
  ])('refuses %j naming %s', async (overrides, field, message) => {
    const body = quizBody(overrides);
    const res = await post('quiz', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'Please check the highlighted fields.', fields: { [field]: message } },
    });
    expect(await row('quiz_responses', body.submissionId)).toBeNull();
  });
});

describe('POST /api/newsletter', () => {
  it('stores the email trimmed and lower-cased', async () => {
    const id = crypto.randomUUID();
    const res = await post('newsletter', { submissionId: id, email: '  Reader@Example.ORG ' });
    expect(res).toMatchObject({ status: 201, body: { ok: true, id } });
    expect(await row('news_letter', id)).toMatchObject({
      email: 'reader@example.org',
      subscribed_at: expect.any(String),
    });
  });

  it('makes a submission id when the browser sent none', async () => {
    const res = await post('newsletter', { email: 'x@y.zz' });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await row('news_letter', res.body.id)).toMatchObject({ email: 'x@y.zz' });
  });

  it.each(['plainaddress', 'a@b', 'a@b.c', '@b.co', 'a b@c.de', 'a@b c.de', '', '   '])(
    'refuses the email %j',
    async (email) => {
      const before = await total('news_letter');
      const res = await post('newsletter', { email });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({
        email: expect.stringMatching(/^(Please enter a valid email\.|Email is required\.)$/),
      });
      expect(await total('news_letter')).toBe(before);
    },
  );

  it('refuses an email longer than 254 characters without running the pattern on it', async () => {
    const res = await post('newsletter', { email: `a@${'.'.repeat(5000)}@` });
    expect(res.body.error.fields).toEqual({ email: 'Email is too long.' });
  });
});

describe('POST /api/enquiry', () => {
  it('stores the enquiry with the phone in E.164', async () => {
    const body = enquiryBody();
    expect(await post('enquiry', body)).toMatchObject({ status: 201, body: { ok: true, id: body.submissionId } });
    expect(await row('enquiries', body.submissionId)).toMatchObject({
      name: 'Ravi Kumar',
      phone: '+919812345678',
      email: 'ravi@example.com',
      description: 'A retreat for our team.',
    });
  });

  it.each([
    ['98123 45678', '+919812345678'],
    ['098123 45678', '+919812345678'],
    ['0091 98123 45678', '+919812345678'],
    ['+1 (415) 555-2671', '+14155552671'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('reads %j as %s (default region IN)', async (phone, e164) => {
    const body = enquiryBody({ phone });
    expect((await post('enquiry', body)).status).toBe(201);
    expect((await row('enquiries', body.submissionId))!.phone).toBe(e164);
  });

  it.each(['12345', '98123456789012', 'call me', '+999 123 456', '1-800-FLOWERS'])(
    'refuses the phone %j before storing anything',
    async (phone) => {
      const body = enquiryBody({ phone });
      const send = vi.spyOn(env.JOBS, 'send');
      const res = await post('enquiry', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'invalid_input',
        message: 'Please check the highlighted fields.',
        fields: { phone: 'Please enter a valid phone number.' },
      });
      expect(await row('enquiries', body.submissionId)).toBeNull();
      expect(send).not.toHaveBeenCalled();
    },
  );

  it.each([
    [{ name: '' }, 'name', 'Name is required.'],
    [{ phone: '  ' }, 'phone', 'Phone is required.'],
    [{ phone: '9'.repeat(33) }, 'phone', 'Phone must be at most 32 characters.'],
    [{ email: 'x'.repeat(250) + '@a.co' }, 'email', 'Email is too long.'],
    [{ description: 'd'.repeat(2001) }, 'description', 'Description must be at most 2000 characters.'],
  ])('refuses %j', async (overrides, field, message) => {
    const res = await post('enquiry', enquiryBody(overrides));
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ [field]: message });
  });

  it('accepts an absent or null description as empty', async () => {
    const body = enquiryBody({ description: null });
    expect((await post('enquiry', body)).status).toBe(201);
    expect((await row('enquiries', body.submissionId))!.description).toBe('');
  });
});
