-- The delivery ledger gains what the abuse budgets need:
--   audience     visitor (journey_users, to a number a visitor typed) | owner | digest
--   status       + skipped: never sent, on purpose; skip_reason says why:
--                  cap        the number already had VISITOR_MESSAGES_PER_DAY messages in 24 h
--                  budget     VISITOR_MESSAGES_DAILY_BUDGET was spent for the day (Asia/Kolkata)
--                  unverified Turnstile is configured and the submission had no verified token
--                  hourly_cap the owner already had OWNER_ALERTS_PER_HOUR messages this hour;
--                             the lead is counted in that hour's digest
--   digest_hour  for owner rows skipped with hourly_cap and for digest rows: the UTC hour
--                (2026-11-22T05) whose digest covers them
-- SQLite cannot change a CHECK constraint, so the table is rebuilt.
CREATE TABLE deliveries_v2 (
  submission_id TEXT NOT NULL,
  template TEXT NOT NULL,
  recipient TEXT NOT NULL,
  lead_kind TEXT NOT NULL,
  audience TEXT NOT NULL DEFAULT 'owner' CHECK (audience IN ('visitor', 'owner', 'digest')),
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
  PRIMARY KEY (submission_id, template, recipient)
);

INSERT INTO deliveries_v2 (submission_id, template, recipient, lead_kind, audience, status, channel, attempts,
  last_error_code, last_error_message, provider_message_id, components, created_at, updated_at, sent_at)
SELECT submission_id, template, recipient, lead_kind,
  CASE WHEN template = 'journey_users' THEN 'visitor' ELSE 'owner' END,
  status, channel, attempts, last_error_code, last_error_message, provider_message_id, components,
  created_at, updated_at, sent_at
FROM deliveries;

DROP TABLE deliveries;
ALTER TABLE deliveries_v2 RENAME TO deliveries;

CREATE INDEX deliveries_by_status ON deliveries (status, updated_at);
-- The budgets count only messages that went or may go out; these partial indexes hold
-- exactly those rows, so no check reads the skipped rows a flood leaves behind.
CREATE INDEX deliveries_counted_by_recipient ON deliveries (audience, recipient, created_at)
  WHERE status IN ('pending', 'sending', 'sent', 'replay');
CREATE INDEX deliveries_counted_by_time ON deliveries (audience, created_at)
  WHERE status IN ('pending', 'sending', 'sent', 'replay');
-- The leads folded into an hour's digest, per owner.
CREATE INDEX deliveries_by_digest ON deliveries (digest_hour, recipient) WHERE digest_hour IS NOT NULL;
-- Pruning old rows.
CREATE INDEX deliveries_by_created ON deliveries (created_at);
CREATE INDEX delivery_attempts_by_time ON delivery_attempts (at);

-- Leads the store refused for good (an invalid argument, a permission error) after a
-- bounded number of attempts: kept here whole, with the reason, never lost.
CREATE TABLE IF NOT EXISTS dead_leads (
  id TEXT PRIMARY KEY,                  -- the submission id
  kind TEXT NOT NULL,                   -- quiz | newsletter | enquiry
  lead TEXT NOT NULL,                   -- JSON of the lead as accepted
  reason TEXT NOT NULL,                 -- the store's last answer
  attempts INTEGER NOT NULL,
  created_at TEXT NOT NULL              -- when it was given up on
);
CREATE INDEX IF NOT EXISTS dead_leads_by_time ON dead_leads (created_at);
