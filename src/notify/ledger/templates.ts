import type { Lead } from '../../store/leads/lead';
import type { NotifyConfig } from './config';
import { greetingName } from '../../shared/lead-rules';
import { parameterCount, WHATSAPP_TEMPLATES, type TemplateDefinition } from '../whatsapp/whatsapp-templates';
import { TIME_ZONE } from '../../words/site';

/** The approved template names, spelled exactly as approved (including "notfication"). */
export const TEMPLATES = {
  newsletter: WHATSAPP_TEMPLATES.newsletter.name,
  enquiryVisitor: WHATSAPP_TEMPLATES.enquiryVisitor.name,
  enquiryOwner: WHATSAPP_TEMPLATES.enquiryOwner.name,
  quizOwner: WHATSAPP_TEMPLATES.quizOwner.name,
  /** To each owner at the end of an hour in which their alerts hit OWNER_ALERTS_PER_HOUR. */
  ownerDigest: WHATSAPP_TEMPLATES.ownerDigest.name,
  /** To each owner when a lead answers on WhatsApp. */
  visitorReply: WHATSAPP_TEMPLATES.visitorReply.name,
} as const;

/**
 * The ledger's name for an owner's free-form answer from the desk: not a template, a `type: text` message
 * WhatsApp takes only within 24 hours of the visitor's last message. Its one body parameter is the text.
 */
export const FREE_TEXT = 'desk_reply';

export const TEMPLATE_LANGUAGE = 'en';

export interface TextParameter {
  type: 'text';
  text: string;
}
export interface Component {
  type: 'header' | 'body';
  parameters: TextParameter[];
}

/**
 * Who a message goes to, which decides the budget it counts against: a number a
 * visitor typed (VISITOR_MESSAGES_PER_DAY, VISITOR_MESSAGES_DAILY_BUDGET), an
 * owner (OWNER_ALERTS_PER_HOUR), an owner's end-of-hour digest (never capped), an email (never capped), or
 * the newsletter tool, told of a subscriber's signup or unsubscribe (never capped).
 */
export type Audience = 'visitor' | 'owner' | 'digest' | 'email' | 'newsletter';

/** One template message to one recipient: the unit of delivery (and of at-most-once). */
export interface Send {
  template: string;
  /** E.164 */
  to: string;
  audience: Audience;
  components: Component[];
}

const header = (...texts: string[]): Component => ({
  type: 'header',
  parameters: texts.map((text) => ({ type: 'text', text: sanitizeParam(text, 'header') })),
});
const body = (...texts: string[]): Component => ({
  type: 'body',
  parameters: texts.map((text) => ({ type: 'text', text: sanitizeParam(text, 'body') })),
});

/**
 * One message of a defined template: exactly the parameters the definition declares (a wrong count
 * is a bug here, never something to send), each made safe for WhatsApp's parameter rules.
 */
export function templateMessage(
  definition: TemplateDefinition,
  to: string,
  audience: Audience,
  params: { header?: string[]; body?: string[] },
): Send {
  const { header: h = [], body: b = [] } = params;
  const expected = [parameterCount(definition.header), parameterCount(definition.body)];
  if (h.length !== expected[0] || b.length !== expected[1]) {
    throw new Error(
      `${definition.name} takes ${expected[0]} header and ${expected[1]} body parameters, got ${h.length} and ${b.length}`,
    );
  }
  const components: Component[] = [];
  if (h.length > 0) components.push(header(...h));
  if (b.length > 0) components.push(body(...b));
  return { template: definition.name, to, audience, components };
}

const IN_INDIA = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: TIME_ZONE.name,
});

/** "21 November 2026 at 7:06 pm": the sign-up time as the owners in India read it. */
export function formatIndianDateTime(iso: string): string {
  return IN_INDIA.format(new Date(iso));
}

/**
 * The messages a lead triggers, in sending order. Pure: the same lead and
 * config always give the same sends, which is what lets a redelivered job find
 * its earlier deliveries.
 */
export function sendsFor(lead: Lead, config: NotifyConfig): Send[] {
  const { owners } = config;
  switch (lead.kind) {
    case 'newsletter':
      return owners.map((owner) =>
        templateMessage(WHATSAPP_TEMPLATES.newsletter, owner.phone, 'owner', {
          body: [owner.name, lead.email, formatIndianDateTime(lead.createdAt)],
        }),
      );
    case 'enquiry':
      return [
        templateMessage(WHATSAPP_TEMPLATES.enquiryVisitor, lead.phone, 'visitor', {
          header: [greetingName(lead.name)],
        }),
        ...owners.map((owner) =>
          templateMessage(WHATSAPP_TEMPLATES.enquiryOwner, owner.phone, 'owner', {
            header: [owner.label],
            body: [lead.name, lead.email, lead.phone, lead.description],
          }),
        ),
      ];
    case 'quiz': {
      const { first, last, email, phone } = lead.contact;
      // Answers in step order, in one line; a lead parked before recommendations were stored has none.
      const answers = Object.keys(lead.answers)
        .sort()
        .map((step) => lead.answers[step])
        .join(' / ');
      const programs = (lead.recommended as string[] | undefined)?.join(' + ') ?? '';
      return owners.map((owner) =>
        templateMessage(WHATSAPP_TEMPLATES.quizOwner, owner.phone, 'owner', {
          header: [owner.label],
          body: [`${first} ${last}`, email, phone, answers, programs],
        }),
      );
    }
  }
}

/** The end-of-hour digest to one owner (its text is in whatsapp-templates.ts). */
export function digestFor(
  owner: { phone: string; name: string },
  counts: { leads: number; waiting: number },
  link: string,
): Send {
  return templateMessage(WHATSAPP_TEMPLATES.ownerDigest, owner.phone, 'digest', {
    body: [owner.name, String(counts.leads), String(counts.waiting), link],
  });
}

/**
 * WhatsApp's rules for template parameter text, applied before sending so a
 * lead's free text never earns a 132018 ("parameter text has a newline, a tab
 * or more than 4 consecutive spaces") or a rejected empty parameter.
 */

/** Length caps per component (characters, counted as code points). */
export const PARAM_LIMITS = { header: 60, body: 1024 } as const;

/** Stands in for an empty value: WhatsApp rejects empty parameters. */
export const EMPTY_PARAM = '—';

/**
 * Makes text safe for a template parameter without losing its meaning:
 * line breaks become " / " (so a multi-line description still reads as lines),
 * tabs and other whitespace become spaces, runs of spaces collapse to one,
 * control characters go, and overlong text is cut with an ellipsis.
 */
export function sanitizeParam(value: string, kind: keyof typeof PARAM_LIMITS): string {
  const text = value
    .replace(/\r\n?/g, '\n')
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' / ')
    // \s covers tab, no-break and narrow no-break spaces (the latter appears in en-IN times).
    .replace(/\s+/g, ' ')
    .replace(/\p{Cc}/gu, '')
    .trim();
  if (text === '') return EMPTY_PARAM;
  const chars = Array.from(text);
  const max = PARAM_LIMITS[kind];
  return chars.length <= max
    ? text
    : chars
        .slice(0, max - 1)
        .join('')
        .trimEnd() + '…';
}
