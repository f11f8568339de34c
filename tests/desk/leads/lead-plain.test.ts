/**
 * A lead's page puts the person first: their own words (an enquiry's message, a quiz's answers) and how to reach
 * them (call, WhatsApp, email) at the top; the details below in plain words, never the raw tags.
 */
import { SELF, env } from 'cloudflare:test';
import type { Env } from '../../../src/env';
import { callWorker } from '../../support/api';
import { describe, expect, it } from 'vitest';
import { getLeadStore } from '../../../src/store/leads/open';
import { cameFrom, firstPage } from '../../../src/desk/leads/lead-detail/plain';
import { enquiryLead, quizLead } from '../../fixtures/leads';

const page = async (kind: string, id: string) =>
  (await SELF.fetch(`http://127.0.0.1:8787/desk/leads/${kind}/${id}`)).text();
const tag = () => crypto.randomUUID().slice(0, 8);

/** No raw value of the stored lead or of the settings on the page. */
const RAW = ['utm_source', 'utm_campaign', 'landing_path', 'referrer_host', 'website-quiz-page', '(Admin1)', 'Admin2'];

describe("a lead's page", () => {
  it("opens with the enquiry's own words and the contact, then the details in plain words", async () => {
    const lead = enquiryLead({
      name: `Meera ${tag()}`,
      phone: '+919812345678',
      email: `${tag()}@example.com`,
      description: 'I would like to join the December retreat with my sister.',
      attribution: { utm_source: 'ig', utm_campaign: 'december-retreat', landing_path: '/' },
    });
    await getLeadStore(env).save(lead);
    const html = await page('enquiry', lead.id);
    const at = (text: string) => {
      const i = html.indexOf(text);
      expect(i, text).toBeGreaterThan(0);
      return i;
    };
    const words = at(lead.description);
    expect(at('In their own words')).toBeLessThan(words);
    // Call, WhatsApp and email a tap away, the number and address shown, right after the words.
    const call = at(`href="tel:+919812345678"`);
    const whatsapp = at('href="https://wa.me/919812345678"');
    const mail = at(`href="mailto:${lead.email}"`);
    expect(html).toContain('Call +919812345678');
    const details = at('>Details</h2>');
    for (const i of [words, call, whatsapp, mail]) expect(i).toBeLessThan(details);
    // Above the status, the note and the messages.
    expect(mail).toBeLessThan(at('>Status</h2>'));
    expect(html).toContain('<dt>Came from</dt><dd>Instagram (campaign December retreat)</dd>');
    expect(html).toContain('<dt>First page</dt><dd>the home page</dd>');
    expect(html).toContain('<dt>Form</dt><dd>the enquiry form</dd>');
    for (const raw of RAW) expect(html, raw).not.toContain(raw);
  });

  it('opens a quiz response with its answers; the form is the quiz, the site it came from by name', async () => {
    const lead = quizLead({
      contact: { first: 'Ravi', last: tag(), email: `${tag()}@example.com`, phone: '' },
      answers: { '0': 'Leadership', '1': '40-55', '2': 'I attended an event' },
      source: 'website-quiz-page',
      attribution: { referrer_host: 'www.google.com', landing_path: '/quiz' },
    });
    await getLeadStore(env).save(lead);
    const html = await page('quiz', lead.id);
    const answers = html.indexOf('Their quiz answers');
    expect(answers).toBeGreaterThan(0);
    expect(html.indexOf('I attended an event')).toBeGreaterThan(answers);
    expect(html.indexOf('I attended an event')).toBeLessThan(html.indexOf('>Details</h2>'));
    expect(html).toContain('<dt>Came from</dt><dd>Google</dd>');
    expect(html).toContain('<dt>First page</dt><dd>the quiz page</dd>');
    expect(html).toContain('<dt>Form</dt><dd>the quiz</dd>');
    expect(html).not.toContain('href="tel:');
    for (const raw of RAW) expect(html, raw).not.toContain(raw);
  });
});

describe('the owners on a lead page', () => {
  it('are named by OWNER_NAMES, or by their place when none is set: never by the label Admin1', async () => {
    const lead = enquiryLead({ name: `Owner test ${tag()}` });
    await getLeadStore(env).save(lead);
    const at = new Date().toISOString();
    await env.DB.prepare(
      `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, status, attempts, components, created_at, updated_at)
       VALUES (?, 'journey_owner', '+919800000001', 'enquiry', 'sent', 1, '[]', ?, ?)`,
    )
      .bind(lead.id, at, at)
      .run();
    const path = `/desk/leads/enquiry/${lead.id}`;
    const PHONES = '+919800000001,+919800000002';
    const named = await (
      await callWorker({ ...env, OWNER_PHONES: PHONES, OWNER_NAMES: 'Priya,Arjun' } as Env, path)
    ).text();
    expect(named).toMatch(/To<!-- --> <!-- -->Priya/);
    const unnamed = await (await callWorker({ ...env, OWNER_PHONES: PHONES, OWNER_NAMES: '' } as Env, path)).text();
    expect(unnamed).toMatch(/To<!-- --> <!-- -->Owner 1/);
    for (const html of [named, unnamed]) expect(html).not.toMatch(/>[^<]*Admin1[^<]*</);
  });
});

describe('where a visit came from, in plain words', () => {
  it.each([
    [{ utm_source: 'instagram-bio' }, 'Instagram'],
    [{ utm_source: 'newsletter', utm_campaign: 'nov', utm_medium: 'email' }, 'the newsletter (campaign Nov, Email)'],
    [{ utm_source: 'book_club' }, 'Book club'],
    [{ referrer_host: 'l.instagram.com' }, 'Instagram'],
    [{ referrer_host: 't.co' }, 'X (Twitter)'],
    [{ referrer_host: 'example.org' }, 'another site: example.org'],
    [{ landing_path: '/' }, 'Typed the address, a bookmark or an app (no link recorded)'],
    [undefined, 'Typed the address, a bookmark or an app (no link recorded)'],
  ])('%j reads "%s"', (attribution, words) => {
    expect(cameFrom(attribution)).toBe(words);
  });

  it('names the first page: the home page, the quiz page, another by its address', () => {
    expect(firstPage({ landing_path: '/' })).toBe('the home page');
    expect(firstPage({ landing_path: '/quiz' })).toBe('the quiz page');
    expect(firstPage({ landing_path: '/privacy' })).toBe('the page /privacy');
    expect(firstPage({})).toBe('Not recorded');
  });
});
