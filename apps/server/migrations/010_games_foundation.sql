-- Settings per game (spec §3), one row per game key; a key never written reads as defaults.
CREATE TABLE game_settings (
  game text PRIMARY KEY,
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL
);

-- Settlement bookkeeping shared by every game family (betting.settleBets / unsettleBets):
-- the ledger transaction of the current settlement, and how many times the bet was settled
-- (a re-entered result recalls the first settlement and settles again).
ALTER TABLE bets ADD COLUMN settled_tx bigint;
ALTER TABLE bets ADD COLUMN settle_count int NOT NULL DEFAULT 0;
ALTER TABLE bets ADD COLUMN cancelled_by text CHECK (cancelled_by IN ('player','admin','feed','system'));
CREATE INDEX bets_round_open_idx ON bets(game_type, game, round) WHERE status = 'open';
