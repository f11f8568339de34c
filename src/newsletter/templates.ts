import type { Send } from '../notify/ledger/templates';

/** The newsletter tool's calls as the delivery ledger names them (its `template` column). */
export const NEWSLETTER_TEMPLATES = {
  subscribe: 'newsletter_subscribe',
  unsubscribe: 'newsletter_unsubscribe',
} as const;

export type NewsletterAction = keyof typeof NEWSLETTER_TEMPLATES;

/**
 * One call to the newsletter tool as a ledger message: the subscriber's address is its recipient, and the tags a
 * signup gives them (`quiz-<program id>`) are its body parameters, so a resend from the desk tags them again.
 */
export function newsletterSend(action: NewsletterAction, email: string, tags: readonly string[] = []): Send {
  const components =
    tags.length > 0
      ? [{ type: 'body' as const, parameters: tags.map((text) => ({ type: 'text' as const, text })) }]
      : [];
  return { template: NEWSLETTER_TEMPLATES[action], to: email, audience: 'newsletter', components };
}

/** The tags a newsletter call carries (none for an unsubscribe, or a signup without tags). */
export function tagsOf(send: Send): string[] {
  return send.components.flatMap((c) => (c.type === 'body' ? c.parameters.map((p) => p.text) : []));
}
