-- What WhatsApp's status webhook says happened to a sent message, the owners' second channel, and the
-- self-check.
--   audience        + email: a message to an owner's (or the operator's) email address; never capped
--   receipt         what Meta's status webhook last reported for provider_message_id:
--                   sent -> delivered -> read, or failed; it never moves backwards (NULL: nothing heard)
--   receipt_at      when Meta says that state was reached (the event's timestamp)
--   delivered_at, read_at   when each was first reported
--   receipt_error_code, receipt_error_title   Meta's errors[0] on a failed receipt (131026, 131049, …)
-- SQLite cannot change a CHECK constraint, so the table is rebuilt (take a D1 Time Travel bookmark first:
-- docs/deploy.md).
CREATE TABLE deliveries_v3 (
  submission_id TEXT NOT NULL,
  template TEXT NOT NULL,
  recipient TEXT NOT NULL,
  lead_kind TEXT NOT NULL,
  audience TEXT NOT NULL DEFAULT 'owner' CHECK (audience IN ('visitor', 'owner', 'digest', 'email')),
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'dead', 'replay', 'skipped')),
  skip_reason TEXT CHECK (skip_reason IS NULL OR skip_reason IN ('cap', 'budget', 'unverified', 'hourly_cap')),
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
  PRIMARY KEY (submission_id, template, recipient)
);

INSERT INTO deliveries_v3 (submission_id, template, recipient, lead_kind, audience, status, skip_reason, digest_hour,
  channel, attempts, last_error_code, last_error_message, provider_message_id, components, created_at, updated_at,
  sent_at)
SELECT submission_id, template, recipient, lead_kind, audience, status, skip_reason, digest_hour, channel, attempts,
  last_error_code, last_error_message, provider_message_id, components, created_at, updated_at, sent_at
FROM deliveries;

DROP TABLE deliveries;
ALTER TABLE deliveries_v3 RENAME TO deliveries;

CREATE INDEX deliveries_by_status ON deliveries (status, updated_at);
CREATE INDEX deliveries_counted_by_recipient ON deliveries (audience, recipient, created_at)
  WHERE status IN ('pending', 'sending', 'sent', 'replay');
CREATE INDEX deliveries_counted_by_time ON deliveries (audience, created_at)
  WHERE status IN ('pending', 'sending', 'sent', 'replay');
CREATE INDEX deliveries_by_digest ON deliveries (digest_hour, recipient) WHERE digest_hour IS NOT NULL;
CREATE INDEX deliveries_by_created ON deliveries (created_at);
-- A status event finds its message by the wamid WhatsApp answered the send with.
CREATE INDEX deliveries_by_provider_id ON deliveries (provider_message_id) WHERE provider_message_id IS NOT NULL;
-- Owner alerts sent but not yet confirmed delivered (the confirmation timer and the self-check).
CREATE INDEX deliveries_unconfirmed ON deliveries (audience, sent_at)
  WHERE status = 'sent' AND (receipt IS NULL OR receipt = 'sent');

-- The self-check's last result (one row): what /desk/health shows and what a change is measured against.
CREATE TABLE IF NOT EXISTS health (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  ok INTEGER NOT NULL,
  checked_at TEXT NOT NULL,
  checks TEXT NOT NULL                  -- JSON [{name, ok, detail}]
);
