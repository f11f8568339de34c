-- Owner notifications: one row per WhatsApp message a lead triggers, keyed by
-- (submission id, template, recipient). The key is what makes a message go out
-- at most once when the queue delivers a job twice.
--   status: pending  -> not sent yet (new, or waiting for a retry)
--           sending  -> claimed by a consumer; the request may be in flight
--           sent     -> accepted by WhatsApp (or written to the log without credentials)
--           failed   -> permanent error (e.g. 190 expired token), or an interrupted send not retried
--           dead     -> the job exhausted its queue retries (dead-letter queue)
--           replay   -> set by an operator to send again (see docs/decisions/004-whatsapp-delivery.md)
CREATE TABLE IF NOT EXISTS deliveries (
  submission_id TEXT NOT NULL,
  template TEXT NOT NULL,
  recipient TEXT NOT NULL,               -- E.164
  lead_kind TEXT NOT NULL,               -- quiz | newsletter | enquiry
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'dead', 'replay')),
  channel TEXT,                          -- graph | log (which sender made the last attempt)
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error_code TEXT,                  -- Graph error.code ('190'), or http_503 | network | timeout | interrupted
  last_error_message TEXT,
  provider_message_id TEXT,              -- wamid.… when sent through the Graph API
  components TEXT NOT NULL,              -- JSON of the template components (the parameters sent)
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  sent_at TEXT,
  PRIMARY KEY (submission_id, template, recipient)
);

CREATE INDEX IF NOT EXISTS deliveries_by_status ON deliveries (status, updated_at);

-- Every attempt's outcome, for the operator's "what failed and why".
CREATE TABLE IF NOT EXISTS delivery_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  submission_id TEXT NOT NULL,
  template TEXT NOT NULL,
  recipient TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'retryable', 'permanent', 'interrupted', 'dead')),
  code TEXT,
  message TEXT,
  channel TEXT,
  at TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS delivery_attempts_by_delivery ON delivery_attempts (submission_id, template, recipient);
