import { describe, expect, it } from 'vitest';
import { cleanAttribution, landingPath, referrerHost } from '../../src/shared/attribution';

describe('attribution cleaning', () => {
  it('keeps the seven keys that are present, and nothing else', () => {
    expect(
      cleanAttribution({
        utm_source: 'instagram',
        utm_medium: 'social',
        utm_campaign: 'nov-talk',
        utm_content: 'story',
        utm_term: 'burnout coach',
        referrer_host: 'l.instagram.com',
        landing_path: '/',
        gclid: 'abc',
        email: 'someone@example.com',
      }),
    ).toEqual({
      utm_source: 'instagram',
      utm_medium: 'social',
      utm_campaign: 'nov-talk',
      utm_content: 'story',
      utm_term: 'burnout coach',
      referrer_host: 'l.instagram.com',
      landing_path: '/',
    });
  });

  it('gives undefined when nothing usable is left', () => {
    for (const raw of [undefined, null, '', 'not json', '[]', 42, [], {}, { utm_source: '   ' }, { utm_source: 7 }]) {
      expect(cleanAttribution(raw), JSON.stringify(raw)).toBeUndefined();
    }
  });

  it('reads the JSON text of a hidden form field', () => {
    expect(cleanAttribution('{"utm_source":"newsletter","landing_path":"/quiz"}')).toEqual({
      utm_source: 'newsletter',
      landing_path: '/quiz',
    });
    expect(cleanAttribution('x'.repeat(5000))).toBeUndefined();
  });

  it('removes control, bidi and markup characters, collapses spaces and cuts values to 100 characters', () => {
    const cleaned = cleanAttribution({
      utm_campaign: ' spring\u0000 <b>launch</b>\u202E\n\tnow ',
      utm_term: 'a'.repeat(500),
    });
    expect(cleaned?.utm_campaign).toBe('spring b launch /b now');
    expect(cleaned?.utm_term).toHaveLength(100);
  });

  it('keeps only the host of a referrer, never its path or query', () => {
    expect(referrerHost('https://www.Google.com/search?q=priya+raman')).toBe('www.google.com');
    expect(referrerHost('news.example.org')).toBe('news.example.org');
    expect(referrerHost('http://localhost:8787/quiz')).toBe('localhost');
    for (const bad of ['', 'not a host!', 'javascript:alert(1)', '<script>', 'a'.repeat(300), 42]) {
      expect(referrerHost(bad), String(bad)).toBe('');
    }
  });

  it('keeps a landing path without its query or fragment', () => {
    expect(landingPath('/quiz?utm_source=x#top')).toBe('/quiz');
    expect(landingPath('/')).toBe('/');
    for (const bad of ['quiz', '//evil.example/path', 'https://evil.example/', '/has space', 7]) {
      expect(landingPath(bad), String(bad)).toBe('');
    }
    expect(landingPath(`/${'p'.repeat(500)}`)).toHaveLength(200);
  });

  it('keeps a client page as /c alone: its token opens the page and is never recorded', () => {
    expect(landingPath('/c/u4iyY654r_PwUNVKuVaJPQ')).toBe('/c');
    expect(landingPath('/c/u4iyY654r_PwUNVKuVaJPQ/terms?x=1')).toBe('/c');
    expect(cleanAttribution({ landing_path: '/c/u4iyY654r_PwUNVKuVaJPQ' })).toEqual({ landing_path: '/c' });
    expect(landingPath('/contact')).toBe('/contact');
  });
});
