-- The built-in house vendor (decision 022). It is an outside party to the operator: it knows a
-- player only as the wallet's user id and launch token, and its money moves only through the
-- operator's wallet API. Nothing here references the platform's own tables.

-- Seed chains (platform/fair.ts): s_{i-1} = sha256(s_i); the anchor s_0 is published before the
-- chain's first use; round k of the chain reveals s_k. terminal_seed stays secret.
CREATE TABLE house_seed_chains (
  id bigserial PRIMARY KEY,
  game text NOT NULL CHECK (game IN ('slot', 'baccarat')),
  anchor text NOT NULL,
  terminal_seed text NOT NULL,
  length int NOT NULL CHECK (length > 0),
  next_use int NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL
);
CREATE INDEX house_seed_chains_open_idx ON house_seed_chains(game, id) WHERE next_use <= length;

-- A launch token the wallet confirmed (balance call answered RS_OK) for this user, with the
-- wallet's currency; every later call of the game page must name the same user.
CREATE TABLE house_sessions (
  token text PRIMARY KEY,
  user_id bigint NOT NULL,
  game_code text NOT NULL,
  currency text NOT NULL,
  created_at timestamptz NOT NULL
);

-- One paid round (a slot spin with its free spins, or a baccarat hand). The result is drawn when
-- the row is written; the wallet calls follow: status drawn → bet_placed → settled, or refused
-- (the wallet declined the bet) / rolled_back (the bet call's fate was unknown, so it was undone).
CREATE TABLE house_rounds (
  id bigserial PRIMARY KEY,
  game text NOT NULL CHECK (game IN ('slot', 'baccarat')),
  game_code text NOT NULL,
  user_id bigint NOT NULL,
  token text NOT NULL,
  request_id text NOT NULL,
  chain_id bigint NOT NULL REFERENCES house_seed_chains(id),
  chain_use int NOT NULL,
  seed text NOT NULL,
  client_seed text NOT NULL,
  bets jsonb NOT NULL,
  stake bigint NOT NULL CHECK (stake > 0),
  win bigint NOT NULL CHECK (win >= 0),
  result jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('drawn', 'bet_placed', 'settled', 'refused', 'rolled_back')),
  wallet_status text,
  balance bigint,
  attempts int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  UNIQUE (token, request_id),
  UNIQUE (chain_id, chain_use)
);
CREATE INDEX house_rounds_user_idx ON house_rounds(user_id, game_code, id DESC);
-- Rounds whose win (or rollback) still has to reach the wallet: the retry job reads these.
CREATE INDEX house_rounds_pending_idx ON house_rounds(id) WHERE status IN ('drawn', 'bet_placed');

-- Every call the vendor made to the wallet, raw, with the answer (or the transport failure).
CREATE TABLE house_wallet_calls (
  id bigserial PRIMARY KEY,
  round_id bigint REFERENCES house_rounds(id),
  method text NOT NULL,
  request text NOT NULL,
  http_status int,
  answer text,
  error text,
  created_at timestamptz NOT NULL
);
CREATE INDEX house_wallet_calls_round_idx ON house_wallet_calls(round_id);
