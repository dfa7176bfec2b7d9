-- Casino and slots through vendor wallets (issue 10, decision 021).

-- Per-vendor operator settings; a vendor without a row uses its adapter's defaults.
CREATE TABLE casino_vendor_settings (
  vendor text PRIMARY KEY,
  enabled boolean NOT NULL,
  wallet_mode text NOT NULL CHECK (wallet_mode IN ('seamless','transfer','switching')),
  skin smallint NOT NULL CHECK (skin BETWEEN 1 AND 20),
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL
);

-- A launch: the token the vendor's calls carry, and (switching mode) what moved into the vendor wallet.
CREATE TABLE casino_sessions (
  id bigserial PRIMARY KEY,
  token text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users(id),
  vendor text NOT NULL,
  product text,
  game text,
  wallet_mode text NOT NULL CHECK (wallet_mode IN ('seamless','transfer','switching')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  closed_at timestamptz
);
CREATE INDEX casino_sessions_open_idx ON casino_sessions(user_id) WHERE closed_at IS NULL;
CREATE INDEX casino_sessions_idle_idx ON casino_sessions(last_seen_at) WHERE closed_at IS NULL;

-- Single-use nonces of signed wallet calls, per vendor; pruned once outside the timestamp window.
CREATE TABLE casino_wallet_nonces (
  vendor text NOT NULL,
  nonce text NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (vendor, nonce)
);
CREATE INDEX casino_wallet_nonces_at_idx ON casino_wallet_nonces(at);

-- Every money call of a vendor, unique per (vendor, transaction_uuid): the idempotency key.
-- A bet row also carries its round's result for history (win_amount, status, balance after).
-- A tombstone is a rollback that arrived before its bet: it holds the bet's uuid so the late
-- bet finds it taken.
CREATE TABLE casino_wallet_tx (
  id bigserial PRIMARY KEY,
  vendor text NOT NULL,
  transaction_uuid text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('bet','win','rollback','tombstone')),
  user_id bigint NOT NULL REFERENCES users(id),
  round text NOT NULL,
  game text NOT NULL,
  game_type text NOT NULL CHECK (game_type IN ('casino','slot')),
  wallet text NOT NULL CHECK (wallet IN ('money','casino')),
  amount bigint NOT NULL CHECK (amount >= 0),
  reference_uuid text,
  bet_id bigint REFERENCES bets(id),
  win_amount bigint NOT NULL DEFAULT 0 CHECK (win_amount >= 0),
  status text NOT NULL CHECK (status IN ('open','settled','rolled_back','done')),
  request_uuid text NOT NULL,
  answer_balance bigint NOT NULL,
  balance_before bigint NOT NULL,
  balance_after bigint NOT NULL,
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  UNIQUE (vendor, transaction_uuid)
);
CREATE INDEX casino_wallet_tx_user_idx ON casino_wallet_tx(user_id, created_at DESC) WHERE kind = 'bet';
CREATE INDEX casino_wallet_tx_time_idx ON casino_wallet_tx(created_at DESC) WHERE kind = 'bet';

-- Every raw request and its answer, as received and sent.
CREATE TABLE casino_wallet_calls (
  id bigserial PRIMARY KEY,
  vendor text NOT NULL,
  method text NOT NULL,
  request_uuid text,
  transaction_uuid text,
  body text NOT NULL,
  status text NOT NULL,
  answer jsonb NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX casino_wallet_calls_at_idx ON casino_wallet_calls(at);

-- Agent pay-in / pay-out of a downline member's casino balance (spec §7), idempotent per agent request.
CREATE TABLE casino_agent_moves (
  id bigserial PRIMARY KEY,
  agent_id bigint NOT NULL REFERENCES users(id),
  user_id bigint NOT NULL REFERENCES users(id),
  direction text NOT NULL CHECK (direction IN ('deposit','withdraw')),
  amount bigint NOT NULL CHECK (amount > 0),
  memo text,
  request_id text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (agent_id, request_id)
);
