-- Charge (deposit) and exchange (withdrawal) requests, and conversions between assets.

CREATE TABLE bank_requests (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  type text NOT NULL CHECK (type IN ('charge','exchange')),
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting','approved','refused','cancelled','completed')),
  request_id text NOT NULL,
  holder text,
  bank_name text,
  bank_account text,
  money_after bigint,
  bonus_point bigint NOT NULL DEFAULT 0,
  -- Duplicate-deposit flags (spec §5): same amount within 1 minute, or within 5 minutes.
  flag text CHECK (flag IN ('possible_duplicate','double')),
  memo text,
  processed_by bigint,
  created_at timestamptz NOT NULL,
  processed_at timestamptz,
  UNIQUE (user_id, type, request_id)
);
CREATE INDEX bank_requests_user_idx ON bank_requests(user_id, type, created_at DESC);
CREATE INDEX bank_requests_status_idx ON bank_requests(type, status, id DESC);

CREATE TABLE conversions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  kind text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  before bigint NOT NULL,
  after bigint NOT NULL,
  request_id text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, request_id)
);
CREATE INDEX conversions_user_idx ON conversions(user_id, created_at DESC);
