import type { Send } from '../notify/templates';

/** The newsletter tool's calls as the delivery ledger names them (its `template` column). */
export const NEWSLETTER_TEMPLATES = {
  subscribe: 'newsletter_subscribe',
  unsubscribe: 'newsletter_unsubscribe',
} as const;

export type NewsletterAction = keyof typeof NEWSLETTER_TEMPLATES;

/** One call to the newsletter tool as a ledger message: the subscriber's address is its recipient. */
export function newsletterSend(action: NewsletterAction, email: string): Send {
  return { template: NEWSLETTER_TEMPLATES[action], to: email, audience: 'newsletter', components: [] };
}
