import * as z from 'zod';
import { deskSources as copy } from './words';
import { SOURCE_PERIODS, type SourcePeriod } from './source-report';

const empty = (v: unknown) => (v === '' ? undefined : v);
/** A day that exists (2026-02-30 does not); checked even when the pattern already failed, so it never throws. */
const isCalendarDay = (v: string) => {
  const ms = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(v);
};

/**
 * `/desk/sources?days=7|30|90&source=…&to=YYYY-MM-DD` (and the CSV): the period, 30 days when absent, one source to
 * narrow the quiz to, written as sources are stored (lower case, digits, `.`, `_`, `-`, at most 40), and the period's
 * last day (today when absent; the Monday report links to its week this way). Anything else is refused with a
 * message by the field rather than shown as another period.
 */
export const SourcesParams = z.object({
  days: z.preprocess(
    empty,
    z
      .string()
      .refine((v) => SOURCE_PERIODS.some((p) => String(p) === v), copy.errors.days)
      .transform((v) => Number(v) as SourcePeriod)
      .default(30),
  ),
  source: z.preprocess(
    empty,
    z
      .string()
      .regex(/^[a-z0-9._-]{1,40}$/, copy.errors.source)
      .optional(),
  ),
  to: z.preprocess(
    empty,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, copy.errors.to)
      .refine(isCalendarDay, copy.errors.to)
      .optional(),
  ),
});
export type SourcesParams = z.infer<typeof SourcesParams>;

/** The page's own address for a period and, when given, one source. */
export function sourcesHref(
  path: '/desk/sources' | '/desk/sources.csv' | '/desk/sources-total.csv',
  days: SourcePeriod,
  source?: string | null,
  to?: string,
) {
  const query = new URLSearchParams({ days: String(days) });
  if (source) query.set('source', source);
  if (to) query.set('to', to);
  return `${path}?${query.toString()}`;
}
