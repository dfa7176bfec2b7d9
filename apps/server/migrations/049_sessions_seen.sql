-- Online means a session seen in the last poll window (issue 20, decision 047): the admin
-- dashboard counts open sessions by last_seen_at. Without this index the count read every open
-- session ever left to idle out. The last-seen time is written at most once a minute per session.
CREATE INDEX sessions_seen_idx ON sessions (last_seen_at) WHERE revoked_at IS NULL;
