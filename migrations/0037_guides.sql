-- Guides (issue 59; src/store/guides/guides.ts): a visitor's request for a free guide, confirmed by the link
-- emailed to the address, then its downloads. And what the newsletter tool (Kit, Mailchimp) tells the site through
-- its webhooks (src/store/newsletter/tool-events.ts): an unsubscribe, a bounce, a complaint or an address change,
-- each applied once by the tool's own event id.

-- One row per request: the columns it is looked up and counted by, the rest as JSON.
CREATE TABLE IF NOT EXISTS guide_requests (
  id TEXT PRIMARY KEY,             -- the site's own id (128 random bits)
  guide TEXT NOT NULL,             -- the guide's slug
  email TEXT NOT NULL,             -- lower-cased
  source TEXT NOT NULL,            -- the visit's source as /desk/sources names it ('direct' when none)
  requested_at TEXT NOT NULL,
  confirmed_at TEXT,               -- when the link in the confirmation email was opened; NULL until then
  downloads INTEGER NOT NULL DEFAULT 0,
  request TEXT NOT NULL            -- JSON GuideRequestRecord
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS guide_requests_email ON guide_requests (email, guide, requested_at);
CREATE INDEX IF NOT EXISTS guide_requests_requested ON guide_requests (requested_at);

-- One row per event the newsletter tool sent, by (tool, its event id): a repeat delivery inserts nothing.
CREATE TABLE IF NOT EXISTS newsletter_tool_events (
  tool TEXT NOT NULL,              -- kit | mailchimp
  event_id TEXT NOT NULL,          -- the tool's id of the event (Mailchimp: a hash of the delivery, which has none)
  email TEXT NOT NULL,             -- lower-cased: the address the event is about
  kind TEXT NOT NULL CHECK (kind IN ('unsubscribed', 'bounced', 'complained', 'address_changed')),
  occurred_at TEXT NOT NULL,       -- when the tool says it happened
  received_at TEXT NOT NULL,
  PRIMARY KEY (tool, event_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS newsletter_tool_events_email ON newsletter_tool_events (email, occurred_at);
