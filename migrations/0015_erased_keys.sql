-- An erasure now keeps, in erased_contacts, HMAC-SHA256 hashes under the secret ERASURE_KEY (salt = '') instead of
-- salted SHA-256 (older rows keep their salt until the cron prunes them). `kind` says what was hashed:
--   email | phone | sender   an erased person's address, number or WhatsApp pseudonym: pruned after 30 days, so a
--                            job queued before the erasure is dropped, and a new contact later is kept
--   wamid                    the id of a message they wrote: kept, so a retried or replayed webhook event of an
--                            erased message never stores it again (the hash cannot be turned back into the id)
ALTER TABLE erased_contacts ADD COLUMN kind TEXT;
