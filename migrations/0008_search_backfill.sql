-- The desk finds leads by the start of a name, an address or a domain and by a phone number's last
-- digits. Leads stored before get their search words rewritten by the cron, a page at a time: this
-- table keeps, per kind of lead, the version of the words' rules the stored leads have and where the
-- rewrite has reached (the desk listing's cursor). No row means version 1, from the newest lead.
CREATE TABLE IF NOT EXISTS search_backfill (
  kind TEXT PRIMARY KEY,   -- quiz | newsletter | enquiry
  version INTEGER NOT NULL,
  cursor TEXT              -- the next page's cursor while a rewrite is under way, else NULL
) WITHOUT ROWID;
