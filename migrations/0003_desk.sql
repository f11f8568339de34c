-- The owners' desk: newest-first listing, search and follow-up.

-- Newest first per kind, and the cursor (arrival time, id) to page on.
CREATE INDEX IF NOT EXISTS quiz_responses_newest ON quiz_responses (created_at, id);
CREATE INDEX IF NOT EXISTS news_letter_newest ON news_letter (subscribed_at, id);
CREATE INDEX IF NOT EXISTS enquiries_newest ON enquiries (created_at, id);

-- What a lead can be found by (src/leads/listing.ts searchTokens): name words, whole name,
-- email, phone digits. Written with the lead; a search is an indexed lookup of one token.
CREATE TABLE IF NOT EXISTS lead_search (
  token TEXT NOT NULL,
  kind TEXT NOT NULL,          -- quiz | newsletter | enquiry
  created_at TEXT NOT NULL,    -- the lead's arrival time, to page newest first
  id TEXT NOT NULL,
  PRIMARY KEY (token, kind, created_at, id)
) WITHOUT ROWID;

-- Leads stored before this migration: their email, whole name and phone digits.
INSERT OR IGNORE INTO lead_search (token, kind, created_at, id)
  SELECT lower(email), 'newsletter', subscribed_at, id FROM news_letter WHERE email <> '';
INSERT OR IGNORE INTO lead_search (token, kind, created_at, id)
  SELECT lower(email), 'enquiry', created_at, id FROM enquiries WHERE email <> '';
INSERT OR IGNORE INTO lead_search (token, kind, created_at, id)
  SELECT lower(name), 'enquiry', created_at, id FROM enquiries WHERE name <> '';
INSERT OR IGNORE INTO lead_search (token, kind, created_at, id)
  SELECT replace(phone, '+', ''), 'enquiry', created_at, id FROM enquiries WHERE phone <> '';
INSERT OR IGNORE INTO lead_search (token, kind, created_at, id)
  SELECT lower(json_extract(contact, '$.email')), 'quiz', created_at, id FROM quiz_responses
  WHERE json_extract(contact, '$.email') <> '';

-- The owners' follow-up of a lead: status (new -> contacted -> closed) and a private note,
-- each with the owner's email and the time. No row means "new", no note.
CREATE TABLE IF NOT EXISTS lead_desk (
  kind TEXT NOT NULL,
  id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'closed')),
  status_by TEXT,
  status_at TEXT,
  note TEXT,
  note_by TEXT,
  note_at TEXT,
  PRIMARY KEY (kind, id)
) WITHOUT ROWID;

-- Counts per day (in the owners' time zone) for the desk's numbers: leads by kind and the quiz
-- funnel. Only a day, a metric name and a number: nothing that identifies a visitor.
CREATE TABLE IF NOT EXISTS daily_counts (
  day TEXT NOT NULL,           -- YYYY-MM-DD
  metric TEXT NOT NULL,        -- lead_quiz | lead_newsletter | lead_enquiry | quiz_view | quiz_step_N
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, metric)
) WITHOUT ROWID;
