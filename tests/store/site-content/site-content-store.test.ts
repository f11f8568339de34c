import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultContent } from '../../../src/shared/default-content';
import { changesBetween } from '../../../src/shared/content-changes';
import { SiteContent } from '../../../src/shared/site-content';
import { isSafeLink, slugFrom } from '../../../src/shared/content-fields';
import { ownersDay, talksByTime } from '../../../src/shared/talks';
import { CONTENT_KEY, forgetPublished, publishedContent } from '../../../src/store/site-content/published-content';
import { contentStore } from '../../../src/store/site-content/site-content';

const ASHA = 'asha@example.com';
const RAVI = 'ravi@example.com';

beforeEach(async () => {
  await env.DB.exec('DELETE FROM content_draft; DELETE FROM content_versions;');
});
afterEach(async () => {
  await env.FEEDS.delete(CONTENT_KEY);
  forgetPublished(env.FEEDS);
});

const store = () => contentStore(env.DB, env.FEEDS, () => new Date('2026-11-27T10:00:00Z'));

describe('the draft', () => {
  it('starts as the default content, revision 0', async () => {
    const draft = await store().readDraft();
    expect(draft.revision).toBe(0);
    expect(draft.json).toEqual(defaultContent());
  });

  it('saves against the revision it was edited from, and refuses a save from a stale one with both drafts', async () => {
    const s = store();
    const first = { ...defaultContent(), footer: { blurb: 'Asha’s blurb' } };
    const saved = await s.saveDraft(first, 0, ASHA);
    expect(saved).toMatchObject({ ok: true, draft: { revision: 1, updatedBy: ASHA } });
    // Ravi opened the draft at revision 0 too: his save does not overwrite Asha's.
    const ravis = { ...defaultContent(), footer: { blurb: 'Ravi’s blurb' } };
    const refused = await s.saveDraft(ravis, 0, RAVI);
    expect(refused.ok).toBe(false);
    if (refused.ok || !('conflict' in refused)) throw new Error('expected a conflict');
    expect(refused.conflict.current).toMatchObject({ revision: 1, updatedBy: ASHA, json: first });
    expect(refused.conflict.yours).toEqual(ravis);
    expect((await s.readDraft()).json).toEqual(first);
    // Saved again from revision 1, it goes through.
    expect(await s.saveDraft(ravis, 1, RAVI)).toMatchObject({ ok: true, draft: { revision: 2 } });
    expect(await s.saveDraft(ravis, 1, ASHA)).toMatchObject({ ok: false });
  });

  it('refuses a draft far over any valid size', async () => {
    const huge = { ...defaultContent(), footer: { blurb: 'x'.repeat(300_000) } };
    expect(await store().saveDraft(huge, 0, ASHA)).toMatchObject({ ok: false, problems: [{ field: '(content)' }] });
  });
});

describe('publishing', () => {
  it('refuses an invalid draft and names the field; nothing goes live', async () => {
    const s = store();
    const bad = defaultContent();
    bad.programs[1]!.link = 'javascript:alert(1)';
    await s.saveDraft(bad, 0, ASHA);
    const result = await s.publish(ASHA);
    expect(result).toMatchObject({ ok: false, problems: [{ field: 'programs.1.link' }] });
    expect(await s.versions(10)).toEqual([]);
    expect(await env.FEEDS.get(CONTENT_KEY)).toBeNull();
  });

  it('keeps each version with who, when and what changed, and makes it live in KV and memory', async () => {
    const s = store();
    const edited = defaultContent();
    edited.programs[1]!.description = 'Two to three days away, in small groups.';
    edited.testimonials.push({
      quote: 'I found my yes.',
      name: 'Meera',
      role: 'Pune',
      consentDate: '2026-11-20',
      shown: true,
    });
    await s.saveDraft(edited, 0, ASHA);
    const published = await s.publish(ASHA);
    expect(published).toMatchObject({
      ok: true,
      version: {
        publishedBy: ASHA,
        publishedAt: '2026-11-27T10:00:00.000Z',
        // Kept as lines only: the words before and after are worked out from the versions when read.
        changes: [{ line: 'Programs: “Retreats & Workshops” edited' }, { line: 'Testimonials: 1 added' }],
      },
    });
    if (!published.ok) throw new Error('expected a publish');
    const id = published.version.id;
    expect(await publishedContent(env.FEEDS)).toEqual({ versionId: id, content: edited });
    forgetPublished(env.FEEDS);
    expect(await publishedContent(env.FEEDS)).toEqual({ versionId: id, content: edited });
    expect((await s.version(id))?.content).toEqual(edited);
  });

  it('publishes an earlier version again in one step, as a new version, and makes it the draft', async () => {
    const s = store();
    const v1 = defaultContent();
    await s.saveDraft(v1, 0, ASHA);
    const first = await s.publish(ASHA);
    const v2 = {
      ...defaultContent(),
      talks: [{ date: '2027-01-15', title: 'Aliveness at work', place: 'Bengaluru', link: '' }],
    };
    await s.saveDraft(v2, 1, RAVI);
    const second = await s.publish(RAVI);
    if (!first.ok || !second.ok) throw new Error('expected both to publish');
    expect((await publishedContent(env.FEEDS)).versionId).toBe(second.version.id);
    const back = await s.republish(first.version.id, ASHA);
    expect(back).toMatchObject({
      ok: true,
      version: { changes: [{ line: 'Talks and events: 1 removed' }] },
    });
    if (!back.ok) throw new Error('expected the republish to go through');
    expect(back.version.id).toBeGreaterThan(second.version.id);
    expect(await publishedContent(env.FEEDS)).toEqual({ versionId: back.version.id, content: v1 });
    expect((await s.readDraft()).json).toEqual(v1);
    expect((await s.versions(10)).map((v) => [v.id, v.publishedBy])).toEqual([
      [back.version.id, ASHA],
      [second.version.id, RAVI],
      [first.version.id, ASHA],
    ]);
    expect(await s.republish(99, ASHA)).toEqual({ ok: false, notFound: true });
    // Read back, each version's changes name what they removed, from the version before it while it is kept.
    const [latest] = await s.versions(1);
    expect(latest!.changes).toEqual([{ line: 'Talks and events: 1 removed', names: ['Aliveness at work'] }]);
    const stored = await env.DB.prepare('SELECT changes FROM content_versions WHERE id = ?')
      .bind(back.version.id)
      .first<{ changes: string }>();
    expect(JSON.parse(stored!.changes)).toEqual(['Talks and events: 1 removed']);
    // Once the version before it is gone (pruned), only the line is left.
    await env.DB.prepare('DELETE FROM content_versions WHERE id < ?').bind(back.version.id).run();
    expect((await s.versions(5))[0]!.changes).toEqual([{ line: 'Talks and events: 1 removed' }]);
  });
});

describe('the list of changes', () => {
  it('names sections, programs by title, and counts list items', () => {
    const a = defaultContent();
    const b = defaultContent();
    b.hero.headline = 'New';
    b.programs = [b.programs[2]!, b.programs[0]!];
    b.programs.push({ ...b.programs[0]!, slug: 'walks', title: 'Walking Sessions' });
    b.social = b.social.slice(1);
    b.episodes[0]!.title = 'Renamed';
    expect(changesBetween(a, b).map((c) => c.line)).toEqual([
      'Hero: headline edited',
      'Programs: “Walking Sessions” added',
      'Programs: “Retreats & Workshops” removed',
      'Programs: order changed',
      'Social links: 1 removed',
      'Episodes: 1 edited',
    ]);
    expect(changesBetween(a, defaultContent())).toEqual([]);
  });
});

describe('the schema', () => {
  const refusal = (change: (c: Record<string, any>) => void) => {
    const content = defaultContent() as unknown as Record<string, any>;
    change(content);
    const result = SiteContent.safeParse(content);
    if (result.success) return null;
    return result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts the default content as it is', () => {
    expect(SiteContent.safeParse(defaultContent()).success).toBe(true);
  });

  it('refuses bad links, bad dates, over-long and empty fields, naming the field', () => {
    expect(refusal((c) => (c.social[0].href = 'http://facebook.com/x'))).toEqual([
      'social.0.href: must start with https:// or be a path of this site starting with /',
    ]);
    expect(refusal((c) => (c.programs[0].link = '//evil.example/x'))?.[0]).toMatch(/^programs\.0\.link: /);
    expect(refusal((c) => (c.episodes[0].link = 'javascript:alert(1)'))?.[0]).toMatch(/^episodes\.0\.link: /);
    expect(refusal((c) => c.talks.push({ date: '2026-02-30', title: 'Talk', place: 'Pune', link: '' }))).toEqual([
      'talks.0.date: is not a date: choose the day, month and year',
    ]);
    expect(refusal((c) => (c.hero.headline = 'x'.repeat(121)))).toEqual([
      'hero.headline: must be at most 120 characters',
    ]);
    expect(refusal((c) => (c.hero.headline = 'Two\nlines'))).toEqual(['hero.headline: must be on one line']);
    expect(refusal((c) => (c.about.heading = '   '))).toEqual(['about.heading: is required']);
    expect(refusal((c) => (c.programs[0].recommendedBy.area = ['Cooking']))?.[0]).toMatch(
      /^programs\.0\.recommendedBy\.area\.0: /,
    );
    expect(refusal((c) => (c.programs[1].slug = 'consultations'))).toEqual([
      'programs: two programs have the same slug',
    ]);
    expect(refusal((c) => (c.hero.extra = 'x'))?.[0]).toMatch(/^hero: /);
  });

  it('keeps text as plain text: markup is allowed as characters, line breaks kept, ends trimmed', () => {
    const content = defaultContent();
    content.testimonials.push({
      quote: '  <b>Bold</b> words\r\nand <script>x</script>  ',
      name: 'A',
      role: '',
      consentDate: '2026-11-01',
      shown: true,
    });
    const parsed = SiteContent.parse(content);
    expect(parsed.testimonials[0]!.quote).toBe('<b>Bold</b> words\nand <script>x</script>');
  });
});

describe('links and slugs', () => {
  it('takes https:// addresses with a host and paths of this site, nothing else', () => {
    for (const ok of [
      'https://open.spotify.com/show/x',
      '/quiz',
      '/#programs',
      '/images/a.svg',
      'https://a.bc:8443/p?q=1#f',
    ])
      expect(isSafeLink(ok), ok).toBe(true);
    for (const bad of [
      'http://a.bc',
      '//a.bc/x',
      'javascript:alert(1)',
      'https://localhost/x',
      'https://a b.c',
      '/a b',
      'mailto:a@b.c',
      'https://user@a.bc',
    ])
      expect(isSafeLink(bad), bad).toBe(false);
  });

  it('gives a new program a stable slug from its title, unique among the others', () => {
    expect(slugFrom('Retreats & Workshops', [])).toBe('retreats-workshops');
    expect(slugFrom('Retreats & Workshops', ['retreats-workshops'])).toBe('retreats-workshops-2');
    expect(slugFrom('Café Talks', [])).toBe('cafe-talks');
    expect(slugFrom('***', [])).toBe('program');
  });
});

describe('talks by time', () => {
  it("splits at the owners' day: today's talk is upcoming, soonest first; past ones latest first", () => {
    const talk = (date: string) => ({ date, title: date, place: 'Pune', link: '' });
    const { upcoming, past } = talksByTime(
      [talk('2026-11-26'), talk('2027-01-02'), talk('2026-11-27'), talk('2026-10-01')],
      ownersDay(Date.parse('2026-11-26T19:00:00Z')),
    );
    expect(upcoming.map((t) => t.date)).toEqual(['2026-11-27', '2027-01-02']);
    expect(past.map((t) => t.date)).toEqual(['2026-11-26', '2026-10-01']);
  });
});
