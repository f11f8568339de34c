import { SELF, env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RETENTION } from '../../../src/words/privacy';
import { defaultContent } from '../../../src/shared/default-content';
import { contentStore, pruneContentVersions } from '../../../src/store/site-content/site-content';
import { CONTENT_KEY, forgetPublished } from '../../../src/store/site-content/published-content';

const DAY = 86_400_000;
const OWNER = 'asha@example.com';

/** The test runtime's D1 and KV are shared with other files: start clean and leave nothing behind. */
async function forgetContent() {
  await env.DB.exec('DELETE FROM content_draft; DELETE FROM content_versions;');
  await env.FEEDS.delete(CONTENT_KEY);
  forgetPublished(env.FEEDS);
}
beforeEach(forgetContent);
afterEach(forgetContent);

/** Publishes the default content with `quote` (or none) as its one shown testimonial, at `at`. */
async function publishAt(at: number, quote: string | null): Promise<number> {
  const store = contentStore(env.DB, env.FEEDS, () => new Date(at));
  const content = defaultContent();
  if (quote) content.testimonials = [{ quote, name: 'Meera', role: 'Pune', consentDate: '2025-01-10', shown: true }];
  const draft = await store.readDraft();
  expect((await store.saveDraft(content, draft.revision, OWNER)).ok).toBe(true);
  const published = await store.publish(OWNER);
  if (!published.ok) throw new Error('not published');
  return published.version.id;
}

const versionIds = async () =>
  (await env.DB.prepare('SELECT id FROM content_versions ORDER BY id').all<{ id: number }>()).results.map((r) => r.id);

describe('the earlier versions of the site content', () => {
  it('are deleted a year after they were replaced, as /privacy says; the live one is always kept', async () => {
    const now = Date.now();
    const replacedLongAgo = await publishAt(now - 500 * DAY, 'Kind words, long withdrawn.');
    const replacedJustUnderAYear = await publishAt(now - (RETENTION.contentVersionDays + 1) * DAY, 'Kind words.');
    const live = await publishAt(now - (RETENTION.contentVersionDays - 1) * DAY, null);
    // The first was replaced over a year ago; the second a day short of a year ago: it stays.
    expect(await pruneContentVersions(env.DB, now)).toBe(1);
    expect(await versionIds()).toEqual([replacedJustUnderAYear, live]);
    expect(replacedLongAgo).toBeLessThan(replacedJustUnderAYear);
    // Years later nothing replaced the live version: it is still kept, alone.
    expect(await pruneContentVersions(env.DB, now + 3 * 365 * DAY)).toBe(1);
    expect(await versionIds()).toEqual([live]);
  });

  it('the privacy notice names quotes, why they are kept and the period the cron deletes by', async () => {
    const text = (await (await SELF.fetch('http://example.com/privacy')).text())
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    expect(RETENTION.contentVersionDays).toBe(365);
    expect(text).toContain('If you agree to be quoted on this site: your words, your name, your role or town');
    expect(text).toContain('shows visitors what working with me is like');
    expect(text).toContain('are deleted 365 days (one year) after they were replaced');
  });
});
