-- Whose lead and when to come back to it (issue 56): the owner who took it (an address from OWNER_EMAILS) and its
-- next date with a short note, each with who set it and when. NULL: nobody's, no next date.
ALTER TABLE lead_desk ADD COLUMN owner TEXT;
ALTER TABLE lead_desk ADD COLUMN owner_by TEXT;
ALTER TABLE lead_desk ADD COLUMN owner_at TEXT;
ALTER TABLE lead_desk ADD COLUMN next_at TEXT;
ALTER TABLE lead_desk ADD COLUMN next_note TEXT;
ALTER TABLE lead_desk ADD COLUMN next_by TEXT;
ALTER TABLE lead_desk ADD COLUMN next_set_at TEXT;

-- The leads with a next date, soonest first: the inbox's "Due today" and "Overdue", and the cron's nudges.
CREATE INDEX IF NOT EXISTS lead_desk_next_at ON lead_desk (next_at) WHERE next_at IS NOT NULL;
