import type { FeedKey } from './types';

// Offline sample feeds (YOUTUBE_SAMPLE_FEEDS=1): small YouTube-shaped Atom documents built here
// rather than bundled captures, so the Worker stays small. Thumbnails for these ids fail
// upstream offline and the Worker answers its neutral placeholder instead.

const TITLES: Record<FeedKey, string[]> = {
  channel: [
    'The Quiet Yes: a talk on choosing work that feels alive',
    'Five minutes to land: a guided breathing practice',
    'Why rest is a leadership skill',
    'Love without losing yourself — Q&A',
    'Fear, courage and the next small step',
    'A morning reflection for hard weeks',
    'What burnout is trying to tell you',
    'Listening as a daily practice',
    'Money, meaning and enough',
    'Starting again after a setback',
    'Three questions for a clear week',
    'Workshop highlights: finding aliveness',
  ],
  Mindset: ['Thoughts are not orders', 'Curiosity over judgement', 'The beginner’s mind at work'],
  Health: ['Sleep as a strategy', 'Moving through stress', 'Eating with attention'],
  Wealth: ['Money and meaning', 'Enough is a number', 'Generosity as a habit'],
  Leadership: ['Leading when you are tired', 'Hard conversations, kindly', 'Delegating trust'],
  Overcoming: ['After the fall', 'Grief at work', 'Small steps back'],
  Happiness: ['Joy is a practice', 'Savouring the ordinary', 'Friends as medicine'],
};

/** A stable, valid-looking 11-character id per sample video. */
function sampleId(key: FeedKey, index: number): string {
  const stem = `smp${key.slice(0, 4)}`.padEnd(9, '_');
  return `${stem}${String(index).padStart(2, '0')}`.slice(0, 11);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The sample Atom feed for one feed key. */
export function sampleFeed(key: FeedKey): string {
  const day = (i: number) => new Date(Date.UTC(2026, 10, 20 - i * 3, 9)).toISOString();
  const entries = (TITLES[key] ?? []).map((title, i) => {
    const id = sampleId(key, i);
    return `<entry><yt:videoId>${id}</yt:videoId><title>${escapeXml(title)}</title><link rel="alternate" href="https://www.youtube.com/watch?v=${id}"/><published>${day(i)}</published></entry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns="http://www.w3.org/2005/Atom"><title>Sample</title>${entries.join('')}</feed>`;
}
