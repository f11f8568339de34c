import type { SendOutcome } from '../notify/deliveries';
import type { Send } from '../notify/templates';
import { callJson, isOutcome, refusal, TIMEOUT_MS, type Answer } from './http';
import type { NewsletterTool } from './sender';
import { NEWSLETTER_TEMPLATES, newsletterSend, tagsOf } from './templates';

export interface KitSettings {
  apiUrl: string;
  apiKey: string;
  formId: string;
}

/**
 * Kit (API v4, X-Kit-Api-Key). A signup creates the subscriber (an upsert, inactive until they confirm), gives
 * them each of the signup's tags (the tag is made by name when the account lacks it; tagging leaves an
 * unconfirmed subscriber unconfirmed), and last adds them to the form KIT_FORM_ID, which sends the form's double
 * opt-in email. A retry after a partial failure starts over: the calls before the form change nothing when
 * repeated, so the opt-in email goes once. An unsubscribe finds the subscriber by the same upsert (the address
 * stays in the body, never in an address) and unsubscribes them. Kit's API cannot delete a subscriber: an erasure
 * unsubscribes them the same way, and an owner deletes them in Kit.
 */
export class KitSender implements NewsletterTool {
  readonly channel = 'kit';
  readonly erases = 'unsubscribed';
  constructor(
    private readonly settings: KitSettings,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  async send(message: Send): Promise<SendOutcome> {
    const subscriber = await this.call('POST', '/v4/subscribers', { email_address: message.to, state: 'inactive' });
    if (isOutcome(subscriber)) return subscriber;
    const id = (subscriber.json as { subscriber?: { id?: unknown } } | undefined)?.subscriber?.id;
    if (typeof id !== 'number' && typeof id !== 'string') {
      return { kind: 'retryable', code: 'bad_answer', message: 'Kit answered without a subscriber id.' };
    }
    const subscriberPath = encodeURIComponent(String(id));
    if (message.template === NEWSLETTER_TEMPLATES.unsubscribe) {
      const next = await this.call('POST', `/v4/subscribers/${subscriberPath}/unsubscribe`, {});
      return isOutcome(next) ? next : { kind: 'sent', messageId: String(id) };
    }
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

  erase(email: string): Promise<SendOutcome> {
    return this.send(newsletterSend('unsubscribe', email));
  }

  /** A 2xx answer, or the outcome of the call that failed. */
  private async call(method: string, path: string, body: unknown): Promise<Answer | SendOutcome> {
    const answer = await callJson(
      `${this.settings.apiUrl}${path}`,
      {
        method,
        headers: {
          'x-kit-api-key': this.settings.apiKey,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
      },
      this.timeoutMs,
    );
    if (isOutcome(answer) || (answer.status >= 200 && answer.status < 300)) return answer;
    const errors = (answer.json as { errors?: unknown } | undefined)?.errors;
    const text = Array.isArray(errors) ? errors.filter((e) => typeof e === 'string').join(' ') : '';
    return refusal(answer, text || `HTTP ${answer.status} from Kit`);
  }
}
