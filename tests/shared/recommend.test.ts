import { describe, expect, it } from 'vitest';
import { recommendations } from '../../src/words/recommendations';
import { PROGRAM_SLUGS, QUIZ_STEPS, site } from '../../src/words/site';
import {
  parseRecommended,
  programTitle,
  recommend,
  recommendationPath,
  type QuizAnswers,
} from '../../src/shared/recommend';

/** Every way the three choice steps can be answered, each step also skipped. */
function everyAnswerSet(): QuizAnswers[] {
  const choices = QUIZ_STEPS.map((step) => [undefined, ...step.options]);
  const sets: QuizAnswers[] = [];
  for (const area of choices[0]!)
    for (const age of choices[1]!)
      for (const stage of choices[2]!) {
        sets.push({
          ...(area && { '0': area }),
          ...(age && { '1': age }),
          ...(stage && { '2': stage }),
        });
      }
  return sets;
}

describe('the quiz recommendation', () => {
  it('recommends one or two distinct programs for every combination of answers, skipped steps included', () => {
    const sets = everyAnswerSet();
    expect(sets).toHaveLength(8 * 6 * 4);
    const seen = new Set<string>();
    for (const answers of sets) {
      const programs = recommend(answers);
      expect(programs.length, JSON.stringify(answers)).toBeGreaterThanOrEqual(1);
      expect(programs.length, JSON.stringify(answers)).toBeLessThanOrEqual(2);
      expect(new Set(programs).size).toBe(programs.length);
      for (const slug of programs) expect(PROGRAM_SLUGS).toContain(slug);
      programs.forEach((slug) => seen.add(slug));
    }
    // Each of the three programs is recommended to someone.
    expect([...seen].sort()).toEqual([...PROGRAM_SLUGS].sort());
  });

  it('follows the rules in order for three different visitors', () => {
    expect(recommend({ '0': 'Mindset', '1': '26-39', '2': 'Just starting out' })).toEqual(['consultations']);
    expect(recommend({ '0': 'Leadership', '1': '40-55', '2': 'I attended an event' })).toEqual([
      'retreats-workshops',
      'talks-keynotes',
    ]);
    expect(recommend({ '0': 'Business', '1': '56-71', '2': 'I know a little' })).toEqual([
      'talks-keynotes',
      'consultations',
    ]);
    expect(recommend({})).toEqual([recommendations.fallback]);
  });

  it('names only options the quiz offers, and has a reason for each program', () => {
    for (const { recommendedBy } of site.programs.cards) {
      for (const area of recommendedBy.area) expect(QUIZ_STEPS[0].options).toContain(area);
      for (const age of recommendedBy.age) expect(QUIZ_STEPS[1].options).toContain(age);
      for (const stage of recommendedBy.stage) expect(QUIZ_STEPS[2].options).toContain(stage);
    }
    for (const slug of PROGRAM_SLUGS) expect(recommendations.reasons[slug].length).toBeGreaterThan(20);
  });

  it('stores program titles as the programs section shows them', () => {
    expect(PROGRAM_SLUGS.map((slug) => programTitle(slug))).toEqual(site.programs.cards.map((card) => card.title));
  });

  it('sends the visitor to / with program names only, and reads that address back', () => {
    const path = recommendationPath(['retreats-workshops', 'talks-keynotes']);
    expect(path).toBe('/?recommended=retreats-workshops,talks-keynotes#programs');
    const url = new URL(path, 'https://example.com');
    expect(parseRecommended(url.searchParams.get('recommended'))).toEqual(['retreats-workshops', 'talks-keynotes']);
  });

  it('reads anything else in the parameter as no recommendation', () => {
    for (const value of [
      '',
      undefined,
      null,
      'consultations,consultations',
      'consultations,retreats-workshops,talks-keynotes',
      'consultations,unknown',
      '<script>',
      'Consultations',
      'x'.repeat(200),
    ]) {
      expect(parseRecommended(value), String(value)).toEqual([]);
    }
  });
});
