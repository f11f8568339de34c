-- The owners' saved replies: short answers they insert into the desk's reply box (src/desk/saved-replies.ts).
-- These are the owners' own settings, not personal data: no visitor's name, number or message is kept here, so
-- erasure, export and retention leave them alone.
CREATE TABLE IF NOT EXISTS saved_replies (
  id TEXT PRIMARY KEY,           -- random UUID; safe in a URL
  title TEXT NOT NULL,           -- at most 60 characters
  text TEXT NOT NULL,            -- at most 1,000 characters, plain text
  created_by TEXT NOT NULL,      -- the owner's Access email
  created_at TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS saved_replies_title ON saved_replies (title);
