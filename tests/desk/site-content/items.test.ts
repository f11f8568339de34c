/**
 * A list's items in the content editor: each named by its title (a testimonial by its author), moved up or down by
 * buttons that post the form (no JavaScript: what was typed is saved with the move, and the page comes back at
 * the item moved), and a date field in one format (a date picker, the hint in words, never a typed pattern).
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { deskContent as copy } from '../../../src/words/site-content/desk-content';
import type { SiteContent } from '../../../src/shared/site-content';
import { contentStore } from '../../../src/store/site-content/site-content';
import { formOf, get, post, set, setAll, text } from '../../support/content-form';

const store = () => contentStore(env.DB, env.FEEDS);
const draft = async () => (await store().readDraft()).json as SiteContent;

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM content_draft'), env.DB.prepare('DELETE FROM content_versions')]);
});

const person = (n: number, name: string): [string, string][] => [
  [`${n}.quote`, `${name} says thank you.`],
  [`${n}.name`, name],
  [`${n}.role`, 'Pune'],
  [`${n}.consentDate`, '2026-01-15'],
  [`${n}.shown`, 'on'],
];

/** Three testimonials saved: Asha, Ravi, Meera. */
async function threeTestimonials() {
  for (const [n, name] of ['Asha', 'Ravi', 'Meera'].entries()) {
    const form = setAll(await formOf('/desk/content/testimonials'), person(n, name));
    expect((await post('/desk/content/testimonials', form)).status).toBe(303);
  }
}

describe('the items of a list', () => {
  it('are named by their title, with move buttons where a move is possible', async () => {
    await threeTestimonials();
    const page = await text(await get('/desk/content/testimonials'));
    expect(page).toContain('<legend>Asha</legend>');
    expect(page).toContain('<legend>Ravi</legend>');
    expect(page).not.toMatch(/<legend>Item \d/);
    expect(page).toContain(`aria-label="${copy.moveDownLabel('Asha')}"`);
    expect(page).not.toContain(`aria-label="${copy.moveUpLabel('Asha')}"`);
    expect(page).toContain(`aria-label="${copy.moveUpLabel('Meera')}"`);
    expect(page).not.toContain(`aria-label="${copy.moveDownLabel('Meera')}"`);
    // Enter in a field saves: the form's first button is the save button, not a move.
    const form = page.slice(page.indexOf('desk-content-form'));
    expect(form.match(/<button[^>]*>([^<]*)</)?.[1]).toBe(copy.save);
    // A program by its title.
    expect(await text(await get('/desk/content/programs'))).toMatch(/<legend>[^<]*Retreats &amp; Workshops<\/legend>/);
  });

  it('moves an item down and up without JavaScript, saving what was typed with the move', async () => {
    await threeTestimonials();
    let form = set(await formOf('/desk/content/testimonials'), '0.role', 'Mumbai');
    let res = await post('/desk/content/testimonials', [...form, ['_move', '0:down']]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/desk/content/testimonials?moved=1#item-1');
    expect((await draft()).testimonials.map((t) => [t.name, t.role])).toEqual([
      ['Ravi', 'Pune'],
      ['Asha', 'Mumbai'],
      ['Meera', 'Pune'],
    ]);
    const page = await text(await get('/desk/content/testimonials?moved=1'));
    expect(page).toContain(copy.moved('Asha'));
    expect(page).toContain('id="item-1"');

    form = await formOf('/desk/content/testimonials');
    res = await post('/desk/content/testimonials', [...form, ['_move', '2:up']]);
    expect(res.headers.get('location')).toBe('/desk/content/testimonials?moved=1#item-1');
    expect((await draft()).testimonials.map((t) => t.name)).toEqual(['Ravi', 'Meera', 'Asha']);
    // The list of changes calls it a move, not an edit of every item.
    expect(await text(await get('/desk/content'))).not.toContain('Testimonials: 3 edited');
  });

  it('moves an item of a list inside a part (a newsletter benefit), and ignores a move past the end', async () => {
    const before = (await draft()).newsletter.benefits.map((b) => b.title);
    let res = await post('/desk/content/newsletter', [
      ...(await formOf('/desk/content/newsletter')),
      ['_move', 'benefits.0:down'],
    ]);
    expect(res.headers.get('location')).toBe('/desk/content/newsletter?moved=benefits.1#item-benefits-1');
    expect((await draft()).newsletter.benefits.map((b) => b.title)).toEqual([before[1], before[0], ...before.slice(2)]);
    const last = before.length - 1;
    res = await post('/desk/content/newsletter', [
      ...(await formOf('/desk/content/newsletter')),
      ['_move', `benefits.${last}:down`],
    ]);
    expect(res.headers.get('location')).toBe('/desk/content?saved=newsletter');
  });

  it('asks for a date with a picker and says so in words, never as a pattern', async () => {
    const page = await text(await get('/desk/content/talks'));
    const field = page.match(/<input[^>]*name="0\.date"[^>]*>/)?.[0] ?? '';
    expect(field).toContain('type="date"');
    expect(page).toContain(`id="f-0-date-note" class="desk-meta">${copy.hints.date}`);
    expect(page).not.toContain('YYYY-MM-DD');
    const form = setAll(await formOf('/desk/content/talks'), [
      ['0.date', '15/01/2026'],
      ['0.title', 'A talk'],
      ['0.place', 'Pune'],
    ]);
    const refused = await text(await post('/desk/content/talks', form));
    expect(refused).toContain(
      'id="f-0-date-note" class="desk-field-error">is not a date: choose the day, month and year',
    );
  });
});
