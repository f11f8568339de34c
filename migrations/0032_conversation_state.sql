-- What each owner has read of a conversation, and the owners' own state of it.
--   conversation_reads   one row per conversation and owner: until when that owner has read it (opening a
--                        conversation clears "unread" only for the owner who opened it). `address` is the sender's
--                        address as on whatsapp_messages.phone; `owner` the owner's Access email.
--   conversation_states  one row per conversation: "Done" (no answer needed until the visitor writes again: done_through
--                        is the time of their last message when it was marked), and, for
--                        a person no lead has, the owners' follow-up status and note. Personal data like the messages:
--                        exported, erased and pruned with them.
CREATE TABLE IF NOT EXISTS conversation_reads (
  address TEXT NOT NULL,
  owner TEXT NOT NULL,
  read_at TEXT NOT NULL,
  PRIMARY KEY (address, owner)
);
CREATE INDEX IF NOT EXISTS conversation_reads_by_time ON conversation_reads (read_at);

CREATE TABLE IF NOT EXISTS conversation_states (
  address TEXT PRIMARY KEY,
  done_at TEXT,
  done_through TEXT,
  done_by TEXT,
  status TEXT CHECK (status IS NULL OR status IN ('new', 'contacted', 'booked', 'client', 'closed')),
  status_by TEXT,
  status_at TEXT,
  note TEXT,
  note_by TEXT,
  note_at TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS conversation_states_by_time ON conversation_states (updated_at);
