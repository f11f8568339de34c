// Types for razorpay-rules.mjs, so the workerd stand-in and the journeys (TypeScript) can import it.
export interface RazorpayLink {
  id: string;
  accept_partial: boolean;
  amount: number;
  amount_paid: number;
  currency: string;
  description: string;
  expire_by: number;
  first_min_partial_amount: number;
  notes: Record<string, string> | null;
  notify: { sms: boolean; email: boolean };
  customer: Record<string, unknown>;
  reference_id: string;
  short_url: string;
  status: 'created' | 'partially_paid' | 'paid' | 'expired' | 'cancelled';
  created_at: number;
  updated_at: number;
  [more: string]: unknown;
}
export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured';
  method: string;
  amount_refunded: number;
  created_at: number;
  [more: string]: unknown;
}
export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
  [more: string]: unknown;
}
export interface Razorpay {
  keyId: string;
  keySecret: string;
  links: Map<string, RazorpayLink>;
  payments: Map<string, RazorpayPayment & { link_id: string }>;
  refunds: Map<string, RazorpayRefund>;
  calls: { method: string; path: string; body: any }[];
  fail: { status: number; times?: number } | undefined;
  handle(request: Request): Promise<Response>;
  pay(
    linkId: string,
    options?: { amount?: number; method?: string; at?: number },
  ): { payment: RazorpayPayment; link: RazorpayLink };
  expire(linkId: string, at?: number): RazorpayLink;
  settleRefund(refundId: string, status: 'processed' | 'failed', at?: number): RazorpayRefund;
  event(name: string, entities: Record<string, object>, createdAt?: number): string;
  sign(body: string, secret: string): Promise<string>;
}
export declare function razorpayError(status: number, description: string, field?: string, code?: string): Response;
export declare function razorpayId(prefix: string, length?: number): string;
export declare function sign(body: string, secret: string): Promise<string>;
export declare function createRazorpay(options: { keyId: string; keySecret: string; now?: () => number }): Razorpay;
