/**
 * The list of changes between two versions of the site content: an item of a list is the same item when it is
 * alike enough (matched by likeness, then position), so fixing one sentence of a testimonial reads "1 edited" with
 * the words before and after, a move reads "order changed", and only a wholly new item reads "added".
 */
import { describe, expect, it } from 'vitest';
import { changesBetween, readChanges } from '../../src/shared/content-changes';
import { defaultContent } from '../../src/shared/default-content';
import { excerpts, matchItems } from '../../src/shared/item-match';
import type { SiteContent, Testimonial } from '../../src/shared/site-content';

const asha: Testimonial = {
  quote:
    'I came to Priya stuck in a job that no longer fit. In three months I found my footing again. She listens like nobody else I know, and she asks the question you were avoiding.',
  name: 'Asha Menon',
  role: 'Pune',
  consentDate: '2026-01-15',
  shown: true,
};
const ravi: Testimonial = {
  quote: 'Clear, kind and practical: the retreat changed how I lead my team.',
  name: 'Ravi Kumar',
  role: 'Bengaluru',
  consentDate: '2026-02-01',
  shown: true,
};

const withTestimonials = (...testimonials: Testimonial[]): SiteContent => ({ ...defaultContent(), testimonials });

describe('the changes between two versions', () => {
  it('reads one fixed sentence of a testimonial as "1 edited", with that sentence before and after', () => {
    const fixed = { ...asha, quote: asha.quote.replace('In three months', 'In six months') };
    const changes = changesBetween(withTestimonials(asha, ravi), withTestimonials(fixed, ravi));
    expect(changes).toEqual([
      {
        line: 'Testimonials: 1 edited',
        edits: [
          {
            what: '“Asha Menon” · Quote',
            before: '… in a job that no longer fit. In three months I found my footing again. She listens …',
            after: '… in a job that no longer fit. In six months I found my footing again. She listens …',
          },
        ],
      },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/added|removed/);
  });

  it('names the field and item edited, a box as Yes or No', () => {
    const hidden = { ...ravi, shown: false };
    expect(changesBetween(withTestimonials(asha, ravi), withTestimonials(asha, hidden))).toEqual([
      {
        line: 'Testimonials: 1 edited',
        edits: [{ what: '“Ravi Kumar” · Shown on the site', before: 'Yes', after: 'No' }],
      },
    ]);
  });

  it('reads a move as "order changed", and a wholly new text as added and removed, by name', () => {
    expect(changesBetween(withTestimonials(asha, ravi), withTestimonials(ravi, asha))).toEqual([
      { line: 'Testimonials: order changed' },
    ]);
    const other: Testimonial = {
      quote: 'Every session left me lighter.',
      name: 'Meera',
      role: 'Delhi',
      consentDate: '2026-03-03',
      shown: false,
    };
    expect(changesBetween(withTestimonials(asha, ravi), withTestimonials(asha, other))).toEqual([
      { line: 'Testimonials: 1 added', names: ['Meera'] },
      { line: 'Testimonials: 1 removed', names: ['Ravi Kumar'] },
    ]);
  });

  it('reads a section field edited with its label, and a renamed episode as edited, not added and removed', () => {
    const a = defaultContent();
    const b = defaultContent();
    b.hero.imageAlt = 'Priya on a hill';
    b.episodes[1]!.title = 'Renamed';
    const changes = changesBetween(a, b);
    expect(changes.map((c) => c.line)).toEqual(['Hero: image description edited', 'Episodes: 1 edited']);
    expect(changes[0]!.edits).toEqual([
      { what: 'Image description', before: a.hero.imageAlt, after: 'Priya on a hill' },
    ]);
    expect(changes[1]!.edits![0]).toMatchObject({ what: `“${a.episodes[1]!.title}” · Title`, after: 'Renamed' });
  });

  it('reads the changes kept before they had details, one line each', () => {
    expect(readChanges(['Hero: headline changed', 'Testimonials: 1 added'])).toEqual([
      { line: 'Hero: headline changed' },
      { line: 'Testimonials: 1 added' },
    ]);
    expect(readChanges([{ line: 'x', edits: [] }, 3, null])).toEqual([{ line: 'x', edits: [] }]);
    expect(readChanges('nonsense')).toEqual([]);
  });
});

describe('matching items', () => {
  it('pairs the most alike first, the nearest between equals, and leaves the unlike unpaired', () => {
    const twin = { a: 'same words here', b: 'x' };
    expect(matchItems([twin, twin], [twin, twin])).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(matchItems([{ a: 'one two three', b: 'p' }], [{ a: 'four five six', b: 'q' }])).toEqual([]);
  });

  it('keeps the words around what differs and leaves out the rest', () => {
    const before = 'one two three four five six seven eight nine ten eleven twelve';
    const after = 'one two three four five six SEVEN eight nine ten eleven twelve';
    expect(excerpts(before, after, 2)).toEqual(['… five six seven eight nine …', '… five six SEVEN eight nine …']);
    expect(excerpts('short', 'shorter')).toEqual(['short', 'shorter']);
  });
});
