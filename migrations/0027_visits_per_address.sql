-- At most MAX_VISITORS_PER_ADDRESS new visitors of a day per address: what one address can write is bounded
-- however many user agents it sends.
--   visit_today.client  SHA-256 of the day's salt and the address key (clientKey: an IPv6 address by its /64),
--                       deleted with the day's row and salt like the visitor's own key ('' on rows from before).
ALTER TABLE visit_today ADD COLUMN client TEXT NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS visit_today_client ON visit_today (client);
