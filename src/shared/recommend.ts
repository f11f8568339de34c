/**
 * The quiz's recommendation: which programs fit the answers (each program lists the answers that recommend it),
 * and the address of the landing view that shows them. Imports nothing server-only.
 *
 * How the programs' answers are read: the journey stage weighs most, then the area of life, then the age range;
 * within a step, programs in their order. A program chosen at one step counts once, and at most
 * `recommendations.max` are named. When none fits (for example every step was skipped), the fallback program is
 * recommended (recommendations.fallback while it exists, else the first program).
 */
import { recommendations } from '../words/recommendations';
import type { ProgramSlug } from '../words/site';
import { defaultContent } from './default-content';
import type { ProgramContent } from './site-content';

/** What the rule reads of a program. */
export type RecommendedProgram = Pick<ProgramContent, 'slug' | 'title' | 'recommendedBy'>;

/** The programs a fresh site has (a caller with published content passes its programs instead). */
const DEFAULT_PROGRAMS: readonly ProgramContent[] = defaultContent().programs;

/** Answers by step index, as the quiz API takes them ("0" area of life, "1" age range, "2" journey stage). */
export type QuizAnswers = Partial<Record<'0' | '1' | '2', string>>;

/** The steps in the order they weigh, each with the answer's key. */
const WEIGHT = [
  ['stage', '2'],
  ['area', '0'],
  ['age', '1'],
] as const;

/** One or two program slugs, most fitting first. Never empty while there is a program. */
export function recommend(
  answers: QuizAnswers,
  programs: readonly RecommendedProgram[] = DEFAULT_PROGRAMS,
): ProgramSlug[] {
  const chosen: ProgramSlug[] = [];
  for (const [step, key] of WEIGHT) {
    const answer = answers[key];
    if (answer === undefined) continue;
    for (const program of programs) {
      if (chosen.length >= recommendations.max) return chosen;
      if (program.recommendedBy[step].includes(answer) && !chosen.includes(program.slug)) chosen.push(program.slug);
    }
  }
  if (chosen.length > 0) return chosen;
  const fallback = programs.find((p) => p.slug === recommendations.fallback) ?? programs[0];
  return fallback ? [fallback.slug] : [];
}

/** The program's title as the programs section shows it (what is stored with the response). */
export function programTitle(slug: ProgramSlug, programs: readonly RecommendedProgram[] = DEFAULT_PROGRAMS): string {
  return programs.find((p) => p.slug === slug)?.title ?? slug;
}

/**
 * The programs a quiz response's stored titles name, in their order, each once: the published program of that
 * title; else the default program of that title (as published when its slug still is, so a renamed program keeps
 * its place); a title neither has is left out.
 */
export function programsNamed(
  titles: readonly string[],
  programs: readonly ProgramContent[] = DEFAULT_PROGRAMS,
): ProgramContent[] {
  const named: ProgramContent[] = [];
  for (const title of titles) {
    const known = programs.find((p) => p.title === title) ?? DEFAULT_PROGRAMS.find((p) => p.title === title);
    const program = known && (programs.find((p) => p.slug === known.slug) ?? known);
    if (program && !named.some((p) => p.slug === program.slug)) named.push(program);
  }
  return named;
}

/** Query parameter of the landing view after the quiz: program slugs only, never an answer or a name. */
export const RECOMMENDED_PARAM = 'recommended';

/** Where the visitor lands after the quiz: `/` with the programs marked, at the programs section. */
export function recommendationPath(slugs: readonly ProgramSlug[]): string {
  return `/?${RECOMMENDED_PARAM}=${slugs.join(',')}#programs`;
}

/**
 * Reads the landing view's parameter. Only known slugs count, each once, at most `max`;
 * anything else gives an empty list (the plain landing page).
 */
export function parseRecommended(
  value: string | undefined | null,
  programs: readonly RecommendedProgram[] = DEFAULT_PROGRAMS,
): ProgramSlug[] {
  if (!value || value.length > 200) return [];
  const slugs: ProgramSlug[] = [];
  for (const part of value.split(',')) {
    const slug = programs.find((p) => p.slug === part)?.slug;
    if (!slug || slugs.includes(slug)) return [];
    slugs.push(slug);
  }
  return slugs.length <= recommendations.max ? slugs : [];
}
