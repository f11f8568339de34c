import { rupees } from '../../payments/money';
import type { PaymentRecord } from '../../store/payments/payments';
import type { ProgramContent } from '../../shared/site-content';
import { bookingProgram } from '../bookings/booking-templates';
import type { NotifyConfig } from '../ledger/config';
import { EMPTY_PARAM, templateMessage, type Send } from '../ledger/templates';
import { WHATSAPP_TEMPLATES } from '../whatsapp/whatsapp-templates';

// The owners' alert of a payment (payment_received): pure, so a redelivered job builds the same sends and finds
// its rows in the ledger.

/** The ledger's lead kind of a payment alert's rows (their key names the payment, not a lead). */
export const PAYMENT_ALERT_KIND = 'payment';

/**
 * The ledger key of a payment's alerts: the site's own payment id (random, holding nothing of the person). A person's
 * copy and erasure find a payment's alerts by it.
 */
export const paymentAlertId = (paymentId: string) => `payment:${paymentId}`;

/** Where the desk shows the payment: its lead's page. */
export function paymentDeskLink(siteUrl: string, lead: { kind: string; id: string }): string {
  return `${siteUrl}/desk/leads/${lead.kind}/${encodeURIComponent(lead.id)}`;
}

/**
 * What it was for: the program as the receipt names it (its title when paid, or its slug when it was no longer
 * published: shown as its title if it is published again), else the request's description, else "—".
 */
export function paymentWhat(payment: PaymentRecord, programs: readonly ProgramContent[] = []): string {
  const program = payment.receipt.program;
  if (program !== undefined) {
    return programs.some((p) => p.slug === program) ? bookingProgram(program, programs) : program;
  }
  return payment.receipt.description.trim() || EMPTY_PARAM;
}

/** One alert per owner: who paid (the name on the receipt), how much, what for, and the lead on the desk. */
export function paymentAlertSends(
  payment: PaymentRecord & { lead: NonNullable<PaymentRecord['lead']> },
  config: NotifyConfig,
  siteUrl: string,
  programs: readonly ProgramContent[] = [],
): Send[] {
  const who = payment.receipt.buyerName.trim() || EMPTY_PARAM;
  const body = (owner: string) => [
    owner,
    who,
    rupees(payment.amountPaise),
    paymentWhat(payment, programs),
    paymentDeskLink(siteUrl, payment.lead),
  ];
  return config.owners.map((owner) =>
    templateMessage(WHATSAPP_TEMPLATES.paymentReceived, owner.phone, 'owner', { body: body(owner.name) }),
  );
}
