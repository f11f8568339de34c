-- The quiz funnel counts each step at most once per address and hour (issue 27), keeping nothing that
-- names the visitor: an hour's random salt, and SHA-256(salt, address, step) of the addresses seen in it.
-- The cron deletes both once the hour is over, and with the salt gone a hash can no longer be matched
-- to any address.
CREATE TABLE IF NOT EXISTS funnel_salt (
  hour TEXT PRIMARY KEY,   -- 2026-11-24T21 (UTC)
  salt TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS funnel_seen (
  key TEXT PRIMARY KEY,    -- hex SHA-256 of salt, address key and metric
  hour TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS funnel_seen_hour ON funnel_seen (hour);
