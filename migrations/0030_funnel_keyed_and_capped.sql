-- The quiz funnel's hourly fingerprints (funnel_seen) are keyed by a key derived from ERASURE_KEY and the hour and
-- stored nowhere (src/store/visit-keys.ts), so the hour's random salt is no longer kept beside them. A fingerprint
-- of the hour from before the change matches nothing any more and is deleted by the cron once its hour is over.
DROP TABLE IF EXISTS funnel_salt;

-- The funnel's ceilings per IPv6 /48 and for the site (src/store/funnel-ceiling.ts) are counted in visit_tally
-- (migration 0029) under the scopes 'funnel' and 'funnel|' + the day's keyed hash of the /48, deleted with the day's
-- other tallies: no new table.
