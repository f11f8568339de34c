import type { MessageSender, SendOutcome } from '../notify/deliveries';
import type { Send } from '../notify/templates';
import { callJson, isOutcome, refusal, TIMEOUT_MS, type Answer } from './http';
import { NEWSLETTER_TEMPLATES } from './templates';

export interface KitSettings {
  apiUrl: string;
  apiKey: string;
  formId: string;
}

/**
 * Kit (API v4, X-Kit-Api-Key). A signup creates the subscriber (an upsert, inactive until they confirm),
 * then adds them to the form KIT_FORM_ID, which sends the form's double opt-in email. An unsubscribe finds
 * the subscriber by the same upsert (the address stays in the body, never in an address) and unsubscribes them.
 */
export class KitSender implements MessageSender {
  readonly channel = 'kit';
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
    const next =
      message.template === NEWSLETTER_TEMPLATES.unsubscribe
        ? await this.call('POST', `/v4/subscribers/${encodeURIComponent(String(id))}/unsubscribe`, {})
        : await this.call('POST', `/v4/forms/${encodeURIComponent(this.settings.formId)}/subscribers`, {
            email_address: message.to,
          });
    return isOutcome(next) ? next : { kind: 'sent', messageId: String(id) };
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
