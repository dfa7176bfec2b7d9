-- Two-factor login (issue 21, decision 050): TOTP (RFC 6238) for admins (required) and agents
-- (optional by the setting two_factor_agents). One row per signed-in subject; admins and
-- users have separate id spaces, so the audience is part of the key.
CREATE TABLE two_factor (
  audience text NOT NULL CHECK (audience IN ('agent','admin')),
  subject_id bigint NOT NULL,
  -- AES-256-GCM of the base32 secret under the server's TWO_FACTOR_KEY; never sent again
  -- after enrolment. pending_secret is the one shown at enrolment until its first code confirms it.
  secret_enc text,
  pending_secret_enc text,
  enabled_at timestamptz,
  -- The last time step a code was accepted at: a code of that step or an earlier one is a replay.
  last_step bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (audience, subject_id)
);

-- One-time recovery codes, shown once at enrolment, stored as SHA-256 (they are 50 bits of
-- randomness and the login limits count every wrong one); used_at set on use.
CREATE TABLE two_factor_recovery (
  id bigserial PRIMARY KEY,
  audience text NOT NULL,
  subject_id bigint NOT NULL,
  code_hash text NOT NULL,
  used_at timestamptz,
  UNIQUE (audience, subject_id, code_hash)
);

-- A session opened by the password of an admin (or an agent the setting obliges) who has no
-- second factor yet may only enrol (platform/http.ts refuses every other call).
ALTER TABLE sessions ADD COLUMN two_factor_pending boolean NOT NULL DEFAULT false;
