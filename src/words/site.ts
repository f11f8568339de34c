/**
 * The coach's content: every word, link, id and colour a visitor sees.
 * Rebranding the site means editing this file only; components read from it.
 * No phone number, token or key belongs here (those are Worker secrets).
 */

/**
 * The owners' time zone: the times they read, and the calendar days that counts and budgets use. India
 * keeps no daylight saving, so one offset holds all year.
 */
export const TIME_ZONE = { name: 'Asia/Kolkata', utcOffsetMinutes: 330 } as const;

/** The first three programs, by the stable name the quiz's recommendation uses (in addresses too). */
export const PROGRAM_SLUGS = ['consultations', 'retreats-workshops', 'talks-keynotes'] as const;
/** A program's stable id: one of the first three, or one the owners' new program was given. */
export type ProgramSlug = string;

/**
 * A program card. `recommendedBy` lists the quiz answers that recommend it (the quiz's own option texts), read
 * as src/shared/recommend.ts says: the journey stage weighs most, then the area of life, then the age range.
 */
export interface ProgramCard {
  slug: ProgramSlug;
  title: string;
  description: string;
  points: string[];
  recommendedBy: { stage: string[]; area: string[]; age: string[] };
}

export interface PodcastEpisode {
  title: string;
  date: string;
  tags: string[];
  image: string;
  /** Embed URL of the podcast provider's player. */
  link: string;
}

export const TOPICS = ['Mindset', 'Health', 'Wealth', 'Leadership', 'Overcoming', 'Happiness'] as const;
export type Topic = (typeof TOPICS)[number];

/**
 * One of the show's built-in episodes: its cover is /images/episode-N.svg and its player Spotify's embed of its
 * id, so each row names only what differs.
 */
const episode = (n: number, title: string, date: string, tags: string[], spotifyId: string): PodcastEpisode => ({
  title,
  date,
  tags,
  image: `/images/episode-${n}.svg`,
  link: `https://open.spotify.com/embed/episode/${spotifyId}`,
});

export const site = {
  brand: 'Priya Raman',
  tagline: 'Coach, writer and speaker',
  siteName: 'Priya Raman — Coaching, Writing & Talks',
  description:
    'Priya Raman is a coach, writer and workshop facilitator helping people find aliveness in work, love and leadership through psychology, mindset and practical leadership.',
  locale: 'en_IN',
  theme: {
    teal: '#008080',
    tealDark: '#006666',
    gold: '#FAD15A',
    ink: '#1c2b2b',
    paper: '#fbf8f2',
  },
  hero: {
    eyebrow: 'Coaching · Writing · Talks',
    headline: 'Find Aliveness in Work, Love, and Leadership',
    lede: 'Practical psychology and honest conversation for people who want their days to feel like their own again.',
    cta: 'Begin Your Journey',
    imageAlt: 'Abstract sunrise over layered teal hills',
  },
  about: {
    heading: 'About Priya',
    paragraphs: [
      'For fifteen years I have sat with founders, teachers, doctors and parents at the moments when life asked more of them than they thought they had.',
      'My work blends coaching psychology, mindset research and the plain wisdom of paying attention. Together we find what makes you feel alive, and build the habits that protect it.',
    ],
    highlights: ['ICF-accredited coach', 'Author of “The Quiet Yes”', '200+ workshops delivered'],
    cta: 'Start a Conversation',
    image: '/images/portrait.svg',
    imageAlt: 'Illustrated portrait of Priya Raman',
  },
  programs: {
    heading: 'Programs',
    intro: 'Three ways to work together, each shaped around where you are right now.',
    cards: [
      {
        slug: 'consultations',
        title: '1:1 Consultations',
        description: 'Private sessions that turn a stuck question into a clear next step.',
        points: ['60-minute sessions', 'Online or in person', 'Notes and practices after each call'],
        recommendedBy: { stage: ['Just starting out'], area: ['Mindset', 'Wealth'], age: ['56-71', '72+'] },
      },
      {
        slug: 'retreats-workshops',
        title: 'Retreats & Workshops',
        description: 'Small-group days to slow down, reflect and practise together.',
        points: ['Groups of 8 to 30', 'Teams and open cohorts', 'Half-day to three days'],
        recommendedBy: {
          stage: ['I attended an event'],
          area: ['Relationships', 'Happiness', 'Health'],
          age: ['14-25'],
        },
      },
      {
        slug: 'talks-keynotes',
        title: 'Talks & Keynotes',
        description: 'Warm, evidence-based talks on aliveness, resilience and leadership.',
        points: ['Conferences and offsites', '20 to 60 minutes', 'Q&A and follow-up resources'],
        recommendedBy: { stage: [], area: ['Leadership', 'Business'], age: [] },
      },
    ] satisfies ProgramCard[],
    cta: 'Start a Conversation',
  },
  resources: {
    heading: 'Resources',
    intro: 'Free talks and guided practices, sorted by what you need today.',
    loading: 'Loading videos…',
    failed: 'This playlist could not be loaded right now. Please try again later.',
    empty: 'No videos in this playlist yet.',
  },
  listen: {
    heading: 'Listen',
    intro: 'Conversations about work, love and leadership — wherever you listen.',
    featuredMeta: 'Featured episode · New every Tuesday',
    explore: 'Explore Episodes',
    showUrl: 'https://open.spotify.com/show/2k7bWcDxOYx9bOL4fPLzqc',
  },
  newsletter: {
    heading: 'Making Productivity Simple & Sustainable',
    intro: 'One short letter a month: a practice, a question and a story to keep you steady.',
    benefits: [
      { title: 'Set Your Goals', text: 'Name what matters this season, and let the rest wait.' },
      { title: 'Personalized Plan', text: 'Small steps that fit the life you actually have.' },
      { title: 'Stay Consistent', text: 'Gentle rhythms instead of heroic bursts.' },
      { title: 'Achieve Results', text: 'Progress you can feel, not only measure.' },
    ],
    placeholder: 'Your email address',
    label: 'Email address',
    submit: 'Subscribe',
    done: 'Thanks!',
    success: 'You are subscribed. The first letter arrives at the start of next month.',
  },
  /**
   * What every lead form says, in the browser, in the API's answers and on the pages rendered
   * after a plain HTML post: the one source of these messages. `{field}` and `{max}` are filled in.
   */
  forms: {
    submitting: 'Submitting…',
    invalidEmail: 'Please enter a valid email.',
    failed: 'Something went wrong. Please try again.',
    rateLimited: 'Too many attempts — please try again in a minute.',
    /** The form's submission id was already sent with other details: the next send is a new submission. */
    conflict: 'This form was already sent with other details. Check your details and send it again as a new message.',
    checkFields: 'Please check the highlighted fields.',
    required: '{field} is required.',
    tooLong: '{field} must be at most {max} characters.',
    emailTooLong: 'Email is too long.',
    unsafe: '{field} contains characters we cannot accept.',
    /** A name that reads as a web address (sbi-kyc.in, bit.ly, Dr.Asha). */
    nameAddress:
      '{field} cannot contain a web address. After a title or an initial, put a space after the dot (Dr. Asha).',
    notText: '{field} must be text.',
    invalidPhone: 'Please enter a valid phone number.',
    close: 'Close',
    /** How messages name the enquiry's free-text field. */
    descriptionName: 'Description',
    /** Field labels, also the names the messages above use. */
    labels: {
      first: 'First name',
      last: 'Last name',
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      description: 'How can I help?',
    },
  },
  enquiry: {
    heading: 'Start a Conversation',
    intro: 'Tell me a little about what you are looking for. I reply personally, usually within two working days.',
    submit: 'Send message',
    sent: 'Thank you — your message is on its way. I will be in touch soon.',
    /** After the thank-you when a booking page is set (BOOKING_URL): the call can be booked now. */
    bookSooner: 'Rather talk sooner?',
    book: 'Book a call',
    dismiss: 'Dismiss',
  },
  latest: {
    intro: 'Talks, guided practices, and reflections—stream the newest release and browse the recent playlist.',
  },
  quiz: {
    imageAlt: 'Illustration of a winding path through teal hills towards a golden sun',
    source: 'website-quiz-page',
    contactTitle: 'See Programs Recommended For You',
    /** The contact step's promise: the first when the result is emailed (RESULT_EMAIL_FROM), the second when not. */
    contactIntro: 'Leave your details and I will send you the programs that fit your answers.',
    contactIntroNoEmail:
      'Leave your details to see the programs that fit your answers. I will be in touch about them personally.',
    /** The unticked box on the contact step; its notice and version are consent.quizNewsletter in privacy.ts. */
    newsletterLabel: 'Also send me the newsletter',
    submit: 'Submit',
  },
  footer: {
    blurb: 'Coaching, writing and talks for a more alive working life.',
    privacy: 'Privacy',
  },
  youtube: {
    channelId: 'UCr3cBLTYmIK9kY0F_OdFWFQ',
    playlists: {
      Mindset: 'PLvzOwE5lWqhTGeTy-Ej0ZtzSw6I6vj8JT',
      Health: 'PLvzOwE5lWqhRlwV6yqfGn2Xo8N3n0XCXY',
      Wealth: 'PLvzOwE5lWqhQdjJH8bKH1bvi2n4kwd6Iy',
      Leadership: 'PLvzOwE5lWqhR1ZbmfCJ4W2XRNq9HbETxB',
      Overcoming: 'PLvzOwE5lWqhSu0ek0Dp7hWzC7Nq3Dc9Ep',
      Happiness: 'PLvzOwE5lWqhT8QEn7m0nM0cU7B5xW1yRk',
    } satisfies Record<Topic, string>,
  },
  social: [
    { label: 'Facebook', href: 'https://www.facebook.com/priyaramancoaching' },
    { label: 'Instagram', href: 'https://www.instagram.com/priyaramancoaching' },
    { label: 'YouTube', href: 'https://www.youtube.com/channel/UCr3cBLTYmIK9kY0F_OdFWFQ' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/in/priyaramancoaching' },
    { label: 'X (Twitter)', href: 'https://www.threads.net/@priyaramancoaching' },
  ],
  episodes: [
    episode(
      1,
      'The Quiet Yes: Choosing Work That Feels Alive',
      '2026-10-28',
      ['Work', 'Meaning'],
      '4rOoJ6Egrf8K2IrywzwOMk',
    ),
    episode(2, 'Love Without Losing Yourself', '2026-10-14', ['Love', 'Boundaries'], '7makk4oTQel546B0PZlDM5'),
    episode(3, 'Leading When You Are Tired', '2026-09-30', ['Leadership', 'Rest'], '0Q86acNRm6V9GYx55SXKwf'),
    episode(4, 'Fear, Courage and the Next Small Step', '2026-09-16', ['Mindset', 'Courage'], '5Xt5DXGzch68nYYamXrNxZ'),
    episode(5, 'Money, Enough and Peace of Mind', '2026-09-02', ['Wealth', 'Values'], '3TnTQGa9tvl2pB7hWrW3bE'),
    episode(6, 'Happiness Is a Practice, Not a Prize', '2026-08-19', ['Happiness', 'Habits'], '1hXlSPFsQmG7SY0dTfiGeh'),
  ],
  nav: [
    { label: 'Resources', anchor: 'resources' },
    { label: 'About', anchor: 'about' },
    { label: 'Programs', anchor: 'programs' },
    { label: 'Listen', anchor: 'listen' },
  ],
} as const;

/** Quiz steps: the options are part of the API contract (answers must be one of them). */
export const QUIZ_STEPS = [
  {
    title: 'Which areas of life do you want to focus on?',
    options: ['Mindset', 'Health', 'Business', 'Happiness', 'Wealth', 'Relationships', 'Leadership'],
  },
  { title: 'What is your age range?', options: ['14-25', '26-39', '40-55', '56-71', '72+'] },
  {
    title: 'Where are you on your journey?',
    options: ['Just starting out', 'I know a little', 'I attended an event'],
  },
] as const;

export const QUIZ_STEP_COUNT = QUIZ_STEPS.length + 1;

export const youtubeLinks = {
  channel: `https://www.youtube.com/channel/${site.youtube.channelId}`,
  videos: `https://www.youtube.com/channel/${site.youtube.channelId}/videos`,
  subscribe: `https://www.youtube.com/channel/${site.youtube.channelId}?sub_confirmation=1`,
  /** A channel's uploads playlist id is the channel id with UC replaced by UU. */
  uploadsPlaylist: `UU${site.youtube.channelId.slice(2)}`,
};
