/**
 * STOP and START as people write them: one pure rule (stopIntent) says whether a visitor's words opt out, opt back in,
 * may want to stop (the desk marks it for the owners) or none of these, whatever the case, spaces, punctuation,
 * emoji or invisible characters around the word.
 */
import { describe, expect, it } from 'vitest';
import { stopIntent, wordsOf, type StopIntent } from '../../../src/notify/conversations/stop-words';

const TABLE: [string, StopIntent][] = [
  // The word alone, however it is written.
  ['STOP', 'out'],
  [' stop ', 'out'],
  ['Stop.', 'out'],
  ['STOP!!', 'out'],
  ['stop 🙏', 'out'],
  ['stop🙏🏽', 'out'],
  ['✋ Stop ✋', 'out'],
  ['stop\uFE0F', 'out'],
  ['st\u200Bop', 'out'],
  ['\u202Estop\u202C', 'out'],
  ['ＳＴＯＰ', 'out'],
  ['"stop"', 'out'],
  ['UNSUBSCRIBE', 'out'],
  ['Unsubscribe!', 'out'],
  ['opt out', 'out'],
  ['Opt-Out', 'out'],
  ['OPTOUT', 'out'],
  ['STOP  ALL', 'out'],
  // A short request: the word with only polite words around it.
  ['Stop please', 'out'],
  ['please stop', 'out'],
  ['Please, STOP.', 'out'],
  ['stop messages', 'out'],
  ['Stop sending me messages', 'out'],
  ['stop promotions', 'out'],
  ['stop, thank you', 'out'],
  ['unsubscribe me', 'out'],
  ['Unsubscribe me please 🙏', 'out'],
  ['opt me out', 'out'],
  // START the same way.
  ['START', 'in'],
  [' Start ', 'in'],
  ['start again please', 'in'],
  ['Start!', 'in'],
  // A longer message with a stop word as a word: not an opt-out, marked for the owners.
  ['can you stop sending me these, I already booked', 'maybe'],
  ['stop it please', 'maybe'],
  ['STOP STOP', 'maybe'],
  ['I want to unsubscribe from the newsletter but keep WhatsApp', 'maybe'],
  ['how do I opt out of the reminders?', 'maybe'],
  ['Stop. I booked already, see you Tuesday', 'maybe'],
  // Neither.
  ['stopwatch', null],
  ['unstoppable', null],
  ['STOPP', null],
  ["don't stop believing I want to book", null],
  ['Don’t stop, this is great', null],
  ['please never stop writing', null],
  ['when do we start?', null],
  ['Tuesday works for me.', null],
  ['please', null],
  ['🙏', null],
  ['', null],
  ['   ', null],
];

describe('stopIntent', () => {
  it.each(TABLE)('%j is %j', (text, intent) => {
    expect(stopIntent(text)).toBe(intent);
  });
});

describe('wordsOf', () => {
  it('keeps letters, digits and apostrophes; drops punctuation, emoji, format characters and variation selectors', () => {
    expect(wordsOf('Don’t STOP!! 🙏🏽 st\u200Bop\uFE0F 2 ＯＫ')).toEqual(["don't", 'stop', 'stop', '2', 'ok']);
  });

  it('keeps the letters of other scripts and their marks as words', () => {
    expect(wordsOf('नमस्ते, stop')).toEqual(['नमस्ते', 'stop']);
  });
});
