/**
 * The words of the quiz's result, and how many programs it names. Which answers recommend a program is data on
 * the program (site.programs.cards, then the published content); src/shared/recommend.ts reads it.
 * When no program is recommended (for example every step was skipped), `fallback` is.
 */
import type { PROGRAM_SLUGS, ProgramSlug } from './site';

export interface RecommendationContent {
  max: number;
  fallback: ProgramSlug;
  /** The first programs' reasons (a program's `reason` in the published content). */
  reasons: Record<(typeof PROGRAM_SLUGS)[number], string>;
  badge: string;
  thanksHeading: string;
  thanksLead: string;
  thanksNext: string;
  book: string;
  bookNote: string;
}

export const recommendations: RecommendationContent = {
  max: 2,
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
