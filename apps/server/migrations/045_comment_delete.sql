-- An admin deletes a single free-board comment (issue 19, decision 044). Like posts, the row stays
-- (deleted_at set) so the comment reward's ledger transaction still names a comment and the audit
-- row's before keeps its text; every read skips deleted comments.
ALTER TABLE post_comments ADD COLUMN deleted_at timestamptz;
