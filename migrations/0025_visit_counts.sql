-- Visits counted on the server, without cookies or scripts. A visitor of the day is a hash of the day's random
-- salt, the address (an IPv6 address by its /64) and the user agent; the cron adds each finished day's visitors
-- into visit_counts and deletes their rows with the salt, so nothing that could name a person outlives its day.
CREATE TABLE IF NOT EXISTS visit_salt (
  day TEXT PRIMARY KEY,    -- YYYY-MM-DD in the owners' time zone
  salt TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS visit_today (
  key TEXT PRIMARY KEY,    -- hex SHA-256 of the day's salt, the address key and the user agent
  day TEXT NOT NULL,
  source TEXT NOT NULL,
  medium TEXT NOT NULL,    -- '' when the visit had none
  campaign TEXT NOT NULL,  -- '' when the visit had none
  step INTEGER NOT NULL DEFAULT 0  -- the furthest quiz step reached: 0 none, 1 the quiz opened, up to its last
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS visit_today_day ON visit_today (day);

-- Each day's visitors per source, medium and campaign, and how many of them reached each quiz step.
CREATE TABLE IF NOT EXISTS visit_counts (
  day TEXT NOT NULL,
  source TEXT NOT NULL,
  medium TEXT NOT NULL,
  campaign TEXT NOT NULL,
  visits INTEGER NOT NULL,
  reached_1 INTEGER NOT NULL DEFAULT 0,
  reached_2 INTEGER NOT NULL DEFAULT 0,
  reached_3 INTEGER NOT NULL DEFAULT 0,
  reached_4 INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, source, medium, campaign)
) WITHOUT ROWID;
