-- The protection report (issue 23, decision 059) reads the audit rows of a few actions over a
-- period: `action = ANY(…) AND created_at` in a range is one index range scan per action.
CREATE INDEX audit_log_action_time_idx ON audit_log (action, created_at);
