-- Mini games (issue 10, decision 019): rounds on fixed time slots, each drawn from a seed of a
-- hash chain committed before the chain's first round.

-- A chain covers rounds first_number … first_number + length − 1 of one game; round k of the
-- chain (k = number − first_number + 1) reveals seed k. `anchor` (sha256 of seed 1) is public
-- from published_at on; `secret_seed` (the terminal seed) never leaves the server.
CREATE TABLE minigame_chains (
  id bigserial PRIMARY KEY,
  game text NOT NULL,
  first_number bigint NOT NULL,
  length int NOT NULL CHECK (length > 0),
  anchor text NOT NULL,
  secret_seed text NOT NULL,
  published_at timestamptz NOT NULL,
  UNIQUE (game, first_number)
);

-- One row per round; `number` is the time slot (draws_at = number × interval), so a restart
-- finds the same numbers and the unique key stops a round from being made twice.
CREATE TABLE minigame_rounds (
  id bigserial PRIMARY KEY,
  game text NOT NULL,
  number bigint NOT NULL,
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  draws_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open','closed','drawn','settled','void')),
  chain_id bigint NOT NULL REFERENCES minigame_chains(id),
  chain_index int NOT NULL CHECK (chain_index > 0),
  seed text,
  entropy_source text,
  entropy text,
  result jsonb,
  closed_at timestamptz,
  drawn_at timestamptz,
  settled_at timestamptz,
  UNIQUE (game, number)
);
CREATE INDEX minigame_rounds_pending_idx ON minigame_rounds(game, number) WHERE status IN ('open','closed','drawn');
CREATE INDEX minigame_rounds_done_idx ON minigame_rounds(game, number DESC) WHERE status IN ('drawn','settled','void');

-- A member's bets on one round (duplicate and per-round total checks under the member lock).
CREATE INDEX bets_minigame_member_round_idx ON bets(user_id, game, round) WHERE game_type = 'minigame';

-- Mini-game settings that fit a round of 1–5 minutes (the generic defaults close betting 60 s and
-- cancellation 600 s before the draw, which would leave a 1-minute game no betting time at all).
INSERT INTO game_settings (game, settings, updated_at, updated_by)
SELECT 'minigame:' || g.key, jsonb_build_object('closing_seconds', g.closing, 'cancel_seconds', g.closing + 10, 'cancel_minutes', 5), now(), 'migration'
FROM (VALUES
  ('ntry_eos1', 10), ('ntry_eos2', 15), ('ntry_eos3', 20), ('ntry_eos4', 25), ('ntry_eos5', 30),
  ('ntry_powerball', 30), ('ntry_powerladder', 30), ('ntry_kenoladder', 30), ('ntry_speedkeno', 30),
  ('bepick_eos1', 10), ('bepick_eos2', 15), ('bepick_eos3', 20), ('bepick_eos4', 25), ('bepick_eos5', 30),
  ('bepick_happy545', 30), ('bepick_marukhan', 15), ('roulette', 10), ('cockfight', 20), ('virtual_soccer', 20)
) AS g(key, closing)
ON CONFLICT (game) DO NOTHING;
