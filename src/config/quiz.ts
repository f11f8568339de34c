import * as z from 'zod';
import type { Problem } from './read/problem.ts';
import type { Reader } from './read/reader.ts';

/** What follows the quiz: its result by email, and the call a visitor can book (RESULT_EMAIL_FROM, BOOKING_URL). */
export interface QuizConfig {
  /** The address the result email comes from; absent: no result email is sent (the step is off). */
  resultEmailFrom?: string;
  /** The page where a visitor books a call; absent: the enquiry form stays the next step. */
  bookingUrl?: string;
  /** Not errors: what the preflight prints as warnings (the result email is off). */
  warnings: string[];
}

/**
 * Both settings are optional: unset, the step they drive is off, which is never an error at submission. A value
 * that cannot work (not an address; a booking page that is not https outside development) is a problem the
 * preflight fails on, and the step stays off rather than sending from, or linking to, a wrong address.
 */
export function parseQuiz(r: Reader, out: Problem[]): QuizConfig {
  const warnings: string[] = [];
  const from = r.text('RESULT_EMAIL_FROM');
  let resultEmailFrom: string | undefined;
  if (from === undefined) {
    warnings.push(
      'RESULT_EMAIL_FROM is not set: a visitor who takes the quiz is not sent the result by email, and no free guide is offered.',
    );
  } else if (!z.email().safeParse(from).success) {
    out.push({ setting: 'RESULT_EMAIL_FROM', message: 'RESULT_EMAIL_FROM must be an email address.' });
  } else {
    resultEmailFrom = from;
  }
  const booking = r.text('BOOKING_URL');
  let bookingUrl: string | undefined;
  if (booking !== undefined) {
    if (r.url.safeParse(booking).success) bookingUrl = booking;
    else {
      out.push({
        setting: 'BOOKING_URL',
        message: `BOOKING_URL must be an ${r.deployed ? 'https' : 'http(s)'} address.`,
      });
    }
  }
  return {
    ...(resultEmailFrom !== undefined && { resultEmailFrom }),
    ...(bookingUrl !== undefined && { bookingUrl }),
    warnings,
  };
}
