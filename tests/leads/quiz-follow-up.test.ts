/**
 * What follows the quiz besides the email: "Book a call" on the result when BOOKING_URL is set (and the enquiry
 * form when not), the contact step's promise matching what the site does, the unticked newsletter box with its
 * own consent record, the newsletter tags a response would get, and the two settings' checks.
 */
import { SELF, createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { parseConfig } from '../../src/config/index';
import type { Env } from '../../src/env';
import { consent } from '../../src/words/privacy';
import { site } from '../../src/words/site';
import { newsletterTagsFor } from '../../src/leads/newsletter-tags';
import { bookingLink } from '../../src/shared/booking';
import { defaultContent } from '../../src/shared/default-content';
import { getLeadStore } from '../../src/store/leads/open';
import { enquiryLead, newsletterLead, quizLead } from '../fixtures/leads';
import { post, row, visitorAddress } from '../support/api';

const ORIGIN = 'https://site.test';
const BOOKING = 'https://cal.standin.test/priya/intro';
const OPT_IN = consent.quizNewsletter.version;

async function page(path: string, vars: Partial<Env> = {}, init?: RequestInit) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, init), { ...env, ...vars } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, html: await res.text() };
}

/** The quiz's contact step, as the last step's plain form post renders it. */
const contactStep = (vars: Partial<Env>) =>
  page('/quiz', vars, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ step: '3' }).toString(),
  });

describe('Book a call after the quiz (BOOKING_URL)', () => {
  it('set: the result offers "Book a call" about the most fitting program, with nothing personal in the link', async () => {
    const { status, html } = await page('/?recommended=retreats-workshops,consultations', { BOOKING_URL: BOOKING });
    expect(status).toBe(200);
    const link = /<a class="btn btn-cta btn-lg" href="([^"]+)">Book a call<\/a>/.exec(html);
    expect(link?.[1]).toBe(`${BOOKING}?program=retreats-workshops`);
    expect(html).toContain('Choose a time that suits you');
    // The enquiry button stays further down, as the other way to get in touch.
    expect(html).toContain('data-open-enquiry');
  });

  it('unset: no booking link; the enquiry form stays the next step', async () => {
    const { html } = await page('/?recommended=retreats-workshops,consultations', { BOOKING_URL: '' });
    expect(html).toContain('Thank you — your answers are in.');
    expect(html).not.toContain('Book a call');
    expect(html).toMatch(/href="#contact"[^>]*data-open-enquiry/);
  });

  it('appears only on the result, never on the plain landing page', async () => {
    const { html } = await page('/', { BOOKING_URL: BOOKING });
    // The enquiry island is told the words for its thank-you (offered after an enquiry is sent), never a link.
    expect(html).not.toMatch(/>Book a call</);
    expect(html).not.toContain(`href="${BOOKING}`);
  });

  it('adds the program beside the parameters the booking page already has, before its fragment', () => {
    expect(bookingLink('https://cal.com/priya', 'consultations')).toBe('https://cal.com/priya?program=consultations');
    expect(bookingLink('https://calendly.com/priya/30min?month=2026-12#top', 'talks-keynotes')).toBe(
      'https://calendly.com/priya/30min?month=2026-12&program=talks-keynotes#top',
    );
  });
});

describe('the contact step says only what the site does', () => {
  it('promises the programs by email when the result email is on', async () => {
    const { html } = await contactStep({ RESULT_EMAIL_FROM: 'priya@coach.test' });
    expect(html).toContain(site.quiz.contactIntro);
    expect(html).not.toContain(site.quiz.contactIntroNoEmail);
  });

  it('does not promise an email when RESULT_EMAIL_FROM is unset', async () => {
    const { html } = await contactStep({ RESULT_EMAIL_FROM: '' });
    expect(html).toContain(site.quiz.contactIntroNoEmail);
    expect(html).not.toContain(site.quiz.contactIntro);
  });

  it('offers the newsletter as an unticked box with its own notice, whose version is the box’s value', async () => {
    const { html } = await contactStep({});
    const box = /<input[^>]*name="newsletter"[^>]*>/.exec(html)?.[0] ?? '';
    expect(box).toContain('type="checkbox"');
    expect(box).toContain(`value="${OPT_IN}"`);
    expect(box).not.toMatch(/checked/);
    expect(html).toContain('Also send me the newsletter');
    expect(html).toContain(consent.quizNewsletter.text);
  });
});

describe('the newsletter opt-in, recorded with the quiz response', () => {
  const contact = () => ({ first: 'Ravi', last: 'Kumar', email: `optin-${crypto.randomUUID()}@example.com` });

  it('ticked (JSON): the response records the box’s notice version and when', async () => {
    const id = crypto.randomUUID();
    const res = await post('quiz', {
      submissionId: id,
      answers: { '0': 'Health' },
      contact: contact(),
      newsletter: OPT_IN,
    });
    expect(res.status).toBe(201);
    const stored = await row('quiz_responses', id);
    const optIn = JSON.parse(String(stored?.newsletter_consent)) as { version: string; at: string };
    expect(optIn.version).toBe(OPT_IN);
    expect(optIn.at).toBe(stored?.created_at);
    // The owners see it on the lead's page.
    const desk = await (await SELF.fetch(`http://127.0.0.1:8787/desk/leads/quiz/${id}`)).text();
    expect(desk).toMatch(new RegExp(`<dt>Newsletter</dt><dd>Asked for it \\(notice ${OPT_IN},`));
  });

  it('unticked: nothing about the newsletter is recorded', async () => {
    const id = crypto.randomUUID();
    expect((await post('quiz', { submissionId: id, contact: contact() })).status).toBe(201);
    expect((await row('quiz_responses', id))?.newsletter_consent).toBeNull();
    const desk = await (await SELF.fetch(`http://127.0.0.1:8787/desk/leads/quiz/${id}`)).text();
    expect(desk).toContain('<dt>Newsletter</dt><dd>Not asked for</dd>');
  });

  it('a notice version the site never showed is refused by its field, and nothing is stored', async () => {
    const id = crypto.randomUUID();
    const res = await post('quiz', { submissionId: id, contact: contact(), newsletter: 'on' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ newsletter: expect.stringContaining('reload the page') });
    expect(await row('quiz_responses', id)).toBeNull();
  });

  it('ticked in a plain form post (no JavaScript): recorded the same way', async () => {
    const id = crypto.randomUUID();
    const c = contact();
    const res = await SELF.fetch(`${ORIGIN}/api/quiz`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: ORIGIN,
        'cf-connecting-ip': visitorAddress(),
      },
      body: new URLSearchParams({
        submissionId: id,
        'answers.0': 'Leadership',
        'contact.first': c.first,
        'contact.last': c.last,
        'contact.email': c.email,
        newsletter: OPT_IN,
        website: '',
      }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const stored = await getLeadStore(env).get('quiz', id);
    expect(stored?.kind === 'quiz' && stored.newsletterConsent?.version).toBe(OPT_IN);
  });

  it('a refused plain post shows the contact step again with the box as the visitor left it', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/quiz`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: ORIGIN,
        'cf-connecting-ip': visitorAddress(),
      },
      body: new URLSearchParams({
        submissionId: crypto.randomUUID(),
        'contact.first': 'Ravi',
        'contact.last': 'Kumar',
        'contact.email': 'not-an-email',
        newsletter: OPT_IN,
        website: '',
      }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    const box = /<input[^>]*name="newsletter"[^>]*>/.exec(await res.text())?.[0] ?? '';
    expect(box).toMatch(/checked/);
  });
});

describe('newsletterTagsFor: what the newsletter tool would be told', () => {
  const at = new Date().toISOString();
  const optedIn = { newsletterConsent: { version: OPT_IN, at } };

  it('one quiz-<program id> tag per recommended program, most fitting first, for an opted-in response', () => {
    expect(newsletterTagsFor(quizLead({ ...optedIn, recommended: ['Talks & Keynotes'] }))).toEqual([
      'quiz-talks-keynotes',
    ]);
    expect(
      newsletterTagsFor(quizLead({ ...optedIn, recommended: ['1:1 Consultations', 'Retreats & Workshops'] })),
    ).toEqual(['quiz-consultations', 'quiz-retreats-workshops']);
  });

  it('none without the opt-in, for other kinds of lead, and none for a title no program has', () => {
    expect(newsletterTagsFor(quizLead({ recommended: ['1:1 Consultations'] }))).toEqual([]);
    expect(newsletterTagsFor(newsletterLead())).toEqual([]);
    expect(newsletterTagsFor(enquiryLead())).toEqual([]);
    expect(newsletterTagsFor(quizLead({ ...optedIn, recommended: ['A Retired Program', 'Talks & Keynotes'] }))).toEqual(
      ['quiz-talks-keynotes'],
    );
  });
});

describe('newsletterTagsFor: the programs as published', () => {
  const optedIn = { newsletterConsent: { version: OPT_IN, at: new Date().toISOString() } };
  /** The owners added Team Coaching, renamed 1:1 Consultations and took Retreats & Workshops off. */
  const published = defaultContent().programs.filter((p) => p.slug !== 'retreats-workshops');
  published[0]!.title = 'Consultations, one to one';
  published.push({ ...published[0]!, slug: 'team-coaching', title: 'Team Coaching' });

  it('tags a program the owners added, and one renamed by its slug', () => {
    const lead = quizLead({ ...optedIn, recommended: ['Team Coaching', 'Consultations, one to one'] });
    expect(newsletterTagsFor(lead, published)).toEqual(['quiz-team-coaching', 'quiz-consultations']);
    expect(newsletterTagsFor(quizLead({ ...optedIn, recommended: ['1:1 Consultations'] }), published)).toEqual([
      'quiz-consultations',
    ]);
  });

  it('a program no longer published falls back to the default one; a title neither has gives no tag', () => {
    const lead = quizLead({ ...optedIn, recommended: ['Retreats & Workshops', 'A Retired Program'] });
    expect(newsletterTagsFor(lead, published)).toEqual(['quiz-retreats-workshops']);
  });
});

describe('RESULT_EMAIL_FROM and BOOKING_URL', () => {
  it('unset: both steps off; the missing result email is a warning, never a problem', () => {
    const config = parseConfig({ ENVIRONMENT: 'production' });
    expect(config.quiz).toEqual({ warnings: [expect.stringContaining('RESULT_EMAIL_FROM is not set')] });
    expect(config.problems.filter((p) => ['RESULT_EMAIL_FROM', 'BOOKING_URL'].includes(p.setting))).toEqual([]);
  });

  it('set: read as given', () => {
    const config = parseConfig({
      ENVIRONMENT: 'production',
      RESULT_EMAIL_FROM: 'priya@coach.test',
      BOOKING_URL: BOOKING,
    });
    expect(config.quiz).toEqual({ resultEmailFrom: 'priya@coach.test', bookingUrl: BOOKING, warnings: [] });
  });

  it('outside development a booking page must be https; anywhere, the sender must be an address', () => {
    const production = parseConfig({
      ENVIRONMENT: 'production',
      RESULT_EMAIL_FROM: 'priya at coach',
      BOOKING_URL: 'http://cal.standin.test/priya',
    });
    expect(production.quiz).toEqual({ warnings: [] });
    expect(production.problems.filter((p) => ['RESULT_EMAIL_FROM', 'BOOKING_URL'].includes(p.setting))).toEqual([
      { setting: 'RESULT_EMAIL_FROM', message: 'RESULT_EMAIL_FROM must be an email address.' },
      { setting: 'BOOKING_URL', message: 'BOOKING_URL must be an https address.' },
    ]);
    // Development takes a local booking page (the e2e server's).
    expect(parseConfig({ BOOKING_URL: 'http://127.0.0.1:8852/booking' }).quiz.bookingUrl).toBe(
      'http://127.0.0.1:8852/booking',
    );
  });
});
