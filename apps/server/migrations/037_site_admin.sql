-- Issue 19, decision 040: recommendation codes, the account blacklist, attendance and the
-- casino domains of the admin back office.

-- Spec §3 "Recommendation code": a single-use join code an admin issues for an agent; the
-- member who joins with it lands under that agent. Status is derived (§4): used when used_by is
-- set, waiting for use before starts_at, expired at or after expires_at, else available.
CREATE TABLE recommend_codes (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  agent_id bigint NOT NULL REFERENCES users(id),
  valid_minutes integer NOT NULL CHECK (valid_minutes > 0),
  starts_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  issued_at timestamptz NOT NULL,
  issued_by bigint REFERENCES admins(id),
  memo text,
  deleted_at timestamptz,
  used_by bigint REFERENCES users(id),
  used_at timestamptz,
  CHECK (expires_at > starts_at)
);
CREATE INDEX recommend_codes_list_idx ON recommend_codes (id DESC) WHERE deleted_at IS NULL;

-- Spec §2 "account blacklist": accounts, phone numbers and bank accounts refused at join and login.
CREATE TABLE account_blacklist (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('account', 'phone', 'bank_account')),
  value text NOT NULL,
  memo text,
  created_at timestamptz NOT NULL,
  UNIQUE (kind, value)
);

-- Attendance bonus per consecutive-day count (the longest rule not above the streak applies).
CREATE TABLE attendance_bonuses (
  streak_days integer PRIMARY KEY CHECK (streak_days BETWEEN 1 AND 366),
  point bigint NOT NULL CHECK (point >= 0)
);

-- One row per member per KST day: attending twice the same day hits the key, so the bonus is
-- paid once (its ledger key is the same pair).
CREATE TABLE attendance (
  user_id bigint NOT NULL REFERENCES users(id),
  day date NOT NULL,
  streak integer NOT NULL CHECK (streak >= 1),
  bonus bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, day)
);
CREATE INDEX attendance_day_idx ON attendance (day, user_id);

-- Spec §3 "Domain entry" and §5: entered as {host}/; only these open the casino site.
CREATE TABLE site_domains (
  id bigserial PRIMARY KEY,
  domain text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);

-- Domain access history reads sessions by their domain over a period.
CREATE INDEX sessions_domain_idx ON sessions (domain, created_at) WHERE domain IS NOT NULL;
