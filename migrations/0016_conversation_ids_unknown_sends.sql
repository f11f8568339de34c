-- WhatsApp conversations by an opaque id, and sends whose outcome is unknown.
--   whatsapp_messages.conversation  the conversation's id on the desk (its URL): an HMAC of the sender's number
--                                   under ERASURE_KEY, so a URL never holds a number or a wamid (which embeds
--                                   one). NULL on messages stored before it; the desk finds those by their number.
--   deliveries.status               + unknown: an owner's answer from the desk whose send timed out. It may have
--                                   reached the visitor, and WhatsApp has no idempotency key, so it is never
--                                   retried by itself: the desk offers it to the owner to send again.
ALTER TABLE whatsapp_messages ADD COLUMN conversation TEXT;
CREATE INDEX IF NOT EXISTS whatsapp_messages_by_conversation ON whatsapp_messages (conversation)
  WHERE conversation IS NOT NULL;

-- SQLite cannot change a CHECK constraint, so the ledger is rebuilt (take a D1 Time Travel bookmark first:
-- docs/deploy.md). Every column of 0010 and 0011 (sent_by) is copied, and every index of both.
CREATE TABLE deliveries_v5 (
  submission_id TEXT NOT NULL,
  template TEXT NOT NULL,
  recipient TEXT NOT NULL,
  lead_kind TEXT NOT NULL,
  audience TEXT NOT NULL DEFAULT 'owner' CHECK (audience IN ('visitor', 'owner', 'digest', 'email', 'newsletter')),
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'dead', 'replay', 'skipped', 'unknown')),
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
  sent_by TEXT,
  PRIMARY KEY (submission_id, template, recipient)
);

INSERT INTO deliveries_v5 (submission_id, template, recipient, lead_kind, audience, status, skip_reason, digest_hour,
  channel, attempts, last_error_code, last_error_message, provider_message_id, components, created_at, updated_at,
  sent_at, receipt, receipt_at, delivered_at, read_at, receipt_error_code, receipt_error_title, sent_by)
SELECT submission_id, template, recipient, lead_kind, audience, status, skip_reason, digest_hour, channel, attempts,
  last_error_code, last_error_message, provider_message_id, components, created_at, updated_at, sent_at, receipt,
  receipt_at, delivered_at, read_at, receipt_error_code, receipt_error_title, sent_by
FROM deliveries;

DROP TABLE deliveries;
ALTER TABLE deliveries_v5 RENAME TO deliveries;

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
