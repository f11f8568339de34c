-- A quiz response records the newsletter box's own consent when the visitor ticked "Also send me the newsletter":
-- JSON {version, at} (the notice shown beside the box, and when). NULL when the box was not ticked, and on
-- responses stored before the box existed.
ALTER TABLE quiz_responses ADD COLUMN newsletter_consent TEXT;
