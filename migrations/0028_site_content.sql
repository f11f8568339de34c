-- The owners' editable site content (src/shared/site-content.ts): one draft and every published version.
-- The owners' own words, not a visitor's personal data (updated_by and published_by are the owners' Access emails),
-- so erasure, export and retention leave them alone. Visitors' pages never read these tables: a publish also
-- writes the version to KV, and pages read that (src/store/published-content.ts).
CREATE TABLE IF NOT EXISTS content_draft (
  id INTEGER PRIMARY KEY CHECK (id = 1),  -- one row
  json TEXT NOT NULL,                     -- the draft, as saved (it may not be valid until published)
  revision INTEGER NOT NULL,              -- moves by one on every save: a save names the revision it edited
  updated_by TEXT NOT NULL,               -- the owner's Access email
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS content_versions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,   -- the version number, shown to the owners
  json TEXT NOT NULL,                     -- the published content, valid by the schema
  published_by TEXT NOT NULL,             -- the owner's Access email
  published_at TEXT NOT NULL,
  changes TEXT NOT NULL                   -- JSON list of readable changes from the version before it
);
