import type { Place } from './place';

// Where payments live: the requests owners make from a lead's page, the payments that came back with their receipts,
// refunds, and what keeps a tool event applied once and the receipt numbers unbroken.

/** An erased person's payment: the receipt the law makes the owners keep, then deleted by the cron. */
const ACCOUNTING_COPY =
  'the accounting copy (receipt number, date, amount, tax, the name on the receipt) PAYMENT_RECORD_YEARS (default 8) years after the payment';

export const PAYMENT_PLACES: readonly Place[] = [
  {
    kind: 'd1',
    name: 'payment_requests',
    firestore: 'payment_requests',
    about:
      'A payment an owner asked a lead for: the lead, amount, deposit, program, description, link, where it stands.',
    personal: ['request', 'created_at'],
    other: ['id', 'form_id', 'lead_kind', 'lead_id', 'link_id'],
    kept: 'with the lead it was made on, deleted with it (by an erasure or the cron)',
    pruned: true,
    copy: true,
    erasure: true,
    privacy: [
      'A payment you are asked for',
      'a payment request, and everything about a payment that is not on its receipt',
    ],
  },
  {
    kind: 'd1',
    name: 'payments',
    firestore: 'payments',
    about:
      'A payment the payment tool reported on a request: the lead, amount, method, when, and its numbered receipt.',
    personal: ['lead_kind', 'lead_id', 'amount_paise', 'method', 'paid_at', 'receipt'],
    other: [
      'id',
      'provider',
      'provider_payment_id',
      'request_id',
      'receipt_year',
      'receipt_seq',
      'receipt_number',
      'erased_at',
    ],
    kept: `with its lead; once the lead is erased or deleted, ${ACCOUNTING_COPY}, then deleted by the cron`,
    pruned: true,
    copy: true,
    erasure:
      'an erasure removes the link to the person and keeps the accounting copy, which the law makes the owners keep',
    privacy: [
      'Razorpay, the payment processor',
      'The accounting copy',
      'receipt number, date, amount, tax and the name on the receipt',
    ],
  },
  {
    kind: 'd1',
    name: 'refunds',
    firestore: 'refunds',
    about: "Money sent back on a payment: the tool's refund and payment ids, amount, state, the owner who asked.",
    personal: ['amount_paise', 'created_at'],
    other: ['id', 'provider_payment_id', 'status', 'requested_by', 'event_at'],
    kept: 'with its payment: part of its accounting copy, and deleted with it by the cron',
    pruned: true,
    copy: true,
    erasure: 'kept with the accounting copy of its payment (a refund changes what was paid)',
    privacy: ['refunds, their amount, when, and where they stand'],
  },
  {
    kind: 'd1',
    name: 'payment_events',
    firestore: 'payment_events',
    about:
      "The payment tool's events already applied (so a repeated webhook changes nothing): event ids and times only.",
    personal: [],
    other: ['event_id', 'received_at'],
    kept: '30 days after it arrived (the tool retries for a day at most), then deleted by the cron',
    pruned: true,
    copy: false,
    erasure: 'no personal data: an event id and a time',
    privacy: [],
  },
  {
    kind: 'd1',
    name: 'receipt_counters',
    firestore: 'receipt_numbers',
    about:
      "Each financial year's last receipt number (in Firestore, one document per number given, naming its payment).",
    personal: [],
    other: ['year', 'last'],
    kept: 'not deleted: a year and a number, so that no receipt number is ever given twice',
    pruned: false,
    copy: false,
    erasure: 'no personal data: a year and a number',
    privacy: [],
  },
];
