-- Unsubscribes and the newsletter tool.
--   news_letter.unsubscribed_at   when the subscriber unsubscribed through their link (NULL: subscribed).
--                                 Kept on the record, never cleared: a later signup is a new record with its
--                                 own consent (docs/decisions/021-unsubscribe-and-newsletter-tool.md).
--   deliveries.audience           + newsletter: a call to the newsletter tool (Kit or Mailchimp) for a
--                                 subscription (template newsletter_subscribe or newsletter_unsubscribe, the
--                                 recipient the subscriber's address); never capped, retried like a message.
ALTER TABLE news_letter ADD COLUMN unsubscribed_at TEXT;

-- SQLite cannot change a CHECK constraint, so the ledger is rebuilt (take a D1 Time Travel bookmark first:
-- docs/deploy.md). Every column of 0006 is copied.
CREATE TABLE deliveries_v4 (
  submission_id TEXT NOT NULL,
  template TEXT NOT NULL,
  recipient TEXT NOT NULL,
  lead_kind TEXT NOT NULL,
  audience TEXT NOT NULL DEFAULT 'owner' CHECK (audience IN ('visitor', 'owner', 'digest', 'email', 'newsletter')),
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

INSERT INTO deliveries_v4 (submission_id, template, recipient, lead_kind, audience, status, skip_reason, digest_hour,
  channel, attempts, last_error_code, last_error_message, provider_message_id, components, created_at, updated_at,
  sent_at, receipt, receipt_at, delivered_at, read_at, receipt_error_code, receipt_error_title)
SELECT submission_id, template, recipient, lead_kind, audience, status, skip_reason, digest_hour, channel, attempts,
  last_error_code, last_error_message, provider_message_id, components, created_at, updated_at, sent_at, receipt,
  receipt_at, delivered_at, read_at, receipt_error_code, receipt_error_title
FROM deliveries;

DROP TABLE deliveries;
ALTER TABLE deliveries_v4 RENAME TO deliveries;

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
