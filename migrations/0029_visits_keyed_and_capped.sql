-- Visits: the day's fingerprints are keyed by a key derived from ERASURE_KEY and the day, stored nowhere, so the
-- day's random salt is no longer kept beside them (a row of the day from before the change is rolled up as before).
DROP TABLE IF EXISTS visit_salt;

-- Counting has a ceiling (src/store/visit-ceiling.ts): the day's new visitors for the whole site and per IPv6 /48,
-- read before each insert. Deleted by the cron once the day is over, with the day's rows.
CREATE TABLE IF NOT EXISTS visit_tally (
  day TEXT NOT NULL,       -- YYYY-MM-DD in the owners' time zone
  scope TEXT NOT NULL,     -- 'site', or the day's keyed hash of an IPv6 /48
  n INTEGER NOT NULL,      -- new visitors counted
  PRIMARY KEY (day, scope)
) WITHOUT ROWID;

-- The days on which counting paused at the site's ceiling (VISITS_DAILY_LIMIT), for the Sources page to say so;
-- nothing about any visitor, kept and deleted with the day's totals (visit_counts).
CREATE TABLE IF NOT EXISTS visit_pauses (
  day TEXT PRIMARY KEY,    -- YYYY-MM-DD in the owners' time zone
  since TEXT NOT NULL,     -- ISO instant the ceiling was first reached that day
  ceiling INTEGER NOT NULL -- VISITS_DAILY_LIMIT then
) WITHOUT ROWID;
