-- Payments: the payment requests owners make from a lead's page (one payment link each), the payments the tool's
-- webhook reports with their receipts, refunds, the tool events already applied, and each financial year's last
-- receipt number. Money is integer paise.

-- One row per request (src/store/payments/payments.ts): the columns it is looked up by, the rest as JSON.
CREATE TABLE IF NOT EXISTS payment_requests (
  id TEXT PRIMARY KEY,           -- the site's own id (128 random bits)
  form_id TEXT NOT NULL UNIQUE,  -- the request form's id: a second post of the same form finds this row
  lead_kind TEXT NOT NULL,
  lead_id TEXT NOT NULL,
  link_id TEXT UNIQUE,           -- the tool's link id (plink_…); NULL while the tool has not answered
  created_at TEXT NOT NULL,
  request TEXT NOT NULL          -- JSON PaymentRequestRecord
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS payment_requests_lead ON payment_requests (lead_kind, lead_id);
CREATE INDEX IF NOT EXISTS payment_requests_created ON payment_requests (created_at);

-- One row per tool payment. Its receipt number is taken from receipt_counters in the same batch that inserts it,
-- so the numbers of a year have no gap and no double. An erased person's payment keeps the receipt (the accounting
-- copy) without its lead, with erased_at set, until the cron deletes it PAYMENT_RECORD_YEARS after paid_at.
CREATE TABLE IF NOT EXISTS payments (
  id TEXT PRIMARY KEY,           -- the site's own id (128 random bits)
  provider TEXT NOT NULL,        -- razorpay
  provider_payment_id TEXT NOT NULL UNIQUE, -- pay_…
  request_id TEXT NOT NULL,
  lead_kind TEXT,                -- NULL once the person is erased
  lead_id TEXT,
  amount_paise INTEGER NOT NULL,
  method TEXT NOT NULL,
  paid_at TEXT NOT NULL,
  receipt_year TEXT NOT NULL,    -- 2026-27
  receipt_seq INTEGER NOT NULL,
  receipt_number TEXT NOT NULL,  -- R/2026-27/0001
  receipt TEXT NOT NULL,         -- JSON: the rest of the Receipt (issuer, name on it, program, taxes)
  erased_at TEXT,
  UNIQUE (receipt_year, receipt_seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS payments_lead ON payments (lead_kind, lead_id);
CREATE INDEX IF NOT EXISTS payments_paid ON payments (paid_at);
CREATE INDEX IF NOT EXISTS payments_request ON payments (request_id);
CREATE INDEX IF NOT EXISTS payments_erased ON payments (erased_at, paid_at) WHERE erased_at IS NOT NULL;

-- Refunds by the tool's refund id; a refund may be heard of before its payment.
CREATE TABLE IF NOT EXISTS refunds (
  id TEXT PRIMARY KEY,           -- rfnd_…
  provider_payment_id TEXT NOT NULL,
  amount_paise INTEGER NOT NULL,
  status TEXT NOT NULL,          -- pending | processed | failed
  requested_by TEXT,
  created_at TEXT NOT NULL,
  event_at TEXT
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS refunds_payment ON refunds (provider_payment_id);
CREATE INDEX IF NOT EXISTS refunds_created ON refunds (created_at);

-- Each tool event once (X-Razorpay-Event-Id): a repeated delivery finds its row and changes nothing.
CREATE TABLE IF NOT EXISTS payment_events (
  event_id TEXT PRIMARY KEY,
  received_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS payment_events_received ON payment_events (received_at);

-- The last receipt number given in each financial year: never lowered, so a deleted payment's number is not reused.
CREATE TABLE IF NOT EXISTS receipt_counters (
  year TEXT PRIMARY KEY,         -- 2026-27
  last INTEGER NOT NULL
) WITHOUT ROWID;
