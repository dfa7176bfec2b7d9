-- Issue 19, decision 037: the admin member detail's update history reads one account's audit
-- rows, newest first, 20 a page (audit_log grows with every admin and agent action).
CREATE INDEX audit_log_target_idx ON audit_log (target, id DESC);
