// What a visitor's words ask for about WhatsApp messages, read the way people write them: the one rule for STOP and
// START (src/notify/conversations/opt-outs.ts acts on it; the desk marks a conversation whose visitor may want to stop).

/** Whether a message opts out ('out'), back in ('in'), may want to stop ('maybe': the owner decides), or neither. */
export type StopIntent = 'out' | 'in' | 'maybe' | null;

/** The phrases that opt out, as words: each alone, or with only polite words (FILLERS) around it. */
const OUT_PHRASES = ['stop', 'unsubscribe', 'optout', 'opt out'];
/** The phrase that opts back in, the same way. */
const IN_PHRASES = ['start'];
/**
 * The words a short request may carry besides its phrase ("Stop please", "unsubscribe me", "stop all messages", the
 * "Stop promotions" button of a marketing message) without becoming a longer message.
 */
const FILLERS = new Set([
  ...['please', 'pls', 'plz', 'now', 'thanks', 'thank', 'you', 'thx', 'ty'],
  ...['me', 'all', 'of', 'from', 'again', 'sending', 'messages', 'message', 'msgs', 'texts', 'promotions'],
]);
/** At most this many words is a short request; more is a longer message. */
const MAX_REQUEST_WORDS = 6;
/** A stop word right after one of these is not a request to stop ("don't stop", "never stop"). */
const NEGATIONS = new Set(["don't", 'dont', 'not', 'never', "won't", "can't", 'cannot']);
/** The words that, anywhere in a longer message, may mean they want to stop. */
const STOP_WORDS = new Set(['stop', 'unsubscribe', 'optout']);

/**
 * The words of a message, in order: lower case, compatibility forms read as plain letters (NFKC: full-width
 * "ＳＴＯＰ" is "stop"), format characters (bidi controls, zero-width joiners) and variation selectors dropped, so
 * that nothing invisible splits or changes a word. Anything that is not a letter, digit or apostrophe (spaces,
 * punctuation, emoji) only separates words.
 */
export function wordsOf(text: string): string[] {
  const plain = text
    .normalize('NFKC')
    .replace(/[\p{Cf}\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02BC]/g, "'");
  return (plain.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}']*/gu) ?? []).map((word) => word.replace(/'+$/, ''));
}

/** Whether the words, their fillers aside, are exactly one of the phrases. */
function isRequest(words: string[], phrases: string[]): boolean {
  if (words.length === 0 || words.length > MAX_REQUEST_WORDS) return false;
  const meant = words.filter((word) => !FILLERS.has(word)).join(' ');
  return phrases.includes(meant);
}

/**
 * What a message's text asks for. 'out': STOP, UNSUBSCRIBE, OPT OUT (or OPTOUT) alone or in a short request with
 * only polite words around it, whatever the letter case, spaces, punctuation or emoji ("Stop.", "stop 🙏", "please
 * stop", "unsubscribe me"). 'in': START the same way. 'maybe': a longer message with a stop word as a whole word,
 * not right after a negation ("can you stop sending me these, I already booked"). Otherwise null ("stopwatch",
 * "unstoppable", "don't stop, I want to book").
 */
export function stopIntent(text: string): StopIntent {
  const words = wordsOf(text);
  if (isRequest(words, OUT_PHRASES)) return 'out';
  if (isRequest(words, IN_PHRASES)) return 'in';
  const stops = words.flatMap((word, i) =>
    STOP_WORDS.has(word) || (word === 'opt' && words[i + 1] === 'out') ? [i] : [],
  );
  return stops.some((i) => !NEGATIONS.has(words[i - 1] ?? '')) ? 'maybe' : null;
}
