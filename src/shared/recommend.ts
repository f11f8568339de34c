/**
 * The quiz's recommendation: which programs fit the answers (rules in src/content/recommendations.ts),
 * and the address of the landing view that shows them. Imports nothing server-only.
 */
import { recommendations, type RecommendationRule } from '../content/recommendations';
import { PROGRAM_SLUGS, site, type ProgramSlug } from '../content/site';

/** Answers by step index, as the quiz API takes them ("0" area of life, "1" age range, "2" journey stage). */
export type QuizAnswers = Partial<Record<'0' | '1' | '2', string>>;

const holds = (allowed: readonly string[] | undefined, answer: string | undefined) =>
  !allowed || (answer !== undefined && allowed.includes(answer));

function matches(rule: RecommendationRule, answers: QuizAnswers): boolean {
  return holds(rule.area, answers['0']) && holds(rule.age, answers['1']) && holds(rule.stage, answers['2']);
}

/** One or two program slugs, most fitting first. Never empty. */
export function recommend(answers: QuizAnswers): ProgramSlug[] {
  const chosen: ProgramSlug[] = [];
  for (const rule of recommendations.rules) {
    if (chosen.length >= recommendations.max) break;
    if (matches(rule, answers) && !chosen.includes(rule.program)) chosen.push(rule.program);
  }
  return chosen.length > 0 ? chosen : [recommendations.fallback];
}

/** The program's title as the programs section shows it (what is stored with the response). */
export function programTitle(slug: ProgramSlug): string {
  return site.programs.cards.find((card) => card.slug === slug)?.title ?? slug;
}

/** The program a stored title names (a quiz response records titles), or undefined for a title no card has. */
export function programSlugOf(title: string): ProgramSlug | undefined {
  return site.programs.cards.find((card) => card.title === title)?.slug;
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
export function parseRecommended(value: string | undefined | null): ProgramSlug[] {
  if (!value || value.length > 100) return [];
  const slugs: ProgramSlug[] = [];
  for (const part of value.split(',')) {
    const slug = PROGRAM_SLUGS.find((s) => s === part);
    if (!slug || slugs.includes(slug)) return [];
    slugs.push(slug);
  }
  return slugs.length <= recommendations.max ? slugs : [];
}
