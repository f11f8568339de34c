/**
 * Quotes are in the person tools: a testimonial may keep the quoted person's email address or phone number
 * privately in the draft (never published, previewed or sent to a visitor); the People page finds the quote by
 * that address or number or by the name it is shown under, lists it in the person's copy, and an erasure takes
 * it out of the draft and tells the owners to publish: the live site changes only when they do.
 */
import { SELF, env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deskContent } from '../../../src/words/site-content/desk-content';
import { personQuotes } from '../../../src/desk/people/quotes-words';
import type { DraftContent } from '../../../src/shared/site-content';
import { defaultContent } from '../../../src/shared/default-content';
import { CONTENT_KEY, forgetPublished, publishedContent } from '../../../src/store/site-content/published-content';
import { contentStore } from '../../../src/store/site-content/site-content';
import { callWorker, postForm } from '../../support/api';
import { graphEnv } from '../../standins/whatsapp/graph-api';

const workerEnv = graphEnv();
const store = () => contentStore(env.DB, env.FEEDS);
const html = async (res: Response) => (await res.text()).replaceAll('<!-- -->', '').replaceAll('&#x27;', "'");

const find = (q: string) => postForm(workerEnv, '/desk/people', { q });
const exportOf = (q: string) => postForm(workerEnv, '/desk/people/export.json', { q });
const erase = (q: string, confirm = q) => postForm(workerEnv, '/desk/people/erase', { q, confirm });

const MEERA = {
  quote: 'The retreat gave our team its voice back.',
  name: 'Meera Shah',
  role: 'Pune',
  consentDate: '2026-10-01',
  contact: 'meera.shah@example.org',
  shown: true,
};
const ANIL = {
  quote: 'Six sessions changed how I lead.',
  name: 'Anil Rao',
  role: 'Team lead',
  consentDate: '2026-09-12',
  contact: '098123 45678',
  shown: true,
};
const LATA = {
  quote: 'Warm, wise and practical.',
  name: 'Lata Iyer',
  role: '',
  consentDate: '2026-08-30',
  shown: false,
};

/** The draft with the three quotes, published, so the live content holds them too. */
async function publishQuotes() {
  const content: DraftContent = { ...defaultContent(), testimonials: [MEERA, ANIL, LATA] };
  expect((await store().saveDraft(content, 0, 'priya@example.com')).ok).toBe(true);
  expect((await store().publish('priya@example.com')).ok).toBe(true);
}

const draftQuotes = async () => ((await store().readDraft()).json as DraftContent).testimonials.map((t) => t.name);
const liveQuotes = async () => {
  forgetPublished(env.FEEDS);
  return (await publishedContent(env.FEEDS)).content.testimonials.map((t) => t.name);
};

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM content_draft'), env.DB.prepare('DELETE FROM content_versions')]);
  await env.FEEDS.delete(CONTENT_KEY);
  forgetPublished(env.FEEDS);
  await publishQuotes();
});
// The files of this runtime share D1 and KV: a fresh site's pages (tests/site-content-pages) must not find these quotes.
afterEach(async () => {
  vi.restoreAllMocks();
  await env.DB.batch([env.DB.prepare('DELETE FROM content_draft'), env.DB.prepare('DELETE FROM content_versions')]);
  await env.FEEDS.delete(CONTENT_KEY);
  forgetPublished(env.FEEDS);
});

describe("a quote's private contact", () => {
  it('is never published, kept in a version, previewed or shown to a visitor; only the desk editor shows it', async () => {
    const secrets = [MEERA.contact, ANIL.contact, '9812345678'];
    const kv = (await env.FEEDS.get(CONTENT_KEY))!;
    const { results } = await env.DB.prepare('SELECT json, changes FROM content_versions').all();
    const landing = await (await SELF.fetch('http://example.com/')).text();
    const preview = await (await callWorker(env, '/desk/content/preview')).text();
    expect(kv).toContain(MEERA.quote);
    expect(landing).toContain('The retreat gave our team its voice back.');
    for (const [where, text] of Object.entries({ kv, versions: JSON.stringify(results), landing, preview })) {
      for (const secret of secrets) expect(text, `${where} holds ${secret}`).not.toContain(secret);
    }
    const editor = await html(await callWorker(env, '/desk/content/testimonials'));
    expect(editor).toContain('value="meera.shah@example.org"');
    expect(editor).toContain(deskContent.labels.contact);
  });

  it('is refused when it is neither an email address nor a phone number, by the field', async () => {
    const res = await callWorker(env, '/desk/content/testimonials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:8787' },
      body: new URLSearchParams({
        revision: String((await store().readDraft()).revision),
        '0._item': '1',
        '0.quote': 'Kind words.',
        '0.name': 'Ravi',
        '0.role': '',
        '0.consentDate': '2026-10-01',
        '0.contact': 'call me maybe',
      }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await html(res)).toContain('must be an email address or a phone number');
    expect(await draftQuotes()).toEqual(['Meera Shah', 'Anil Rao', 'Lata Iyer']);
  });

  it('stays with its quote when an earlier version is published again', async () => {
    const [version] = await store().versions(1);
    await store().republish(version!.id, 'priya@example.com');
    const draft = (await store().readDraft()).json as DraftContent;
    expect(draft.testimonials.map((t) => t.contact)).toEqual(['meera.shah@example.org', '098123 45678', undefined]);
  });
});

describe('the People page and quotes', () => {
  it('finds a quote by the email address kept with it, by the number, and by the name shown', async () => {
    const byEmail = await html(await find('meera.shah@example.org'));
    expect(byEmail).toContain(personQuotes.title);
    expect(byEmail).toContain(MEERA.quote);
    expect(byEmail).not.toContain(ANIL.quote);
    // The number typed another way (with the country code, no leading zero) finds the same quote.
    const byPhone = await html(await find('+91 98123 45678'));
    expect(byPhone).toContain(ANIL.quote);
    expect(byPhone).not.toContain(MEERA.quote);
    const byName = await find('  lata   IYER ');
    expect(byName.status).toBe(200);
    const named = await html(byName);
    expect(named).toContain(personQuotes.namedFound(1, 'lata IYER'));
    expect(named).toContain(LATA.quote);
    expect(named).toContain(personQuotes.where(true, true, false));
    // Found by name, the quote is listed without the address kept privately with it (only the editor shows that).
    const meera = await html(await find('Meera Shah'));
    expect(meera).toContain(MEERA.quote);
    expect(meera).not.toContain(MEERA.contact);
    expect(await html(await find('Nobody Here'))).toContain(personQuotes.namedNothing('Nobody Here'));
    // Neither an address, a number nor a name: the search box says so.
    expect((await find('12')).status).toBe(400);
  });

  it("lists the quote in the person's copy, and a name's copy lists its quotes", async () => {
    const copied = (await (await exportOf('Meera.Shah@example.org')).json()) as { quotes: unknown[] };
    expect(copied.quotes).toEqual([
      {
        quote: MEERA.quote,
        name: MEERA.name,
        role: MEERA.role,
        agreedOn: MEERA.consentDate,
        shownOnTheSite: true,
        keptPrivately: 'meera.shah@example.org',
        inTheDraft: true,
        live: true,
      },
    ]);
    const byName = (await (await exportOf('Anil Rao')).json()) as { name: string; quotes: Array<{ quote: string }> };
    expect(byName).toMatchObject({ name: 'Anil Rao', quotes: [{ quote: ANIL.quote }] });
  });

  it('an erasure takes the quote out of the draft, tells the owners to publish, and the live site changes on publish', async () => {
    const res = await erase('meera.shah@example.org');
    expect(res.status).toBe(303);
    expect(await draftQuotes()).toEqual(['Anil Rao', 'Lata Iyer']);
    expect(await liveQuotes()).toEqual(['Meera Shah', 'Anil Rao', 'Lata Iyer']);
    const after = await html(await callWorker(workerEnv, res.headers.get('location')!));
    expect(after).toContain(personQuotes.publish(1));
    expect(after).toContain('href="/desk/content"');
    expect(after).toContain('1 quote taken out of the draft');
    expect((await store().publish('priya@example.com')).ok).toBe(true);
    expect(await liveQuotes()).toEqual(['Anil Rao', 'Lata Iyer']);
  });

  it('a search by name takes its quotes out of the draft once the name is typed again', async () => {
    const wrong = await erase('Lata Iyer', 'Lata');
    expect(wrong.status).toBe(400);
    expect(await html(wrong)).toContain(personQuotes.mismatchName);
    expect(await draftQuotes()).toEqual(['Meera Shah', 'Anil Rao', 'Lata Iyer']);
    const res = await erase('Lata Iyer', 'lata iyer');
    expect(res.status).toBe(303);
    expect(await draftQuotes()).toEqual(['Meera Shah', 'Anil Rao']);
    expect(await liveQuotes()).toEqual(['Meera Shah', 'Anil Rao', 'Lata Iyer']);
    expect(await html(await callWorker(workerEnv, res.headers.get('location')!))).toContain(personQuotes.publish(1));
  });
});
