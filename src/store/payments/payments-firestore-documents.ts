import type { LeadRef, PaymentRecord, PaymentRequestRecord, Receipt, RefundRecord, RefundStatus } from './payments';
import type { Document } from '../firestore/firestore-client';
import { plain } from '../leads/firestore/leads-firestore-documents';
import type { LeadKind } from '../leads/lead';

// Payments as Firestore documents: the fields each is written with, and how a stored document reads back. Times are
// timestamps (read back in the canonical toISOString form they were written in); what is only read whole (a
// request, a receipt's printed details) is one JSON text field.

export const leadKey = (lead: LeadRef) => `${lead.kind}/${lead.id}`;

/** A request: the fields it is looked up by, and the record whole. */
export function requestFields(r: PaymentRequestRecord): Record<string, unknown> {
  return defined({
    requestId: r.id,
    leadKey: leadKey(r.lead),
    linkId: r.linkId,
    createdAt: new Date(r.createdAt),
    record: JSON.stringify(r),
  });
}

export function requestOf(doc: Document): PaymentRequestRecord {
  return JSON.parse(String(fieldsOf(doc).record)) as PaymentRequestRecord;
}

/**
 * A payment. `leadKey` finds a lead's payments; an accounting copy (erased) has none, and has `copyPaidAt`, the one
 * field the retention query ranges over.
 */
export function paymentFields(p: PaymentRecord): Record<string, unknown> {
  const { number, year, seq, ...printed } = p.receipt;
  return defined({
    paymentId: p.id,
    provider: p.provider,
    providerPaymentId: p.providerPaymentId,
    requestId: p.requestId,
    leadKey: p.lead && leadKey(p.lead),
    lead: p.lead && { kind: p.lead.kind, id: p.lead.id },
    amountPaise: p.amountPaise,
    method: p.method,
    paidAt: new Date(p.paidAt),
    receiptNumber: number,
    receiptYear: year,
    receiptSeq: seq,
    receipt: JSON.stringify(printed),
    erasedAt: p.erasedAt && new Date(p.erasedAt),
    copyPaidAt: p.erasedAt === undefined ? undefined : new Date(p.paidAt),
  });
}

export function paymentOf(doc: Document): PaymentRecord {
  const f = fieldsOf(doc);
  const lead = f.lead as { kind?: unknown; id?: unknown } | undefined;
  const printed = JSON.parse(String(f.receipt)) as Omit<Receipt, 'number' | 'year' | 'seq'>;
  return {
    id: text(f.paymentId),
    provider: text(f.provider) as PaymentRecord['provider'],
    providerPaymentId: text(f.providerPaymentId),
    requestId: text(f.requestId),
    ...(lead && { lead: { kind: text(lead.kind) as LeadKind, id: text(lead.id) } }),
    amountPaise: Number(f.amountPaise),
    method: text(f.method),
    paidAt: iso(f.paidAt),
    receipt: { number: text(f.receiptNumber), year: text(f.receiptYear), seq: Number(f.receiptSeq), ...printed },
    ...(typeof f.erasedAt === 'string' && { erasedAt: iso(f.erasedAt) }),
  };
}

export function refundFields(r: RefundRecord): Record<string, unknown> {
  return defined({
    refundId: r.id,
    providerPaymentId: r.providerPaymentId,
    amountPaise: r.amountPaise,
    status: r.status,
    requestedBy: r.requestedBy,
    createdAt: new Date(r.createdAt),
    eventAt: r.eventAt && new Date(r.eventAt),
  });
}

export function refundOf(doc: Document): RefundRecord {
  const f = fieldsOf(doc);
  return {
    id: text(f.refundId),
    providerPaymentId: text(f.providerPaymentId),
    amountPaise: Number(f.amountPaise),
    status: text(f.status) as RefundStatus,
    ...(typeof f.requestedBy === 'string' && { requestedBy: f.requestedBy }),
    createdAt: iso(f.createdAt),
    ...(typeof f.eventAt === 'string' && { eventAt: iso(f.eventAt) }),
  };
}

const fieldsOf = (doc: Document) => Object.fromEntries(Object.entries(doc.fields ?? {}).map(([k, v]) => [k, plain(v)]));
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const iso = (v: unknown) => (typeof v === 'string' && v !== '' ? new Date(v).toISOString() : '');

/** Firestore has no "undefined": a field without a value is left out. */
function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}
