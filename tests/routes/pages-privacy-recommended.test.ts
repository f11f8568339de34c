import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { consent, privacy, RETENTION } from '../../src/words/privacy';
import { recommendations } from '../../src/words/recommendations';
import { callWorker } from '../support/api';

const get = (path: string) => SELF.fetch(`http://example.com${path}`);
const text = async (path: string) => (await get(path)).text();
/** The page without its per-request nonce and form submission ids, so two renders can be compared. */
const stable = (html: string) =>
  html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'uuid');
const escape = (s: string) => s.replaceAll('&', '&amp;');

describe('the privacy page', () => {
  it('is a real page at /privacy with its own title and description, written from the content module', async () => {
    const res = await get('/privacy');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${privacy.title} · Priya Raman</title>`);
    expect(html).toContain(`<meta name="description" content="${escape(privacy.description)}"`);
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/privacy"/);
    for (const section of privacy.sections) expect(html).toContain(escape(section.heading));
    for (const service of ['Cloudflare', 'Google Firestore', 'WhatsApp']) expect(html).toContain(service);
    expect(html).not.toContain('id="programs"');
  });

  it('is linked from the footer of every page', async () => {
    for (const path of ['/', '/privacy']) {
      expect(await text(path), path).toMatch(/<nav aria-label="Footer">[\s\S]*<a href="\/privacy">Privacy<\/a>/);
    }
  });

  it('is linked from the consent notices of the newsletter and the enquiry form on /', async () => {
    const html = await text('/');
    for (const form of ['newsletter', 'enquiry'] as const) {
      expect(html).toContain(`id="${form}-consent"`);
      expect(html).toContain(`name="consent" value="${consent.notices[form].version}"`);
    }
    expect(html.match(/href="\/privacy" target="_blank"/g)?.length).toBe(2);
  });

  it('names the booked calls: what comes back, why, the booking tool, the reference and how long', async () => {
    const html = await text('/privacy');
    for (const words of [
      'the call’s time, the name and email you typed there, the program the call is about and the tool’s own id',
      'a random code with nothing about you in it',
      'linked to the quiz response or enquiry it came from',
      'The booking page is run by a booking tool (Cal.com or Calendly)',
      'under its own terms and privacy policy',
      'is kept as part of the response or enquiry it is linked to and deleted with it',
      'a booked call linked to neither is kept for 365 days (one year) after the call, then deleted automatically',
      'the calls booked with them',
    ]) {
      expect(html, words).toContain(words);
    }
    expect(RETENTION.unlinkedBookingDays).toBe(365);
  });

  it('names payments: Razorpay, why the receipts are kept, and for the years PAYMENT_RECORD_YEARS says', async () => {
    const kept = (years: string) => `is kept for ${years} after the payment, also when the rest of your records`;
    const html = await text('/privacy');
    expect(html).toContain('<h2 id="privacy-payments">Payments</h2>');
    expect(html).toContain('The link is made by Razorpay, the payment processor');
    expect(html).toContain('the law (the rules on accounts and on GST) makes me keep my accounts');
    expect(html).toContain(kept('eight years'));
    const five = await (await callWorker({ ...env, PAYMENT_RECORD_YEARS: '5' }, '/privacy')).text();
    expect(five).toContain(kept('five years'));
    expect(five).not.toContain(kept('eight years'));
  });
});

describe('the landing page after the quiz', () => {
  it('thanks the visitor and marks the recommended programs', async () => {
    const html = await text('/?recommended=retreats-workshops,talks-keynotes');
    expect(html).toContain(recommendations.thanksHeading);
    expect(html).toContain('data-island="QuizResult"');
    expect(html.match(/class="card program-card is-recommended"/g)).toHaveLength(2);
    expect(html).toMatch(/id="program-retreats-workshops" class="card program-card is-recommended"/);
    expect(html).toMatch(/id="program-consultations" class="card program-card"/);
    expect(html.match(new RegExp(`>${recommendations.badge}<`, 'g'))).toHaveLength(2);
    expect(html).toContain(escape(recommendations.reasons['talks-keynotes']));
  });

  it('shows the plain landing page for anything but a valid list of programs', async () => {
    const plain = stable(await text('/'));
    for (const query of ['?recommended=nonsense', '?recommended=consultations,consultations', '?recommended=']) {
      const html = stable(await text(`/${query}`));
      expect(html, query).not.toContain(recommendations.thanksHeading);
      expect(html, query).toBe(plain);
    }
  });

  it('renders the same page whatever campaign tags the address carries, but for the forms’ attribution', async () => {
    const field = /name="attribution" value="([^"]*)"/g;
    const plain = await text('/');
    const tagged = await text('/?utm_source=instagram&utm_medium=social&utm_campaign=talk');
    expect(stable(tagged.replace(field, ''))).toBe(stable(plain.replace(field, '')));
    const values = [...tagged.matchAll(field)].map((m) => JSON.parse(m[1]!.replaceAll('&quot;', '"')) as object);
    expect(values).toHaveLength(2);
    for (const value of values) expect(value).toMatchObject({ utm_source: 'instagram', utm_campaign: 'talk' });
  });
});
