// The payment tool's port: what the site asks of Razorpay (or a stand-in). src/payments/razorpay.ts is the adapter;
// tests/standins/razorpay/ holds the strict stand-ins.

/** A payment link as the site asks for it. Nothing personal goes to the tool but what the person pays with. */
export interface LinkRequest {
  amountPaise: number;
  /** The least first part (partial payment on); absent: the whole amount at once. */
  firstMinPaise?: number;
  description: string;
  /** `reference_id`: the lead's opaque reference and a suffix; at most 40 characters. */
  reference: string;
  /** Unix seconds. */
  expireBy: number;
  /** Where the tool sends the person after paying (the site's thank-you page), or none. */
  callbackUrl?: string;
}

export interface PaymentLink {
  id: string;
  shortUrl: string;
  status: 'created' | 'partially_paid' | 'paid' | 'expired' | 'cancelled';
  amountPaise: number;
  amountPaidPaise: number;
  reference: string;
}

export interface Refund {
  id: string;
  providerPaymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
}

/** Why the tool refused or could not be reached; `retry` when the same call may work later. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'unauthorized' | 'unreachable',
    /** The request field the tool named (`amount`, …), when it named one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentProvider {
  createLink(link: LinkRequest): Promise<PaymentLink>;
  fetchLink(id: string): Promise<PaymentLink>;
  cancelLink(id: string): Promise<PaymentLink>;
  /** A refund of `amountPaise` of a payment (`pay_…`). */
  refund(providerPaymentId: string, amountPaise: number): Promise<Refund>;
}
