/**
 * What the quiz recommends. The coach edits the rules and the words here; no component holds them.
 *
 * How the rules are read: in order, every rule whose conditions all hold recommends its program;
 * a program is named once (at its first rule), and at most `max` programs are recommended. When no
 * rule holds (for example every step was skipped), `fallback` is recommended. A condition lists
 * the quiz's own option texts; a rule without a condition for a step holds whatever was chosen there.
 */
import type { ProgramSlug, QUIZ_STEPS } from './site';

type Options<N extends number> = (typeof QUIZ_STEPS)[N]['options'][number];
export type AreaOfLife = Options<0>;
export type AgeRange = Options<1>;
export type JourneyStage = Options<2>;

export interface RecommendationRule {
  area?: readonly AreaOfLife[];
  age?: readonly AgeRange[];
  stage?: readonly JourneyStage[];
  program: ProgramSlug;
}

export interface RecommendationContent {
  max: number;
  rules: readonly RecommendationRule[];
  fallback: ProgramSlug;
  reasons: Record<ProgramSlug, string>;
  badge: string;
  thanksHeading: string;
  thanksLead: string;
  thanksNext: string;
  book: string;
  bookNote: string;
}

export const recommendations: RecommendationContent = {
  max: 2,
  rules: [
    { stage: ['Just starting out'], program: 'consultations' },
    { stage: ['I attended an event'], program: 'retreats-workshops' },
    { area: ['Leadership', 'Business'], program: 'talks-keynotes' },
    { area: ['Relationships', 'Happiness', 'Health'], program: 'retreats-workshops' },
    { area: ['Mindset', 'Wealth'], program: 'consultations' },
    { age: ['14-25'], program: 'retreats-workshops' },
    { age: ['56-71', '72+'], program: 'consultations' },
  ],
  fallback: 'consultations',
  /** One line per program, in the coach's voice, shown on its card when it is recommended. */
  reasons: {
    consultations:
      'Your answers point to questions that are yours alone, so I would begin with one unhurried conversation, just the two of us.',
    'retreats-workshops':
      'You would grow fastest alongside others: a retreat or workshop gives you the time, the room and the company to practise.',
    'talks-keynotes':
      'You shape how other people work and feel, so a talk for your team can start the conversation for everyone at once.',
  },
  /** The landing page after the quiz. */
  badge: 'Recommended for you',
  thanksHeading: 'Thank you — your answers are in.',
  /** Followed by the recommended program titles. */
  thanksLead: 'Based on what you told me, this is where I would begin:',
  thanksNext: 'I will write to you soon. Until then, have a look below.',
  /** The main action of the result when a booking page is set (BOOKING_URL). */
  book: 'Book a call',
  bookNote: 'Choose a time that suits you for a free, unhurried first conversation.',
};
