-- What every lead records besides its form: the consent notice shown, as JSON {version, at};
-- the visit's first-touch attribution, as JSON {utm_source, utm_medium, utm_campaign, utm_content,
-- utm_term, referrer_host, landing_path} with only the keys present (NULL when none); and for the
-- quiz the programs it recommended, as a JSON array of program titles.
-- Rows stored before this migration have NULL in these columns.
ALTER TABLE quiz_responses ADD COLUMN recommended TEXT;
ALTER TABLE quiz_responses ADD COLUMN consent TEXT;
ALTER TABLE quiz_responses ADD COLUMN attribution TEXT;
ALTER TABLE news_letter ADD COLUMN consent TEXT;
ALTER TABLE news_letter ADD COLUMN attribution TEXT;
ALTER TABLE enquiries ADD COLUMN consent TEXT;
ALTER TABLE enquiries ADD COLUMN attribution TEXT;
