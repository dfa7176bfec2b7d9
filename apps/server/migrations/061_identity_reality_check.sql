-- Issue 23, second half (decision 058): identity status per member with its history, and the
-- reality check's acknowledgements per session.

-- A member's identity status as an admin last set it; no row reads as 'unverified'.
CREATE TABLE member_identity (
  user_id bigint PRIMARY KEY REFERENCES users(id),
  status text NOT NULL CHECK (status IN ('unverified', 'pending', 'verified', 'rejected')),
  -- The document the admin saw (kind and what identified it), as the admin wrote it.
  document_note text NOT NULL,
  admin_id bigint NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Every status an admin set, oldest first; the audit log holds the same change hash-chained.
CREATE TABLE member_identity_history (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  status text NOT NULL CHECK (status IN ('unverified', 'pending', 'verified', 'rejected')),
  document_note text NOT NULL,
  admin_id bigint NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX member_identity_history_user_idx ON member_identity_history (user_id, id DESC);

-- The last time the player chose to continue after a reality check in this session; the next
-- check is due one interval after it (or after the session's start when there is no row).
CREATE TABLE reality_checks (
  session_id bigint PRIMARY KEY REFERENCES sessions(id),
  acknowledged_at timestamptz NOT NULL
);
