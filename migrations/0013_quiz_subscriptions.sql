-- A subscription made with the quiz's "Also send me the newsletter" box: the quiz response it came with, and the
-- tags the newsletter tool gives the subscriber, JSON ["quiz-<program id>", …]. Both NULL for a signup on the form.
ALTER TABLE news_letter ADD COLUMN quiz_id TEXT;
ALTER TABLE news_letter ADD COLUMN tags TEXT;
