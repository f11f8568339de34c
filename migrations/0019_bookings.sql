-- Booked calls: a lead's opaque booking reference, the bookings the booking tools' webhooks bring, and the two
-- new follow-up statuses (booked, client).

-- The reference a lead's "Book a call" link carries (random, 96 bits; src/leads/booking-ref.ts): a booking comes
-- back with it and is linked to the lead. NULL on leads stored before it existed.
ALTER TABLE quiz_responses ADD COLUMN booking_ref TEXT;
ALTER TABLE enquiries ADD COLUMN booking_ref TEXT;
CREATE UNIQUE INDEX IF NOT EXISTS quiz_responses_booking_ref ON quiz_responses (booking_ref) WHERE booking_ref IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS enquiries_booking_ref ON enquiries (booking_ref) WHERE booking_ref IS NOT NULL;

-- One row per booking (src/store/bookings.ts): its newest state, the lead it is linked to and its history.
CREATE TABLE IF NOT EXISTS bookings (
  provider TEXT NOT NULL,        -- calcom | calendly
  id TEXT NOT NULL,              -- the tool's booking id (Cal.com uid, Calendly invitee URI)
  status TEXT NOT NULL,          -- booked | moved | cancelled
  start_at TEXT NOT NULL,
  end_at TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,           -- lower case
  program TEXT,
  ref TEXT,
  replaces TEXT,
  moved_to TEXT,
  event_at TEXT NOT NULL,        -- the newest applied event's time
  received_at TEXT NOT NULL,
  lead_kind TEXT,                -- NULL: not linked to a lead
  lead_id TEXT,
  lead TEXT,                     -- JSON BookingLink
  history TEXT NOT NULL,         -- JSON BookingStep[]
  PRIMARY KEY (provider, id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS bookings_lead ON bookings (lead_kind, lead_id);
CREATE INDEX IF NOT EXISTS bookings_start ON bookings (status, start_at);
CREATE INDEX IF NOT EXISTS bookings_email ON bookings (email);
CREATE INDEX IF NOT EXISTS bookings_received ON bookings (received_at);

-- Each event of a booking once: a repeated delivery finds its row and changes nothing.
CREATE TABLE IF NOT EXISTS booking_events (
  provider TEXT NOT NULL,
  booking_id TEXT NOT NULL,
  event TEXT NOT NULL,           -- created | rescheduled | cancelled
  event_at TEXT NOT NULL,
  received_at TEXT NOT NULL,
  PRIMARY KEY (provider, booking_id, event, event_at)
) WITHOUT ROWID;

-- The follow-up gains booked (a call, set by a booking) and client (set by an owner). SQLite cannot change a
-- CHECK in place: the table is rebuilt with its rows.
CREATE TABLE lead_desk_next (
  kind TEXT NOT NULL,
  id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'booked', 'client', 'closed')),
  status_by TEXT,
  status_at TEXT,
  note TEXT,
  note_by TEXT,
  note_at TEXT,
  corrected TEXT,
  corrected_by TEXT,
  corrected_at TEXT,
  PRIMARY KEY (kind, id)
) WITHOUT ROWID;
INSERT INTO lead_desk_next (kind, id, status, status_by, status_at, note, note_by, note_at, corrected, corrected_by,
  corrected_at)
  SELECT kind, id, status, status_by, status_at, note, note_by, note_at, corrected, corrected_by, corrected_at
  FROM lead_desk;
DROP TABLE lead_desk;
ALTER TABLE lead_desk_next RENAME TO lead_desk;
-- The desk's list filtered by a follow-up status (booked, client…) finds its leads on this index.
CREATE INDEX IF NOT EXISTS lead_desk_status ON lead_desk (kind, status);
