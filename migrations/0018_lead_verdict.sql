-- Turnstile's verdict on each lead, kept with it: 'verified' (a token siteverify accepted, or Turnstile off with
-- visitor messages allowed), 'refused' (no token it accepted), 'unchecked' (siteverify could not be reached).
-- Whether a number's words may reach the owners' phones is decided from it. NULL on leads stored before it was
-- recorded (and on a lead queued without one): those are decided as before, from their owner alerts in the ledger.
ALTER TABLE quiz_responses ADD COLUMN verdict TEXT CHECK (verdict IN ('verified', 'refused', 'unchecked'));
ALTER TABLE news_letter ADD COLUMN verdict TEXT CHECK (verdict IN ('verified', 'refused', 'unchecked'));
ALTER TABLE enquiries ADD COLUMN verdict TEXT CHECK (verdict IN ('verified', 'refused', 'unchecked'));
