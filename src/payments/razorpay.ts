import type { RazorpaySettings } from '../config/index';
import {
  PaymentProviderError,
  type LinkRequest,
  type PaymentLink,
  type PaymentProvider,
  type Refund,
} from './provider';

/** A desk page waits for the answer: long enough for a slow API, short enough for an owner to see the failure. */
export const RAZORPAY_TIMEOUT_MS = 8_000;

const LINK_STATUSES = ['created', 'partially_paid', 'paid', 'expired', 'cancelled'] as const;
const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;

interface RazorpayErrorBody {
  error?: { code?: unknown; description?: unknown; field?: unknown };
}

/**
 * Razorpay's Payment Links and refunds (https://razorpay.com/docs/api/payments/payment-links), HTTP Basic auth with
 * the key id and secret. Razorpay's own SMS and email stay off (the site sends the link itself) and the link carries
 * no customer and no notes: nothing personal reaches Razorpay but what the person types on its page.
 */
export class RazorpayProvider implements PaymentProvider {
  constructor(
    private readonly settings: Omit<RazorpaySettings, 'name'>,
    private readonly timeoutMs = RAZORPAY_TIMEOUT_MS,
  ) {}

  async createLink(link: LinkRequest): Promise<PaymentLink> {
    const body = {
      amount: link.amountPaise,
      currency: 'INR',
      description: link.description,
      reference_id: link.reference,
      expire_by: link.expireBy,
      notify: { sms: false, email: false },
      reminder_enable: false,
      ...(link.firstMinPaise !== undefined && { accept_partial: true, first_min_partial_amount: link.firstMinPaise }),
      ...(link.callbackUrl !== undefined && { callback_url: link.callbackUrl, callback_method: 'get' }),
    };
    return toLink(await this.call('POST', '/v1/payment_links', body));
  }

  async fetchLink(id: string): Promise<PaymentLink> {
    return toLink(await this.call('GET', `/v1/payment_links/${encodeURIComponent(id)}`));
  }

  async cancelLink(id: string): Promise<PaymentLink> {
    return toLink(await this.call('POST', `/v1/payment_links/${encodeURIComponent(id)}/cancel`, {}));
  }

  async refund(providerPaymentId: string, amountPaise: number): Promise<Refund> {
    const json = await this.call('POST', `/v1/payments/${encodeURIComponent(providerPaymentId)}/refund`, {
      amount: amountPaise,
      speed: 'normal',
    });
    const status = REFUND_STATUSES.find((s) => s === json.status);
    if (typeof json.id !== 'string' || typeof json.amount !== 'number' || !status) throw unexpected();
    return {
      id: json.id,
      providerPaymentId: typeof json.payment_id === 'string' ? json.payment_id : providerPaymentId,
      amountPaise: json.amount,
      status,
    };
  }

  /** One call: the JSON of a 2xx answer, else a PaymentProviderError saying whether it may work later. */
  private async call(method: string, path: string, body?: object): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(`${this.settings.apiUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: {
          authorization: `Basic ${btoa(`${this.settings.keyId}:${this.settings.keySecret}`)}`,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new PaymentProviderError(
        timeout ? `Razorpay did not answer within ${this.timeoutMs / 1000} s.` : 'Razorpay could not be reached.',
        'unreachable',
      );
    }
    const json = (await res.json().catch(() => undefined)) as (Record<string, unknown> & RazorpayErrorBody) | undefined;
    if (res.ok && json && typeof json === 'object') return json;
    const description = typeof json?.error?.description === 'string' ? json.error.description : '';
    if (res.status === 401) throw new PaymentProviderError('Razorpay refused the key id or secret.', 'unauthorized');
    if (res.status >= 400 && res.status < 500 && res.status !== 429) {
      const field = typeof json?.error?.field === 'string' ? json.error.field : undefined;
      throw new PaymentProviderError(
        description || `Razorpay refused the request (HTTP ${res.status}).`,
        'refused',
        field,
      );
    }
    throw new PaymentProviderError(
      `Razorpay failed (HTTP ${res.status})${description ? `: ${description}` : ''}.`,
      'unreachable',
    );
  }
}

const unexpected = () =>
  new PaymentProviderError('Razorpay answered in a shape the site does not know.', 'unreachable');

function toLink(json: Record<string, unknown>): PaymentLink {
  const status = LINK_STATUSES.find((s) => s === json.status);
  const { id, short_url: shortUrl, amount, amount_paid: paid, reference_id: reference } = json;
  if (typeof id !== 'string' || typeof shortUrl !== 'string' || typeof amount !== 'number' || !status) {
    throw unexpected();
  }
  return {
    id,
    shortUrl,
    status,
    amountPaise: amount,
    amountPaidPaise: typeof paid === 'number' ? paid : 0,
    reference: typeof reference === 'string' ? reference : '',
  };
}
