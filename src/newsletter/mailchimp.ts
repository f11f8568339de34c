import type { SendOutcome } from '../notify/ledger/channel';
import type { Send } from '../notify/ledger/templates';
import { isOutcome, leftInTool, ToolApi, type Answer } from './http';
import type { EraseOutcome, NewsletterTool } from './sender';
import { NEWSLETTER_TEMPLATES, tagsOf } from './templates';

export interface MailchimpSettings {
  /** With the data centre of the key already in it (https://us21.api.mailchimp.com). */
  apiUrl: string;
  apiKey: string;
  listId: string;
}

/** Mailchimp's id of a list member: the MD5 of the lower-cased address, in hex. */
export async function subscriberHash(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('MD5', new TextEncoder().encode(email.trim().toLowerCase()));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Mailchimp Marketing API 3.0 (Basic auth with the key). A signup upserts the member with
 * `status_if_new: pending`, which sends Mailchimp's confirmation email to a new address and leaves an
 * existing member's status alone. The site never moves a member who left (unsubscribed, or cleaned: their
 * address bounces) back to pending: such a signup changes nothing more and is refused as `unsubscribed`. The
 * signup's tags are then set active on the member (Mailchimp makes a tag by name; a pending member keeps them
 * once confirmed). An unsubscribe sets the member unsubscribed; an address the list never had needs nothing
 * more. An erasure deletes the member for good (`actions/delete-permanent`); an address the list no longer has
 * needs nothing more either. Neither creates a member.
 */
export class MailchimpSender extends ToolApi<MailchimpSettings> implements NewsletterTool {
  readonly channel = 'mailchimp';
  readonly erases = 'deleted';
  protected readonly tool = 'Mailchimp';

  private async memberPath(email: string): Promise<string> {
    return `/3.0/lists/${encodeURIComponent(this.settings.listId)}/members/${await subscriberHash(email)}`;
  }

  async erase(email: string): Promise<EraseOutcome> {
    const answer = await this.call('POST', `${await this.memberPath(email)}/actions/delete-permanent`, undefined);
    if (!isOutcome(answer)) return { kind: 'sent', messageId: null };
    return answer.kind === 'permanent' && answer.code === '404' ? { kind: 'absent' } : answer;
  }

  async send(message: Send): Promise<SendOutcome> {
    const member = await this.memberPath(message.to);
    if (message.template === NEWSLETTER_TEMPLATES.unsubscribe) {
      const answer = await this.call('PATCH', member, { status: 'unsubscribed' });
      if (!isOutcome(answer) || answer.kind !== 'permanent' || answer.code !== '404') return this.done(answer);
      return { kind: 'sent', messageId: null };
    }
    const answer = await this.call('PUT', member, { email_address: message.to, status_if_new: 'pending' });
    if (isOutcome(answer)) return answer;
    const status = (answer.json as { status?: unknown } | undefined)?.status;
    if (status === 'unsubscribed' || status === 'cleaned') return leftInTool('Mailchimp');
    const tags = tagsOf(message);
    if (tags.length > 0) {
      const tagged = await this.call('POST', `${member}/tags`, {
        tags: tags.map((name) => ({ name, status: 'active' })),
      });
      if (isOutcome(tagged)) return tagged;
    }
    return this.done(answer);
  }

  private done(answer: Answer | SendOutcome): SendOutcome {
    if (isOutcome(answer)) return answer;
    const id = (answer.json as { id?: unknown } | undefined)?.id;
    return { kind: 'sent', messageId: typeof id === 'string' ? id : null };
  }

  protected headers(): Record<string, string> {
    return {
      authorization: `Basic ${btoa(`site:${this.settings.apiKey}`)}`,
      'content-type': 'application/json',
      accept: 'application/json',
    };
  }

  protected refusalText(json: unknown): string {
    const error = (json ?? {}) as { title?: unknown; detail?: unknown };
    return [error.title, error.detail].filter((t) => typeof t === 'string' && t !== '').join(': ');
  }
}
