import { SELF, env } from 'cloudflare:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SiteContentProvider } from '../../client/site-content';
import { Talks } from '../../client/sections/talks';
import { defaultContent } from '../../src/shared/default-content';
import type { SiteContent, Talk, Testimonial } from '../../src/shared/site-content';
import { CONTENT_KEY, forgetPublished } from '../../src/store/site-content/published-content';
import { contentStore } from '../../src/store/site-content/site-content';

const OWNER = 'owner@example.com';

/** No draft or version is left for another file's tests (the shared pool keeps D1 between files). */
const clearContent = () => env.DB.exec('DELETE FROM content_draft; DELETE FROM content_versions;');

beforeEach(clearContent);
afterEach(async () => {
  await clearContent();
  await env.FEEDS.delete(CONTENT_KEY);
  forgetPublished(env.FEEDS);
});

/** Publishes the default content with `change` made, as the owners' desk does (a draft, then Publish). */
async function publish(change: (c: SiteContent) => void): Promise<void> {
  const content = defaultContent();
  change(content);
  const store = contentStore(env.DB, env.FEEDS);
  expect(await store.saveDraft(content, 0, OWNER)).toMatchObject({ ok: true });
  expect(await store.publish(OWNER)).toMatchObject({ ok: true });
}

const landing = async () => (await SELF.fetch('http://example.com/')).text();

/** The HTML of the section `id`, from its opening tag to its end. */
function section(html: string, id: string): string {
  const start = html.indexOf(`<section id="${id}"`);
  expect(start, `#${id} is on the page`).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf('</section>', start));
}

const said = (quote: string, name: string, more: Partial<Testimonial> = {}): Testimonial => ({
  quote,
  name,
  role: '',
  consentDate: '2026-11-01',
  shown: true,
  ...more,
});

const talk = (date: string, title: string, more: Partial<Talk> = {}): Talk => ({
  date,
  title,
  place: `${title} hall`,
  link: '',
  ...more,
});

describe('what people say', () => {
  it('shows the shown testimonials in the order listed, right after the programs, and leaves out a hidden one', async () => {
    await publish((c) => {
      c.testimonials = [
        said('First quote.', 'Meera', { role: 'Pune' }),
        said('Hidden quote.', 'Ravi', { shown: false }),
        said('Second quote.', 'Asha'),
      ];
    });
    const html = await landing();
    const part = section(html, 'testimonials');
    expect(part).toContain('class="section testimonials" aria-labelledby="testimonials-title"');
    expect(part).toContain('<h2 id="testimonials-title">What people say</h2>');
    expect(part.match(/<figure class="testimonial">/g)).toHaveLength(2);
    expect(part.indexOf('First quote.')).toBeLessThan(part.indexOf('Second quote.'));
    expect(part).toMatch(/<blockquote[^>]*>First quote\.<\/blockquote>/);
    expect(part).toMatch(/<figcaption[^>]*>.*Meera.*Pune.*<\/figcaption>/);
    expect(part).not.toContain('Ravi');
    expect(html).not.toContain('Hidden quote.');
    // Right after the programs section, before the resources.
    expect(html.indexOf('id="programs"')).toBeLessThan(html.indexOf('id="testimonials"'));
    expect(html.indexOf('id="testimonials"')).toBeLessThan(html.indexOf('id="resources"'));
  });

  it('shows a quote as text: markup escaped, line breaks kept', async () => {
    await publish((c) => (c.testimonials = [said('It helped.\n<script>alert(1)</script>', 'Meera <b>I</b>')]));
    const part = section(await landing(), 'testimonials');
    expect(part).toContain('It helped.<br/>&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(part).toContain('Meera &lt;b&gt;I&lt;/b&gt;');
    expect(part).not.toContain('<script>');
  });

  it('has no section while every testimonial is hidden, or there is none', async () => {
    await publish((c) => (c.testimonials = [said('Hidden.', 'Ravi', { shown: false })]));
    const html = await landing();
    expect(html).not.toContain('id="testimonials"');
    expect(html).not.toContain('Hidden.');
  });
});

describe('talks and events', () => {
  it('lists upcoming talks soonest first, then past ones latest first, after the latest videos', async () => {
    await publish((c) => {
      c.talks = [
        talk('2001-03-01', 'Older talk'),
        talk('2099-06-01', 'Later talk', { link: 'https://example.com/later' }),
        talk('2001-09-15', 'Newer past talk'),
        talk('2098-01-20', 'Sooner talk'),
      ];
    });
    const html = await landing();
    const part = section(html, 'talks');
    expect(part).toContain('class="section talks" aria-labelledby="talks-title"');
    expect(part).toContain('<h2 id="talks-title">Talks and events</h2>');
    const order = ['Upcoming', 'Sooner talk', 'Later talk', 'Past talks', 'Newer past talk', 'Older talk'];
    const at = order.map((text) => part.indexOf(text));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(part.match(/<li class="talk">/g)).toHaveLength(4);
    expect(part).toContain('<time class="talk-date" dateTime="2098-01-20">20 Jan 2098</time>');
    expect(part).toContain('Sooner talk hall');
    // The title is a link only when the talk has one.
    expect(part).toContain('<a href="https://example.com/later">Later talk</a>');
    expect(part).not.toMatch(/<a [^>]*>Sooner talk<\/a>/);
    expect(html.indexOf('id="latest"')).toBeLessThan(html.indexOf('id="talks"'));
    expect(html.indexOf('id="talks"')).toBeLessThan(html.indexOf('id="newsletter"'));
  });

  it('shows only the past ones, under their heading, when nothing is upcoming', async () => {
    await publish((c) => (c.talks = [talk('2001-03-01', 'Older talk')]));
    const part = section(await landing(), 'talks');
    expect(part).toContain('Past talks');
    expect(part).not.toContain('Upcoming');
  });

  it('counts a talk on the owners’ day as upcoming, and the day before as past', () => {
    const content = defaultContent();
    content.talks = [talk('2026-11-26', 'Yesterday talk'), talk('2026-11-27', 'Today talk')];
    const talks = createElement(Talks, { today: '2026-11-27' });
    const html = renderToStaticMarkup(createElement(SiteContentProvider, { content, children: talks }));
    expect(html.indexOf('Upcoming')).toBeLessThan(html.indexOf('Today talk'));
    expect(html.indexOf('Today talk')).toBeLessThan(html.indexOf('Past talks'));
    expect(html.indexOf('Past talks')).toBeLessThan(html.indexOf('Yesterday talk'));
  });

  it('has no section while there is no talk', async () => {
    await publish((c) => (c.testimonials = [said('Only a quote.', 'Meera')]));
    const html = await landing();
    expect(html).not.toContain('id="talks"');
    expect(html).toContain('id="testimonials"');
  });
});
