import { readConfig, type Env } from '../env';
import type { MessageSender, SendOutcome } from '../notify/deliveries';
import { KitSender } from './kit';
import { MailchimpSender } from './mailchimp';

/** A provider named without its settings: every call is recorded as failed (not_configured) until they are set. */
class NotConfiguredSender implements MessageSender {
  readonly channel = 'none';
  constructor(private readonly reason: string) {}
  async send(): Promise<SendOutcome> {
    return { kind: 'permanent', code: 'not_configured', message: this.reason };
  }
}

/** The newsletter tool NEWSLETTER_PROVIDER names, or null when there is none (nothing is sent on). */
export function createNewsletterSender(env: Env): MessageSender | null {
  const provider = readConfig(env).newsletter.provider;
  if (provider.name === 'none') return null;
  if (!provider.ok) return new NotConfiguredSender(provider.reason);
  return provider.name === 'kit' ? new KitSender(provider) : new MailchimpSender(provider);
}
