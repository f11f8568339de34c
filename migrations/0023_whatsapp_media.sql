-- Photos, voice notes, videos, documents and stickers visitors send on WhatsApp: one row per attachment, keyed by
-- an opaque random id of our own (the R2 object's key and the desk's /desk/media/:id), never the wamid (which
-- embeds the sender's number) nor Meta's media id. A table of its own rather than columns on whatsapp_messages:
-- the desk finds an attachment by its primary key, and the queue job updates it without touching the message.
--   message_id         the message's wamid (one attachment per message: a repeated webhook adds none)
--   phone              the sender, as whatsapp_messages.phone (erased with the conversation)
--   received_at        when the visitor sent it (pruned with the messages)
--   kind               image, audio, video, document, sticker (Meta's message type)
--   provider_media_id  Meta's id, for GET /{media-id} (it expires after about 7 days)
--   mime_type          as the webhook said, then as Meta served it
--   filename           a document's name as the sender gave it
--   voice              1 for a recorded voice note
--   status             pending (being fetched), stored (in R2), failed (could not be fetched)
--   size               bytes, once stored
--   failure            why it failed (a code, no personal data)
CREATE TABLE IF NOT EXISTS whatsapp_media (
  id TEXT PRIMARY KEY,
  message_id TEXT NOT NULL UNIQUE,
  phone TEXT NOT NULL,
  received_at TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'audio', 'video', 'document', 'sticker')),
  provider_media_id TEXT NOT NULL,
  mime_type TEXT,
  filename TEXT,
  voice INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'stored', 'failed')),
  size INTEGER,
  failure TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS whatsapp_media_by_phone ON whatsapp_media (phone, received_at);
CREATE INDEX IF NOT EXISTS whatsapp_media_by_time ON whatsapp_media (received_at);
