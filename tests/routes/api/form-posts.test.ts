/**
 * The lead endpoints take a plain HTML form post (no JavaScript) as well as JSON: the same validation
 * and middleware, answered with pages. Accepted → 303 to a thank-you with no lead data in the address;
 * refused → the form again with the messages beside the fields and the values kept.
 */
import { SELF, env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { isSitePath } from '../../../src/shared/lead-rules';
import { post, row, total } from '../../support/api';
import { withinOneWindow } from '../../support/shared';

const ORIGIN = 'https://site.test';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };

function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { ...FORM, 'cf-connecting-ip': `198.51.100.${Math.floor(Math.random() * 250)}`, ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** The value attribute of the input named `name` in a rendered page. */
function inputValue(html: string, name: string): string | undefined {
  const tag = html.match(new RegExp(`<(?:input|textarea)[^>]*name="${name.replace('.', '\\.')}"[^>]*>`))?.[0];
  return tag?.match(/value="([^"]*)"/)?.[1];
}

describe('a plain form post to /api/newsletter', () => {
  it('stores the address and answers 303 to the thank-you, with nothing personal in the address', async () => {
    const id = crypto.randomUUID();
    const res = await formPost('/api/newsletter', { submissionId: id, email: ' Reader@Example.com ', website: '' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?subscribed=1#newsletter');
    expect(await row('news_letter', id)).toMatchObject({ email: 'reader@example.com' });
  });

  it('shows the page again with the message beside the field and the value kept; nothing stored', async () => {
    const before = await total('news_letter');
    const id = crypto.randomUUID();
    const res = await formPost('/api/newsletter', { submissionId: id, email: 'not-an-email', website: '' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('Please enter a valid email.');
    expect(inputValue(html, 'email')).toBe('not-an-email');
    expect(html).toMatch(/id="newsletter-email"[^>]*aria-invalid="true"/);
    // The refused submission's id is reused: nothing was stored under it.
    expect(inputValue(html, 'submissionId')).toBe(id);
    expect(await total('news_letter')).toBe(before);
  });

  it('stores one lead for a script post and a plain post of the same submission id', async () => {
    const id = crypto.randomUUID();
    expect((await post('newsletter', { submissionId: id, email: 'twice@example.com' })).status).toBe(201);
    const res = await formPost('/api/newsletter', { submissionId: id, email: 'twice@example.com' });
    expect(res.status).toBe(303);
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM news_letter WHERE id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it('refuses a cross-site form post with 403 and stores nothing', async () => {
    const before = await total('news_letter');
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const res = await formPost('/api/newsletter', { email: 'victim@example.com' }, headers);
      expect(res.status).toBe(403);
    }
    expect(await total('news_letter')).toBe(before);
  });

  it('answers a filled honeypot like a success (303) and stores nothing', async () => {
    const send = vi.spyOn(env.JOBS, 'send');
    const id = crypto.randomUUID();
    const res = await formPost('/api/newsletter', { submissionId: id, email: 'bot@example.com', website: 'x' });
    expect(res.status).toBe(303);
    expect(await row('news_letter', id)).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the friendly message when the address is rate limited', async () => {
    const ip = '203.0.113.77';
    const { limit, period } = env.TEST_SUBMIT_LIMIT;
    await withinOneWindow(period, 10); // a window that rolled over mid-burst would split it below the limit
    let last: Response | undefined;
    for (let i = 0; i <= limit; i++) {
      last = await formPost('/api/newsletter', { email: `flood${i}@example.com` }, { 'cf-connecting-ip': ip });
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(await last!.text()).toContain('Too many attempts — please try again in a minute.');
  });
});

describe('a plain form post to /api/quiz', () => {
  it('stores answers and contact from dotted field names and answers 303 to its recommendation', async () => {
    const id = crypto.randomUUID();
    const res = await formPost('/api/quiz', {
      submissionId: id,
      'answers.0': 'Health',
      'answers.2': 'I know a little',
      'contact.first': 'Meera',
      'contact.last': 'Iyer',
      'contact.email': 'meera@example.com',
      'contact.phone': '',
      website: '',
    });
    expect(res.status).toBe(303);
    // The quiz's recommendation (Health: Retreats & Workshops), as the island lands on it.
    expect(res.headers.get('location')).toBe('/?recommended=retreats-workshops#programs');
    const stored = await row('quiz_responses', id);
    expect(JSON.parse(stored!.answers)).toEqual({ '0': 'Health', '2': 'I know a little' });
    expect(JSON.parse(stored!.contact)).toMatchObject({ first: 'Meera', last: 'Iyer', email: 'meera@example.com' });
  });

  it('shows the contact step again with the messages, the values and the answers kept', async () => {
    const res = await formPost('/api/quiz', {
      submissionId: crypto.randomUUID(),
      'answers.1': '26-39',
      'contact.first': '',
      'contact.last': 'Iyer',
      'contact.email': 'meera@',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/<title>Step 4 of 4/);
    expect(html).toContain('First name is required.');
    expect(html).toContain('Please enter a valid email.');
    expect(inputValue(html, 'contact.last')).toBe('Iyer');
    expect(inputValue(html, 'contact.email')).toBe('meera@');
    expect(inputValue(html, 'answers.1')).toBe('26-39');
  });
});

describe('the quiz steps without JavaScript (POST /quiz)', () => {
  const step = (fields: Record<string, string>) => formPost('/quiz', fields).then((r) => r.text());

  it('records a choice and shows the next step, carrying the answers in hidden fields', async () => {
    const html = await step({ step: '0', choice: 'Wealth' });
    expect(html).toMatch(/<title>Step 2 of 4/);
    expect(inputValue(html, 'answers.0')).toBe('Wealth');
  });

  it('"Back" and "Next step" move without choosing; foreign answers are dropped', async () => {
    const back = await step({ step: '2', go: 'back', 'answers.0': 'Health', 'answers.1': 'nope' });
    expect(back).toMatch(/<title>Step 2 of 4/);
    expect(inputValue(back, 'answers.0')).toBe('Health');
    expect(inputValue(back, 'answers.1')).toBeUndefined();
    const next = await step({ step: '2', go: 'next' });
    expect(next).toMatch(/<title>Step 4 of 4/);
    expect(next).toContain('action="/api/quiz"');
  });

  it('keeps a garbled step on a valid one', async () => {
    expect(await step({ step: '99', choice: 'x' })).toMatch(/<title>Step 4 of 4/);
    expect(await step({ step: '-3' })).toMatch(/<title>Step 1 of 4/);
  });
});

describe('a plain form post to /api/enquiry', () => {
  it('stores the enquiry and answers 303 to the page that says it was sent', async () => {
    const id = crypto.randomUUID();
    const res = await formPost('/api/enquiry', {
      submissionId: id,
      name: 'Ravi Kumar',
      phone: '+91 98123 45678',
      email: 'ravi@example.com',
      description: 'A retreat.',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?enquiry=sent#sent');
    expect(await row('enquiries', id)).toMatchObject({ name: 'Ravi Kumar', phone: '+919812345678' });
    const page = await (await SELF.fetch(`${ORIGIN}/?enquiry=sent`)).text();
    expect(page).toContain('your message is on its way');
  });

  it('shows the form in the page again with the phone message and the values kept', async () => {
    const res = await formPost('/api/enquiry', { name: 'Ravi', phone: '12', email: 'ravi@example.com' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Please enter a valid phone number.');
    expect(html).toMatch(/<dialog[^>]*id="contact"[^>]*class="modal enquiry is-inline"/);
    expect(inputValue(html, 'name')).toBe('Ravi');
  });
});

describe('the landing page forms', () => {
  it('gives each form and each request its own submission id', async () => {
    const ids = async () => {
      const html = await (await SELF.fetch(`${ORIGIN}/`)).text();
      return [...html.matchAll(/name="submissionId" value="([^"]+)"/g)].map((m) => m[1]);
    };
    const [a, b] = [await ids(), await ids()];
    expect(a).toHaveLength(2);
    for (const id of [...a, ...b]) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([...a, ...b]).size).toBe(4);
  });

  it('shows the thank-you in place of the newsletter form after a signup', async () => {
    const html = await (await SELF.fetch(`${ORIGIN}/?subscribed=1`)).text();
    expect(html).toContain('You are subscribed.');
  });
});

describe('where a form post may send the browser next', () => {
  it.each(['/', '/?recommended=talks-keynotes#programs', '/quiz', '/privacy#rights'])('accepts the path %j', (p) => {
    expect(isSitePath(p)).toBe(true);
  });
  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    'https://evil.example',
    'evil',
    '',
    '/\t/evil.example',
    '/ /x',
  ])('refuses %j', (p) => {
    expect(isSitePath(p)).toBe(false);
  });
});
