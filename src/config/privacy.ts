import type { Problem } from './read/problem.ts';
import type { Reader } from './read/reader.ts';

export interface PrivacyConfig {
  /**
   * The HMAC key of everything kept about a person in place of their data: an erased address, number, user id or
   * message id (so a replay stores nothing), and the pseudonym a WhatsApp sender is keyed by in the ledger; and the
   * root of each day's key of the visit fingerprints and each hour's of the quiz's step counts (store/visit-keys.ts).
   */
  erasureKey: string;
}

/** The shortest ERASURE_KEY accepted outside development: a guessable key lets anyone test a number against it. */
const MIN_KEY_LENGTH = 32;

/** ERASURE_KEY: a fixed local value in development; outside it required, and at least 32 characters. */
export function parsePrivacy(r: Reader, out: Problem[]): PrivacyConfig {
  const key = r.deployed ? r.text('ERASURE_KEY') : r.valueOf('ERASURE_KEY');
  if (key === undefined) {
    out.push({
      setting: 'ERASURE_KEY',
      message: 'ERASURE_KEY is not set: no erasure can be recorded and no WhatsApp sender can be keyed.',
    });
  } else if (r.deployed && key.length < MIN_KEY_LENGTH) {
    out.push({
      setting: 'ERASURE_KEY',
      message: `ERASURE_KEY must be at least ${MIN_KEY_LENGTH} characters of random text.`,
    });
  }
  return { erasureKey: key ?? '' };
}
