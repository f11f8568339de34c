-- A person's records found, corrected and erased by the owners; leads deleted after the retention period.

-- Who last corrected a lead's contact, when, and which fields (names only: the old values are not kept).
ALTER TABLE lead_desk ADD COLUMN corrected TEXT;      -- JSON list of field names
ALTER TABLE lead_desk ADD COLUMN corrected_by TEXT;
ALTER TABLE lead_desk ADD COLUMN corrected_at TEXT;

-- The erasure log: who erased, when, why (request | retention) and how many records of each kind.
-- It never holds the person's address, number or name.
CREATE TABLE IF NOT EXISTS erasures (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  erased_by TEXT NOT NULL,              -- the owner's Access email, or 'retention' for the cron
  erased_at TEXT NOT NULL,
  counts TEXT NOT NULL                  -- JSON {quiz, newsletter, enquiry, dead, messages, attempts}
);
CREATE INDEX IF NOT EXISTS erasures_by_time ON erasures (erased_at);

-- For a few weeks after an erasure, jobs still in the queue (a lead parked while the store was down, its
-- messages) for the erased person are dropped. Each row is a salted SHA-256 of the address or number,
-- never the value; the cron deletes rows older than 30 days.
CREATE TABLE IF NOT EXISTS erased_contacts (
  hash TEXT NOT NULL,
  salt TEXT NOT NULL,
  erased_at TEXT NOT NULL,
  PRIMARY KEY (hash)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS erased_contacts_by_time ON erased_contacts (erased_at);
