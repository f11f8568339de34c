-- WhatsApp opt-outs, and the ledger's reason for a message not sent to a number that opted out.
--   whatsapp_opt_outs   one row per number that asked for no more messages (STOP, UNSUBSCRIBE, STOP ALL, OPT OUT,
--                       or an owner recording a request made by phone or email): only an HMAC of the number under
--                       ERASURE_KEY (never the number), when, how and which owner. It outlives an erasure of the
--                       person, so the request is still honoured; START removes it.
--   deliveries.skip_reason  + opted_out: a message to a visitor's number that opted out, never sent.
CREATE TABLE IF NOT EXISTS whatsapp_opt_outs (
  number_hash TEXT PRIMARY KEY,
  opted_out_at TEXT NOT NULL,
  how TEXT NOT NULL CHECK (how IN ('message', 'owner')),
  by_owner TEXT
);

-- SQLite cannot change a CHECK constraint, so the ledger is rebuilt (take a D1 Time Travel bookmark first:
-- docs/deploy.md). Every column of 0016 is copied, and every index of it.
CREATE TABLE deliveries_v6 (
  submission_id TEXT NOT NULL,
  template TEXT NOT NULL,
  recipient TEXT NOT NULL,
  lead_kind TEXT NOT NULL,
  audience TEXT NOT NULL DEFAULT 'owner' CHECK (audience IN ('visitor', 'owner', 'digest', 'email', 'newsletter')),
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'dead', 'replay', 'skipped', 'unknown')),
  skip_reason TEXT
    CHECK (skip_reason IS NULL OR skip_reason IN ('cap', 'budget', 'unverified', 'hourly_cap', 'opted_out')),
  digest_hour TEXT,
  channel TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error_code TEXT,
  last_error_message TEXT,
  provider_message_id TEXT,
  components TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  sent_at TEXT,
  receipt TEXT CHECK (receipt IS NULL OR receipt IN ('sent', 'delivered', 'read', 'failed')),
  receipt_at TEXT,
  delivered_at TEXT,
  read_at TEXT,
  receipt_error_code TEXT,
  receipt_error_title TEXT,
  sent_by TEXT,
  PRIMARY KEY (submission_id, template, recipient)
);

INSERT INTO deliveries_v6 (submission_id, template, recipient, lead_kind, audience, status, skip_reason, digest_hour,
  channel, attempts, last_error_code, last_error_message, provider_message_id, components, created_at, updated_at,
  sent_at, receipt, receipt_at, delivered_at, read_at, receipt_error_code, receipt_error_title, sent_by)
SELECT submission_id, template, recipient, lead_kind, audience, status, skip_reason, digest_hour, channel, attempts,
  last_error_code, last_error_message, provider_message_id, components, created_at, updated_at, sent_at, receipt,
  receipt_at, delivered_at, read_at, receipt_error_code, receipt_error_title, sent_by
FROM deliveries;

DROP TABLE deliveries;
ALTER TABLE deliveries_v6 RENAME TO deliveries;

CREATE INDEX deliveries_by_status ON deliveries (status, updated_at);
CREATE INDEX deliveries_counted_by_recipient ON deliveries (audience, recipient, created_at)
  WHERE status IN ('pending', 'sending', 'sent', 'replay');
CREATE INDEX deliveries_counted_by_time ON deliveries (audience, created_at)
  WHERE status IN ('pending', 'sending', 'sent', 'replay');
CREATE INDEX deliveries_by_digest ON deliveries (digest_hour, recipient) WHERE digest_hour IS NOT NULL;
CREATE INDEX deliveries_by_created ON deliveries (created_at);
CREATE INDEX deliveries_by_provider_id ON deliveries (provider_message_id) WHERE provider_message_id IS NOT NULL;
CREATE INDEX deliveries_unconfirmed ON deliveries (audience, sent_at)
  WHERE status = 'sent' AND (receipt IS NULL OR receipt = 'sent');
CREATE INDEX deliveries_by_recipient ON deliveries (recipient, created_at);
