-- What visitors write to the business number (WhatsApp's `messages` webhook), and who answered from the desk.
-- One row per message, keyed by its wamid: Meta repeats and reorders deliveries, a repeat changes nothing.
--   phone          the sender, E.164
--   received_at    when the visitor sent it (Meta's timestamp)
--   type           text, button, image, audio, … ; text holds text.body, a button's text or a caption
--   media_id       an attachment's id at Meta (never downloaded)
--   leads          JSON [{kind, id}]: every lead with this number when it arrived ([] for an unmatched sender)
--   read_at        when an owner opened the conversation (NULL: unread)
CREATE TABLE IF NOT EXISTS whatsapp_messages (
  id TEXT PRIMARY KEY,
  phone TEXT NOT NULL,
  received_at TEXT NOT NULL,
  type TEXT NOT NULL,
  text TEXT,
  media_id TEXT,
  profile_name TEXT,
  context_id TEXT,
  leads TEXT NOT NULL DEFAULT '[]',
  read_at TEXT,
  stored_at TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS whatsapp_messages_by_phone ON whatsapp_messages (phone, received_at);
CREATE INDEX IF NOT EXISTS whatsapp_messages_by_time ON whatsapp_messages (received_at);
CREATE INDEX IF NOT EXISTS whatsapp_messages_unread ON whatsapp_messages (received_at) WHERE read_at IS NULL;

-- An owner's answer from the desk is a ledger row (template desk_reply): who sent it.
ALTER TABLE deliveries ADD COLUMN sent_by TEXT;
-- A conversation shows every message the business sent to a number.
CREATE INDEX IF NOT EXISTS deliveries_by_recipient ON deliveries (recipient, created_at);
