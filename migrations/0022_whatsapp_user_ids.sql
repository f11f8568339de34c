-- The sender's WhatsApp business-scoped user id (`US.…`) and username, kept with each message they wrote. A person
-- who shows no number is addressed by the user id (then `phone` holds it); once a message shows both, their
-- messages are kept under the number. Personal data like the number: exported, erased and pruned with the message.
-- An erased user id is remembered in erased_contacts like an erased number (kind 'user', a keyed hash of `user:<id>`),
-- and an opt-out by a user id in whatsapp_opt_outs (number_hash: the keyed hash of `user:<id>`).
ALTER TABLE whatsapp_messages ADD COLUMN user_id TEXT;
ALTER TABLE whatsapp_messages ADD COLUMN username TEXT;
CREATE INDEX IF NOT EXISTS whatsapp_messages_by_user_id ON whatsapp_messages (user_id);
