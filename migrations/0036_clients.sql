-- Clients (src/store/clients/clients.ts): the engagements owners start from a client's lead page (a program's
-- package of sessions, its terms, the client's private link and booking reference) and the testimonials clients
-- send from their page. Both are kept and deleted with the lead.

-- One row per engagement: the columns it is looked up by, the rest as JSON.
CREATE TABLE IF NOT EXISTS engagements (
  id TEXT PRIMARY KEY,            -- the site's own id (128 random bits)
  lead_kind TEXT NOT NULL,
  lead_id TEXT NOT NULL,
  reference TEXT NOT NULL UNIQUE, -- the "Book next session" link's reference (96 random bits)
  link_hash TEXT UNIQUE,          -- the keyed hash of the client page's token; NULL once revoked
  payment_request_id TEXT UNIQUE, -- the paid request that started it, if one did
  valid_until TEXT NOT NULL,      -- YYYY-MM-DD (India)
  created_at TEXT NOT NULL,
  engagement TEXT NOT NULL        -- JSON EngagementRecord, without its acceptance
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS engagements_lead ON engagements (lead_kind, lead_id);
CREATE INDEX IF NOT EXISTS engagements_valid ON engagements (valid_until);

-- The client's acceptance of an engagement's terms: one row, inserted once (a second acceptance changes nothing),
-- apart from the engagement so that a write of the whole engagement never undoes it.
CREATE TABLE IF NOT EXISTS terms_acceptances (
  engagement_id TEXT PRIMARY KEY,
  lead_kind TEXT NOT NULL,
  lead_id TEXT NOT NULL,
  accepted_at TEXT NOT NULL,
  acceptance TEXT NOT NULL        -- JSON TermsAcceptance: the version, the hash of the exact text, the time
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS terms_acceptances_lead ON terms_acceptances (lead_kind, lead_id);

-- One row per testimonial a client sent.
CREATE TABLE IF NOT EXISTS testimonials (
  id TEXT PRIMARY KEY,            -- 128 random bits
  engagement_id TEXT NOT NULL,
  lead_kind TEXT NOT NULL,
  lead_id TEXT NOT NULL,
  status TEXT NOT NULL,           -- pending, approved, declined, withdrawn
  submitted_at TEXT NOT NULL,
  testimonial TEXT NOT NULL       -- JSON TestimonialRecord
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS testimonials_engagement ON testimonials (engagement_id, submitted_at);
CREATE INDEX IF NOT EXISTS testimonials_lead ON testimonials (lead_kind, lead_id);
CREATE INDEX IF NOT EXISTS testimonials_status ON testimonials (status, submitted_at);
