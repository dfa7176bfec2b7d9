-- One row per bet slip, for every game family. Money moves only through the ledger:
-- placing holds the stake (player → house:stakes); settling releases it.
CREATE TABLE bets (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  game_type text NOT NULL CHECK (game_type IN ('sports','minigame','casino','slot')),
  game text NOT NULL,
  vendor text,
  round text,
  bet_type text NOT NULL DEFAULT 'single' CHECK (bet_type IN ('single','combo')),
  -- [{ name, market, pick, odds, result }]: one entry per folder of the slip.
  selections jsonb NOT NULL DEFAULT '[]',
  odds numeric(14,2) NOT NULL CHECK (odds >= 1),
  amount bigint NOT NULL CHECK (amount > 0),
  potential_win bigint NOT NULL CHECK (potential_win >= 0),
  win_amount bigint NOT NULL DEFAULT 0 CHECK (win_amount >= 0),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open','won','lost','draw','cancelled','void')),
  request_id text NOT NULL,
  money_before bigint NOT NULL,
  money_after bigint NOT NULL,
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  UNIQUE (user_id, request_id)
);
CREATE INDEX bets_user_idx ON bets(user_id, created_at DESC);
CREATE INDEX bets_open_idx ON bets(game_type, status) WHERE status = 'open';
