import type { SendOutcome } from '../notify/ledger/channel';
import type { Send } from '../notify/ledger/templates';
import { isOutcome, leftInTool, ToolApi } from './http';
import type { EraseOutcome, NewsletterTool } from './sender';
import { NEWSLETTER_TEMPLATES, tagsOf } from './templates';

export interface KitSettings {
  apiUrl: string;
  apiKey: string;
  formId: string;
}

/** A subscriber as Kit lists them: its id and state (active, inactive, cancelled, complained, bounced). */
interface Subscriber {
  id: number | string;
  state: string;
}

/** States of a subscriber who left or cannot be mailed: the site never adds them to the form again. */
const LEFT = ['cancelled', 'complained', 'bounced'];

/**
 * Kit (API v4, X-Kit-Api-Key). Every call first looks the subscriber up by address (the only way Kit's API finds
 * one: the address goes in the lookup's query, over TLS to Kit, which holds it already; never in a log line).
 * A signup creates a subscriber Kit does not have (inactive until they confirm), gives them each of the signup's
 * tags (made by name when the account lacks it; tagging leaves an unconfirmed subscriber unconfirmed), and last
 * adds them to the form KIT_FORM_ID, which sends the form's double opt-in email; a subscriber who left (cancelled,
 * complained, bounced) is never added again: that is refused as `unsubscribed`. A retry after a partial failure
 * starts over: the calls before the form change nothing when repeated, so the opt-in email goes once. An
 * unsubscribe and an erasure act only on a subscriber Kit has: one it does not have needs nothing (done), and
 * neither ever creates one. Kit's API cannot delete a subscriber: an erasure unsubscribes them, and an owner
 * deletes them in Kit.
 */
export class KitSender extends ToolApi<KitSettings> implements NewsletterTool {
  readonly channel = 'kit';
  readonly erases = 'unsubscribed';
  protected readonly tool = 'Kit';

  async send(message: Send): Promise<SendOutcome> {
    if (message.template === NEWSLETTER_TEMPLATES.unsubscribe) {
      const outcome = await this.unsubscribe(message.to);
      return outcome.kind === 'absent' ? { kind: 'sent', messageId: null } : outcome;
    }
    const found = await this.find(message.to);
    if (found && isOutcome(found)) return found;
    if (found && LEFT.includes(found.state)) return leftInTool('Kit');
    const id = found ? found.id : await this.create(message.to);
    if (typeof id === 'object') return id;
    const subscriberPath = encodeURIComponent(String(id));
    for (const name of tagsOf(message)) {
      const tag = await this.call('POST', '/v4/tags', { name });
      if (isOutcome(tag)) return tag;
      const tagId = (tag.json as { tag?: { id?: unknown } } | undefined)?.tag?.id;
      if (typeof tagId !== 'number' && typeof tagId !== 'string') {
        return { kind: 'retryable', code: 'bad_answer', message: 'Kit answered without a tag id.' };
      }
      const tagged = await this.call(
        'POST',
        `/v4/tags/${encodeURIComponent(String(tagId))}/subscribers/${subscriberPath}`,
        {},
      );
      if (isOutcome(tagged)) return tagged;
    }
    const added = await this.call('POST', `/v4/forms/${encodeURIComponent(this.settings.formId)}/subscribers`, {
      email_address: message.to,
    });
    return isOutcome(added) ? added : { kind: 'sent', messageId: String(id) };
  }

  erase(email: string): Promise<EraseOutcome> {
    return this.unsubscribe(email);
  }

  /** Unsubscribes the subscriber Kit has at `email` (one already cancelled is left as it is); absent when none. */
  private async unsubscribe(email: string): Promise<EraseOutcome> {
    const found = await this.find(email);
    if (found && isOutcome(found)) return found;
    if (!found) return { kind: 'absent' };
    if (found.state !== 'cancelled') {
      const done = await this.call('POST', `/v4/subscribers/${encodeURIComponent(String(found.id))}/unsubscribe`, {});
      if (isOutcome(done)) return done;
    }
    return { kind: 'sent', messageId: String(found.id) };
  }

  /** The subscriber Kit has at `email`, whatever their state (Kit lists only active ones unless asked); null when none. */
  private async find(email: string): Promise<Subscriber | null | SendOutcome> {
    const query = new URLSearchParams({ email_address: email, status: 'all' });
    const answer = await this.call('GET', `/v4/subscribers?${query}`, undefined);
    if (isOutcome(answer)) return answer;
    const listed = (answer.json as { subscribers?: unknown } | undefined)?.subscribers;
    if (!Array.isArray(listed)) {
      return { kind: 'retryable', code: 'bad_answer', message: 'Kit answered the lookup without a list.' };
    }
    const match = (listed as Partial<Subscriber & { email_address: string }>[]).find(
      (s) => s.email_address?.toLowerCase() === email.toLowerCase(),
    );
    if (!match) return null;
    if ((typeof match.id !== 'number' && typeof match.id !== 'string') || typeof match.state !== 'string') {
      return { kind: 'retryable', code: 'bad_answer', message: 'Kit answered the lookup without an id or state.' };
    }
    return { id: match.id, state: match.state };
  }

  /** Creates the subscriber, inactive until they confirm; their id, or the outcome of the call that failed. */
  private async create(email: string): Promise<number | string | SendOutcome> {
    const created = await this.call('POST', '/v4/subscribers', { email_address: email, state: 'inactive' });
    if (isOutcome(created)) return created;
    const id = (created.json as { subscriber?: { id?: unknown } } | undefined)?.subscriber?.id;
    if (typeof id !== 'number' && typeof id !== 'string') {
      return { kind: 'retryable', code: 'bad_answer', message: 'Kit answered without a subscriber id.' };
    }
    return id;
  }

  protected headers(hasBody: boolean): Record<string, string> {
    return {
      'x-kit-api-key': this.settings.apiKey,
      accept: 'application/json',
      ...(hasBody && { 'content-type': 'application/json' }),
    };
  }

  protected refusalText(json: unknown): string {
    const errors = (json as { errors?: unknown } | undefined)?.errors;
    return Array.isArray(errors) ? errors.filter((e) => typeof e === 'string').join(' ') : '';
  }
}
