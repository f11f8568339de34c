-- The owners' tagged links to share (src/desk/share-links.ts): a source, medium and campaign for a page of the site.
-- These are the owners' own settings, not a visitor's personal data (created_by is the owner's own Access email),
-- so erasure, export and retention leave them alone. The same link made twice is one row: made_at moves forward.
CREATE TABLE IF NOT EXISTS share_links (
  id TEXT PRIMARY KEY,           -- random UUID; safe in a URL
  source TEXT NOT NULL,          -- utm_source: lower case [a-z0-9._-], 1 to 40 characters
  medium TEXT NOT NULL,          -- utm_medium, or '' when none
  campaign TEXT NOT NULL,        -- utm_campaign, or '' when none
  page TEXT NOT NULL,            -- the site's page: '/', '/quiz' or '/#<section>'
  created_at TEXT NOT NULL,      -- first made
  created_by TEXT NOT NULL,      -- the owner's Access email
  made_at TEXT NOT NULL,         -- last made: the list shows the newest first
  UNIQUE (source, medium, campaign, page)
);
CREATE INDEX IF NOT EXISTS share_links_made ON share_links (made_at);
