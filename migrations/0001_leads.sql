-- Leads. The submission id (a UUID from the browser) is the primary key,
-- so the same submission sent twice leaves one row.
CREATE TABLE IF NOT EXISTS quiz_responses (
  id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'submitted',
  answers TEXT NOT NULL,       -- JSON map of step index to chosen option text
  contact TEXT NOT NULL,       -- JSON {first, last, email, phone}
  source TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS news_letter (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  subscribed_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS enquiries (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
