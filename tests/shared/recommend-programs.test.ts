import { describe, expect, it } from 'vitest';
import { QUIZ_STEPS } from '../../src/words/site';
import { defaultContent } from '../../src/shared/default-content';
import { parseRecommended, programTitle, programsNamed, recommend, type QuizAnswers } from '../../src/shared/recommend';

/** The rules as an ordered list, as they were written before they became data on the programs. */
const ORDERED_RULES: { area?: string[]; age?: string[]; stage?: string[]; program: string }[] = [
  { stage: ['Just starting out'], program: 'consultations' },
  { stage: ['I attended an event'], program: 'retreats-workshops' },
  { area: ['Leadership', 'Business'], program: 'talks-keynotes' },
  { area: ['Relationships', 'Happiness', 'Health'], program: 'retreats-workshops' },
  { area: ['Mindset', 'Wealth'], program: 'consultations' },
  { age: ['14-25'], program: 'retreats-workshops' },
  { age: ['56-71', '72+'], program: 'consultations' },
];

function byOrderedRules(answers: QuizAnswers): string[] {
  const holds = (allowed: string[] | undefined, answer: string | undefined) =>
    !allowed || (answer !== undefined && allowed.includes(answer));
  const chosen: string[] = [];
  for (const rule of ORDERED_RULES) {
    if (chosen.length >= 2) break;
    const fits = holds(rule.area, answers['0']) && holds(rule.age, answers['1']) && holds(rule.stage, answers['2']);
    if (fits && !chosen.includes(rule.program)) chosen.push(rule.program);
  }
  return chosen.length > 0 ? chosen : ['consultations'];
}

describe("the recommendation reads the programs' answers", () => {
  it('recommends exactly as the ordered rules did, for every combination of answers', () => {
    const choices = QUIZ_STEPS.map((step) => [undefined, ...step.options]);
    for (const area of choices[0]!)
      for (const age of choices[1]!)
        for (const stage of choices[2]!) {
          const answers: QuizAnswers = {
            ...(area && { '0': area }),
            ...(age && { '1': age }),
            ...(stage && { '2': stage }),
          };
          expect(recommend(answers), JSON.stringify(answers)).toEqual(byOrderedRules(answers));
        }
  });

  it('follows edited programs: a new program, a changed answer list, a removed fallback', () => {
    const programs = defaultContent().programs;
    const coaching = {
      ...programs[0]!,
      slug: 'team-coaching',
      title: 'Team Coaching',
      recommendedBy: { stage: [], area: ['Business'], age: [] },
    };
    const talks = { ...programs[2]!, recommendedBy: { stage: [], area: ['Leadership'], age: [] } };
    const edited = [programs[1]!, talks, coaching];
    expect(recommend({ '0': 'Business' }, edited)).toEqual(['team-coaching']);
    expect(recommend({ '0': 'Leadership', '2': 'I attended an event' }, edited)).toEqual([
      'retreats-workshops',
      'talks-keynotes',
    ]);
    // Without "consultations", nothing fitting recommends the first program.
    expect(recommend({}, edited)).toEqual(['retreats-workshops']);
    expect(parseRecommended('team-coaching', edited)).toEqual(['team-coaching']);
    expect(parseRecommended('team-coaching')).toEqual([]);
    expect(programTitle('team-coaching', edited)).toBe('Team Coaching');
  });

  it('names a response’s stored titles as published: added, renamed by its slug, retired by its default, else left out', () => {
    const programs = defaultContent().programs;
    const renamed = { ...programs[0]!, title: 'Consultations, one to one' };
    const coaching = { ...programs[0]!, slug: 'team-coaching', title: 'Team Coaching' };
    const published = [renamed, programs[2]!, coaching];
    const titles = ['Team Coaching', '1:1 Consultations', 'Retreats & Workshops', 'A Retired Program', 'Team Coaching'];
    expect(programsNamed(titles, published)).toEqual([coaching, renamed, programs[1]!]);
    expect(programsNamed(['Team Coaching'])).toEqual([]);
  });
});
