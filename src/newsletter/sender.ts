import { readConfig, type Env } from '../env';
import type { MessageSender, SendOutcome } from '../notify/ledger/channel';
import { KitSender } from './kit';
import { MailchimpSender } from './mailchimp';

/**
 * The newsletter tool: signups and unsubscribes go through the delivery ledger (`send`); an erasure on the desk
 * asks it to forget the person (`erase`), which Mailchimp does by deleting the member for good and Kit, whose API
 * cannot delete, by unsubscribing them (an owner then deletes them in Kit by hand).
 */
export interface NewsletterTool extends MessageSender {
  readonly erases: 'deleted' | 'unsubscribed';
  erase(email: string): Promise<EraseOutcome>;
}

/** What an erasure came to: the call's outcome, or `absent` when the tool had no one at that address. */
export type EraseOutcome = SendOutcome | { kind: 'absent' };

/** A provider named without its settings: every call is recorded as failed (not_configured) until they are set. */
class NotConfiguredSender implements NewsletterTool {
  readonly channel = 'none';
  readonly erases = 'deleted';
  constructor(private readonly reason: string) {}
  async send(): Promise<SendOutcome> {
    return { kind: 'permanent', code: 'not_configured', message: this.reason };
  }
  erase(): Promise<SendOutcome> {
    return this.send();
  }
}

/** The newsletter tool NEWSLETTER_PROVIDER names, or null when there is none (nothing is sent on). */
export function createNewsletterSender(env: Env): NewsletterTool | null {
  const provider = readConfig(env).newsletter.provider;
  if (provider.name === 'none') return null;
  if (!provider.ok) return new NotConfiguredSender(provider.reason);
  return provider.name === 'kit' ? new KitSender(provider) : new MailchimpSender(provider);
}
