-- Re-authentication before a sensitive change (issue 21, decision 050): the password (and the
-- one-time code when enrolled) buys a proof bound to the session, valid a few minutes, used once.
CREATE TABLE reauth_proofs (
  token_hash text PRIMARY KEY,
  session_id bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX reauth_proofs_session_idx ON reauth_proofs (session_id);
