import type { Lead } from '../leads/types';
import type { NotifyConfig } from './config';
import { sanitizeParam } from './params';

/** The approved template names, spelled exactly as approved (including "notfication"). */
export const TEMPLATES = {
  newsletter: 'subscription_notfication',
  enquiryVisitor: 'journey_users',
  enquiryOwner: 'journey_owner',
} as const;

export const TEMPLATE_LANGUAGE = 'en';

export interface TextParameter {
  type: 'text';
  text: string;
}
export interface Component {
  type: 'header' | 'body';
  parameters: TextParameter[];
}

/** One template message to one recipient: the unit of delivery (and of at-most-once). */
export interface Send {
  template: string;
  /** E.164 */
  to: string;
  components: Component[];
}

const header = (text: string): Component => ({
  type: 'header',
  parameters: [{ type: 'text', text: sanitizeParam(text, 'header') }],
});
const body = (...texts: string[]): Component => ({
  type: 'body',
  parameters: texts.map((text) => ({ type: 'text', text: sanitizeParam(text, 'body') })),
});

const IN_INDIA = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
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
      return owners.map((owner) => ({
        template: TEMPLATES.newsletter,
        to: owner.phone,
        components: [body(owner.name, lead.email, formatIndianDateTime(lead.createdAt))],
      }));
    case 'enquiry':
      return [
        { template: TEMPLATES.enquiryVisitor, to: lead.phone, components: [header(lead.name)] },
        ...owners.map((owner) => ({
          template: TEMPLATES.enquiryOwner,
          to: owner.phone,
          components: [header(owner.label), body(lead.name, lead.email, lead.phone, lead.description)],
        })),
      ];
    case 'quiz': {
      const template = config.quizTemplate;
      if (!template) return [];
      // Body: full name, email, phone ('—' when not given), answers in step order.
      const { first, last, email, phone } = lead.contact;
      const answers = Object.keys(lead.answers)
        .sort()
        .map((step) => lead.answers[step])
        .join(' / ');
      return owners.map((owner) => ({
        template,
        to: owner.phone,
        components: [body(`${first} ${last}`, email, phone, answers)],
      }));
    }
  }
}
