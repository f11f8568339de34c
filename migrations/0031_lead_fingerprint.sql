-- What a submission id belongs to: the fingerprint of the fields its visitor typed (src/store/lead-fingerprint.ts),
-- so a repeat with another body under the same id is refused and changes nothing. Erased with its lead. NULL on
-- leads stored before it existed: those are compared by their stored fields.
ALTER TABLE quiz_responses ADD COLUMN body_hash TEXT;
ALTER TABLE news_letter ADD COLUMN body_hash TEXT;
ALTER TABLE enquiries ADD COLUMN body_hash TEXT;
