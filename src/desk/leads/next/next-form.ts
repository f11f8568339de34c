import { NEXT_NOTE_MAX } from '../../../store/leads/listing';
import { nextDateWords as words } from '../../../words/leads/next-date';
import type { Banner } from '../../document';
import { localToUtc } from './next-time';

/** What a refused next-date form showed: the values typed and the message by each field. */
export interface NextFormState {
  values: { at: string; note: string };
  errors: { at?: string; note?: string };
}

/** The next date a form asks for (null: clear it), or the form shown again with its messages. */
export type NextRead = { ok: true; next: { at: string; note: string } | null } | { ok: false; state: NextFormState };

/** How far ahead a next date may be: further is a typing slip (a year 2062), not a plan. */
const MAX_YEARS_AHEAD = 2;

/**
 * Reads the next-date form: `at` as a `datetime-local` sends it, in the site's time zone (empty: clear the date),
 * and `note` (optional, at most NEXT_NOTE_MAX characters). A date in the past is allowed: it is simply overdue.
 */
export function readNextForm(fields: Record<string, string>, now: Date): NextRead {
  const values = { at: (fields.at ?? '').trim(), note: (fields.note ?? '').trim() };
  const errors: NextFormState['errors'] = {};
  // Counted in characters as a person sees them (an emoji is one), not in UTF-16 units.
  if ([...values.note].length > NEXT_NOTE_MAX) errors.note = words.errors.noteTooLong(NEXT_NOTE_MAX);
  let at: string | null = null;
  if (!values.at) {
    // An empty date clears it; a note typed without one would be lost, so it is asked about instead.
    if (values.note) errors.at = words.errors.noteWithoutDate;
  } else {
    at = localToUtc(values.at);
    const limit = new Date(now);
    limit.setUTCFullYear(limit.getUTCFullYear() + MAX_YEARS_AHEAD);
    if (!at) errors.at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(values.at) ? words.errors.notReal : words.errors.at;
    else if (Date.parse(at) > limit.getTime()) errors.at = words.errors.tooFar;
  }
  if (errors.at || errors.note) return { ok: false, state: { values, errors } };
  return { ok: true, next: at ? { at, note: values.note } : null };
}

/** The query (`done`) a lead's page is sent back with once its next date was saved or cleared. */
export const NEXT_DONE = { set: 'next-set', cleared: 'next-cleared' } as const;

/** The banner of a lead's page whose next date was just saved or cleared, by its `done` query. */
export function nextDateBanners(done: string | undefined): Banner[] {
  if (done === NEXT_DONE.set) return [{ tone: 'info', text: words.saved }];
  return done === NEXT_DONE.cleared ? [{ tone: 'info', text: words.cleared }] : [];
}
