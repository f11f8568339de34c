/**
 * The WhatsApp message templates the site sends, defined once: what `npm run whatsapp:templates`
 * submits to Meta for approval and what the sender fills in (src/notify/ledger/templates.ts builds every
 * message through `templateMessage`, which refuses a parameter count the definition does not declare).
 *
 * To add a template: add a definition here (name as Meta will know it, category, language `en`, header
 * and body text with `{{1}}`, `{{2}}`, … and one example value per parameter), run
 * `npm run whatsapp:templates -- --env production` to submit it, and send it with `templateMessage`.
 * Names are spelled exactly as approved, including "notfication". Plain data and pure functions only:
 * the Node scripts import this file directly.
 */

import { CLIENT_TEMPLATES } from './client-templates.ts';

export interface TemplateText {
  /** Text with numbered parameters {{1}} … {{n}}. */
  text: string;
  /** One example value per parameter, in order (Meta requires them to review the template). */
  example: string[];
}

export interface TemplateDefinition {
  name: string;
  category: 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';
  language: 'en';
  /** A text header takes at most one parameter. */
  header?: TemplateText;
  body: TemplateText;
  /**
   * `bookings`: sent only when a booking tool's webhook is on (a webhook secret is set), so only then must it be
   * approved (requiredTemplates). `payments`: likewise, only when PAYMENT_PROVIDER is set. `reminders`: only when a
   * booking webhook is on and CALL_REMINDERS lists an hour. Created with every other template all the same.
   */
  onlyWith?: 'bookings' | 'payments' | 'reminders';
}

/** The example values of a booking alert (call_booked, call_cancelled): the owner, who, when, the program, the link. */
const CALL_EXAMPLE = [
  'Priya',
  'Asha Verma',
  '21 November 2026 at 7:00 pm',
  '1:1 Consultations',
  'https://www.example.com/desk/leads/quiz/3f2a',
];

export const WHATSAPP_TEMPLATES = {
  newsletter: {
    name: 'subscription_notfication',
    category: 'UTILITY',
    language: 'en',
    body: {
      text: 'Hello {{1}}, a new reader subscribed to the newsletter: {{2}} on {{3}}.',
      example: ['Priya', 'asha@example.com', '21 November 2026 at 7:06 pm'],
    },
  },
  enquiryVisitor: {
    name: 'journey_users',
    category: 'UTILITY',
    language: 'en',
    header: { text: 'Thank you, {{1}}', example: ['Asha'] },
    body: {
      text: 'We have received your enquiry and will reply to you here on WhatsApp soon.',
      example: [],
    },
  },
  enquiryOwner: {
    name: 'journey_owner',
    category: 'UTILITY',
    language: 'en',
    header: { text: 'New enquiry for {{1}}', example: ['Admin1'] },
    body: {
      text: 'Name: {{1}}\nEmail: {{2}}\nPhone: {{3}}\nMessage: {{4}}',
      example: ['Asha Verma', 'asha@example.com', '+919812345678', 'Team retreat for 12 people in March.'],
    },
  },
  /** To each owner for every completed quiz: who, how to reach them, what they answered and were recommended. */
  quizOwner: {
    name: 'quiz_owner',
    category: 'UTILITY',
    language: 'en',
    header: { text: 'New quiz lead for {{1}}', example: ['Admin1'] },
    body: {
      text: 'Name: {{1}}\nEmail: {{2}}\nPhone: {{3}}\nAnswers: {{4}}\nRecommended: {{5}}',
      example: [
        'Asha Verma',
        'asha@example.com',
        '+919812345678',
        'Leading a team / Burnout / Weekly sessions',
        'Aliveness Coaching + Team Workshops',
      ],
    },
  },
  /**
   * To each owner at the end of an hour in which their alerts reached OWNER_ALERTS_PER_HOUR: how many more leads,
   * and how many conversations wait for an answer (REPLY_DUE_HOURS). It replaced `leads_digest` (the same without
   * the waiting count): `npm run whatsapp:templates` never changes an approved template, so a new body is a new name.
   */
  ownerDigest: {
    name: 'hourly_digest',
    category: 'UTILITY',
    language: 'en',
    body: {
      text: '{{1}}, {{2}} more leads arrived in the last hour. Conversations waiting for an answer: {{3}}. See them all: {{4}}',
      example: ['Priya', '14', '2', 'https://www.example.com/desk'],
    },
  },
  /**
   * To each owner when a lead answers on WhatsApp (at most once per sender per hour): who, the start of what
   * they wrote (300 characters), and the lead on the desk, where the owners answer.
   */
  visitorReply: {
    name: 'visitor_reply',
    category: 'UTILITY',
    language: 'en',
    body: {
      text: '{{1}}, {{2}} replied on WhatsApp: "{{3}}"\nRead and answer on the desk: {{4}}',
      example: ['Priya', 'Asha Verma', 'Tuesday works for me.', 'https://www.example.com/desk/leads/enquiry/3f2a'],
    },
  },
  /**
   * To a visitor after WhatsApp's 24-hour window closed, sent by an owner from the desk: their first name, who is
   * writing (the owner and the business), what they asked about, and an invitation to answer (which reopens the window).
   */
  followUp: {
    name: 'follow_up',
    category: 'UTILITY',
    language: 'en',
    body: {
      text: 'Hello {{1}}, this is {{2}}.\nWe are following up on {{3}}.\nReply here to continue.',
      example: ['Asha', 'Priya from Priya Raman', 'Aliveness Coaching'],
    },
  },
  /**
   * To each owner when a call is booked on the booking tool: who (as the site's name rule shows them), when in
   * India, the program the link named, and where the desk shows it.
   */
  callBooked: {
    name: 'call_booked',
    category: 'UTILITY',
    language: 'en',
    onlyWith: 'bookings',
    body: {
      text: 'Hello {{1}}, {{2}} booked a call for {{3}} (India time).\nProgram: {{4}}\nSee it on the desk: {{5}}\nSent by the website.',
      example: CALL_EXAMPLE,
    },
  },
  /** To each owner when a booked call is cancelled: who, when the call was, the program, the desk link. */
  callCancelled: {
    name: 'call_cancelled',
    category: 'UTILITY',
    language: 'en',
    onlyWith: 'bookings',
    body: {
      text: 'Hello {{1}}, {{2}} cancelled the call booked for {{3}} (India time).\nProgram: {{4}}\nSee it on the desk: {{5}}\nSent by the website.',
      example: CALL_EXAMPLE,
    },
  },
  /**
   * To each owner once per payment that arrives on a payment link: who paid, how much (₹, Indian grouping), what for,
   * and the lead on the desk.
   */
  paymentReceived: {
    name: 'payment_received',
    category: 'UTILITY',
    language: 'en',
    onlyWith: 'payments',
    body: {
      text: 'Hello {{1}}, {{2}} paid {{3}} for {{4}}.\nSee it on the desk: {{5}}\nSent by the website.',
      example: ['Priya', 'Asha Verma', '₹4,999', 'Aliveness Coaching', 'https://www.example.com/desk/leads/quiz/3f2a'],
    },
  },
  /**
   * To the person an owner asked for payment, outside WhatsApp's 24-hour window: their first name, the amount, what
   * it is for and the payment link. A billing notice only: promotional words would make Meta file it as marketing.
   */
  paymentRequest: {
    name: 'payment_request',
    category: 'UTILITY',
    language: 'en',
    onlyWith: 'payments',
    body: {
      text: 'Hello {{1}}, your payment of {{2}} for {{3}} can be made here: {{4}}\nReply here if you have a question.',
      example: ['Asha', '₹4,999', 'Aliveness Coaching', 'https://rzp.io/rzp/Ab3dE6gH'],
    },
  },
  /**
   * To the person who booked a call, CALL_REMINDERS hours before it, outside WhatsApp's 24-hour window: their first
   * name, the call's day and time in India, the program, and how to move it (a reply reaches the desk). A notice
   * about their own booking: utility, nothing promotional.
   */
  callReminder: {
    name: 'call_reminder',
    category: 'UTILITY',
    language: 'en',
    onlyWith: 'reminders',
    body: {
      text: 'Hello {{1}}, a reminder of your call on {{2}} (India time).\nProgram: {{3}}\nTo move it, reply here.',
      example: ['Asha', 'Saturday 21 November at 7:00 pm', '1:1 Consultations'],
    },
  },
  /**
   * To a person an owner marked a no-show, once per booking: their first name, the program, and the booking page
   * with the same reference, so the new call comes back to their lead.
   */
  callRebook: {
    name: 'call_rebook',
    category: 'UTILITY',
    language: 'en',
    onlyWith: 'reminders',
    body: {
      text: 'Hello {{1}}, we missed you on your call about {{2}}.\nYou can book a new time here: {{3}}\nOr reply here.',
      example: ['Asha', '1:1 Consultations', 'https://cal.com/priya/call?metadata[ref]=0123456789abcdef01234567'],
    },
  },
  /** To a lead's owner (both, if nobody's): its next date came, or it was left alone; the note or the reason. */
  leadDue: {
    name: 'lead_due',
    category: 'UTILITY',
    language: 'en',
    body: {
      text: 'Time to come back to {{1}}.\n{{2}}\nSee the lead on the desk: {{3}}\nSent by the website.',
      example: ['Asha', 'Call on Thursday about the retreat dates', 'https://www.example.com/desk/leads/quiz/3f2a'],
    },
  },
  ...CLIENT_TEMPLATES,
} as const satisfies Record<string, TemplateDefinition>;

/** Every template in the order they are created. */
export const ALL_TEMPLATES: readonly TemplateDefinition[] = Object.values(WHATSAPP_TEMPLATES);

/**
 * The templates that must be approved for the site's settings: the booking alerts only when a booking webhook is
 * on (CALCOM_WEBHOOK_SECRET or CALENDLY_WEBHOOK_SIGNING_KEY set), the call reminder and rebook only when one is on
 * and CALL_REMINDERS lists an hour, the payment messages only when PAYMENT_PROVIDER is set (a provider named but not
 * ok still counts: the owners mean to take payments).
 */
export function requiredTemplates(
  bookings: {
    calcomSecret?: string | undefined;
    calendlySigningKey?: string | undefined;
    reminders?: readonly number[] | undefined;
  },
  payments: { provider?: unknown } = {},
): readonly TemplateDefinition[] {
  const webhook = Boolean(bookings.calcomSecret || bookings.calendlySigningKey);
  const on = {
    bookings: webhook,
    payments: payments.provider !== undefined,
    reminders: webhook && (bookings.reminders?.length ?? 0) > 0,
  };
  return ALL_TEMPLATES.filter((t) => t.onlyWith === undefined || on[t.onlyWith]);
}

/** How many parameters a text declares: the highest {{n}} (checked elsewhere to run 1…n without gaps). */
export function parameterCount(text: TemplateText | undefined): number {
  if (!text) return 0;
  const numbers = [...text.text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
  return numbers.length === 0 ? 0 : Math.max(...numbers);
}

/** The body of Meta's "create message template" call for a definition. */
export function creationRequest(definition: TemplateDefinition) {
  const components: Record<string, unknown>[] = [];
  if (definition.header) {
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: definition.header.text,
      ...(definition.header.example.length > 0 ? { example: { header_text: definition.header.example } } : {}),
    });
  }
  components.push({
    type: 'BODY',
    text: definition.body.text,
    ...(definition.body.example.length > 0 ? { example: { body_text: [definition.body.example] } } : {}),
  });
  return { name: definition.name, language: definition.language, category: definition.category, components };
}

/** A definition's header and body with the parameters filled in: the message as its recipient reads it. */
export function fillTemplate(
  definition: TemplateDefinition,
  params: { header?: string[]; body?: string[] },
): { header?: string; body: string } {
  const fill = (text: TemplateText, values: string[]) =>
    text.text.replace(/\{\{(\d+)\}\}/g, (_, n: string) => values[Number(n) - 1] ?? '');
  return {
    ...(definition.header && { header: fill(definition.header, params.header ?? []) }),
    body: fill(definition.body, params.body ?? []),
  };
}
