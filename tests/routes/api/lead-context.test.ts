/**
 * What every lead records besides its form (HTTP level, D1 for real): the quiz's recommended
 * programs, the consent notice version shown and when, and the visit's first-touch attribution,
 * only when present and cleaned.
 */
import { describe, expect, it } from 'vitest';
import { consent } from '../../../src/words/privacy';
import { post, row, type Json } from '../../support/api';

const ATTRIBUTION = {
  utm_source: 'instagram',
  utm_medium: 'social',
  utm_campaign: 'november-talk',
  utm_content: 'story-2',
  utm_term: 'aliveness',
  referrer_host: 'l.instagram.com',
  landing_path: '/',
};

const bodies: Record<'quiz' | 'newsletter' | 'enquiry', () => Json> = {
  quiz: () => ({
    answers: { '0': 'Leadership', '1': '40-55', '2': 'I attended an event' },
    contact: { first: 'Meera', last: 'Iyer', email: 'meera@example.com' },
  }),
  newsletter: () => ({ email: 'reader@example.com' }),
  enquiry: () => ({ name: 'Ravi', phone: '+91 98123 45678', email: 'ravi@example.com' }),
};
const TABLES = { quiz: 'quiz_responses', newsletter: 'news_letter', enquiry: 'enquiries' } as const;

describe('POST /api/quiz recommends', () => {
  it('stores the recommended program titles and answers with where to show them', async () => {
    const id = crypto.randomUUID();
    const res = await post('quiz', { submissionId: id, ...bodies.quiz() });
    expect(res).toMatchObject({
      status: 201,
      body: {
        ok: true,
        id,
        recommended: ['retreats-workshops', 'talks-keynotes'],
        next: '/?recommended=retreats-workshops,talks-keynotes#programs',
      },
    });
    const stored = await row('quiz_responses', id);
    expect(JSON.parse(stored!.recommended)).toEqual(['Retreats & Workshops', 'Talks & Keynotes']);
  });

  it('recommends the default program when every step was skipped', async () => {
    const id = crypto.randomUUID();
    const res = await post('quiz', { submissionId: id, ...bodies.quiz(), answers: {} });
    expect(res.body.recommended).toEqual(['consultations']);
    expect(JSON.parse((await row('quiz_responses', id))!.recommended)).toEqual(['1:1 Consultations']);
  });
});

describe.each(['quiz', 'newsletter', 'enquiry'] as const)('a %s lead', (kind) => {
  it('records the consent version its form showed and when it was sent, and the attribution', async () => {
    const id = crypto.randomUUID();
    const version = consent.notices[kind].version;
    const res = await post(kind, { submissionId: id, ...bodies[kind](), consent: version, attribution: ATTRIBUTION });
    expect(res.status).toBe(201);
    const stored = await row(TABLES[kind], id);
    const createdAt = stored!.created_at ?? stored!.subscribed_at;
    expect(JSON.parse(stored!.consent)).toEqual({ version, at: createdAt });
    expect(JSON.parse(stored!.attribution)).toEqual(ATTRIBUTION);
  });

  it('stores no attribution when the visit had none, and the current notice when none was named', async () => {
    const id = crypto.randomUUID();
    expect((await post(kind, { submissionId: id, ...bodies[kind]() })).status).toBe(201);
    const stored = await row(TABLES[kind], id);
    expect(stored!.attribution).toBeNull();
    expect(JSON.parse(stored!.consent).version).toBe(consent.notices[kind].version);
  });

  it('refuses a consent version the site never showed, and stores nothing', async () => {
    const id = crypto.randomUUID();
    const res = await post(kind, { submissionId: id, ...bodies[kind](), consent: 'made-up-version' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ consent: expect.stringMatching(/reload the page/) });
    expect(await row(TABLES[kind], id)).toBeNull();
  });

  it('cleans hostile attribution instead of refusing the lead', async () => {
    const id = crypto.randomUUID();
    const res = await post(kind, {
      submissionId: id,
      ...bodies[kind](),
      attribution: {
        utm_source: `<img src=x onerror=alert(1)>${'a'.repeat(300)}`,
        utm_medium: { nested: true },
        referrer_host: 'https://evil.example/path?email=someone@example.com',
        landing_path: '/quiz?email=someone@example.com',
        extra: 'dropped',
      },
    });
    expect(res.status).toBe(201);
    const attribution = JSON.parse((await row(TABLES[kind], id))!.attribution);
    expect(Object.keys(attribution).sort()).toEqual(['landing_path', 'referrer_host', 'utm_source']);
    expect(attribution.utm_source).toHaveLength(100);
    expect(attribution.utm_source).not.toMatch(/[<>]/);
    expect(attribution.referrer_host).toBe('evil.example');
    expect(attribution.landing_path).toBe('/quiz');
  });

  it('accepts attribution as the JSON text of a hidden form field', async () => {
    const id = crypto.randomUUID();
    const res = await post(kind, {
      submissionId: id,
      ...bodies[kind](),
      attribution: JSON.stringify({ utm_source: 'qr' }),
    });
    expect(res.status).toBe(201);
    expect(JSON.parse((await row(TABLES[kind], id))!.attribution)).toEqual({ utm_source: 'qr' });
  });
});

describe.each(['quiz', 'enquiry'] as const)('the %s form’s consent notice', (kind) => {
  it('names the WhatsApp reminders of a booked call, in a version of its own', () => {
    expect(consent.notices[kind].version).toBe(`${kind}-2026-11-28`);
    expect(consent.notices[kind].text).toMatch(/reminders of the call\.$/);
    expect(consent.retired[kind]).toContain(`${kind}-2026-11-22`);
  });

  it('still accepts a form rendered before the change, recording the version it showed', async () => {
    const id = crypto.randomUUID();
    const res = await post(kind, { submissionId: id, ...bodies[kind](), consent: `${kind}-2026-11-22` });
    expect(res.status).toBe(201);
    expect(JSON.parse((await row(TABLES[kind], id))!.consent).version).toBe(`${kind}-2026-11-22`);
  });

  it('refuses another form’s retired version, and stores nothing', async () => {
    const other = kind === 'quiz' ? 'enquiry' : 'quiz';
    const id = crypto.randomUUID();
    const res = await post(kind, { submissionId: id, ...bodies[kind](), consent: `${other}-2026-11-22` });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ consent: expect.stringMatching(/reload the page/) });
    expect(await row(TABLES[kind], id)).toBeNull();
  });
});
