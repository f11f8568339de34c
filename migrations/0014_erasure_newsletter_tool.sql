-- What the newsletter tool was told when an erasure found a signup it had received, JSON
-- {provider: "kit" | "mailchimp", state: "pending" | "deleted" | "unsubscribed" | "failed", code?}; NULL when the
-- tool had none of the person's signups. Never the person's address: that travels only in the queued job.
ALTER TABLE erasures ADD COLUMN newsletter_tool TEXT;
