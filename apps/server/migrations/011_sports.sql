-- Sports betting (issue 9). Catalogue and odds come from a feed adapter (the built-in simulated
-- feed by default); stakes and payouts only through `bets` and the ledger.

CREATE TABLE sports (
  code text PRIMARY KEY,             -- soccer, basketball, baseball, volleyball, table_tennis, hockey, tennis, american_football, esports, ufc, futsal, handball
  names jsonb NOT NULL,              -- { ko, ja, vi, th, en }
  sort int NOT NULL DEFAULT 0
);

CREATE TABLE leagues (
  id bigserial PRIMARY KEY,
  sport text NOT NULL REFERENCES sports(code),
  feed_ref text NOT NULL UNIQUE,
  names jsonb NOT NULL,              -- { ko, ja, vi, th, en }
  country text,
  -- League interworking (spec §4): betting types this league is stopped for.
  stopped_types text[] NOT NULL DEFAULT '{}',
  sort int NOT NULL DEFAULT 0
);

CREATE TABLE teams (
  id bigserial PRIMARY KEY,
  sport text NOT NULL REFERENCES sports(code),
  feed_ref text NOT NULL UNIQUE,
  feed_name text NOT NULL,
  -- Admin team-name management: display name per language, overriding feed_name.
  names jsonb NOT NULL DEFAULT '{}'
);

CREATE TABLE fixtures (
  id bigserial PRIMARY KEY,
  feed_ref text NOT NULL UNIQUE,
  sport text NOT NULL REFERENCES sports(code),
  league_id bigint NOT NULL REFERENCES leagues(id),
  home_team_id bigint NOT NULL REFERENCES teams(id),
  away_team_id bigint NOT NULL REFERENCES teams(id),
  starts_at timestamptz NOT NULL,
  -- Game status (spec §4): waiting → release → progress → result; cancelled when the feed voids it.
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting','release','progress','result','cancelled')),
  -- On sale or release stopped (admin or feed), and manual/automatic management.
  on_sale boolean NOT NULL DEFAULT true,
  managed text NOT NULL DEFAULT 'auto' CHECK (managed IN ('auto','manual')),
  -- Feed bet stop (in play: dangerous moments); bets are refused while true.
  bet_stop boolean NOT NULL DEFAULT false,
  -- Live score: { home, away, period, clock, events: [...] }.
  score jsonb NOT NULL DEFAULT '{}',
  -- Final result as entered by the feed or an admin: { home, away, periods: [...], specials: {...} }.
  result jsonb,
  result_source text CHECK (result_source IN ('feed','admin')),
  result_version int NOT NULL DEFAULT 0,
  -- Bumped on every odds or status change; the bet slip re-confirms when it moved.
  version bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL
);
CREATE INDEX fixtures_start_idx ON fixtures(starts_at) WHERE status IN ('waiting','release','progress');
CREATE INDEX fixtures_sport_idx ON fixtures(sport, starts_at);

CREATE TABLE markets (
  id bigserial PRIMARY KEY,
  fixture_id bigint NOT NULL REFERENCES fixtures(id),
  feed_ref text NOT NULL,
  -- 1x2, moneyline, handicap, over_under, odd_even, first_score, first_3pt, first_free_throw, correct_score_band, …
  kind text NOT NULL,
  period text NOT NULL DEFAULT 'ft',
  line numeric(7,2),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open','suspended','settled','void')),
  sort int NOT NULL DEFAULT 0,
  UNIQUE (fixture_id, feed_ref)
);
CREATE INDEX markets_fixture_idx ON markets(fixture_id);

CREATE TABLE outcomes (
  id bigserial PRIMARY KEY,
  market_id bigint NOT NULL REFERENCES markets(id),
  code text NOT NULL,                -- home, draw, away, over, under, odd, even, yes, no, band code …
  -- Provider odds as received (two providers; spec "dividend provider choice").
  primary_odds numeric(9,2),
  secondary_odds numeric(9,2),
  -- Odds offered to players: the chosen provider's, after margin, adjustment and cap.
  odds numeric(9,2) NOT NULL CHECK (odds >= 1),
  active boolean NOT NULL DEFAULT true,
  -- Settlement of this outcome: won, lost, void, half_won, half_lost; dead_heat_factor for ties.
  result text CHECK (result IN ('won','lost','void','half_won','half_lost')),
  dead_heat_factor numeric(6,4),
  updated_at timestamptz NOT NULL,
  UNIQUE (market_id, code)
);

-- One row per folder of a sports bet (the bet itself is a `bets` row with game_type 'sports').
CREATE TABLE sports_bet_selections (
  bet_id bigint NOT NULL REFERENCES bets(id),
  idx smallint NOT NULL,
  fixture_id bigint NOT NULL REFERENCES fixtures(id),
  market_id bigint NOT NULL REFERENCES markets(id),
  outcome_id bigint NOT NULL REFERENCES outcomes(id),
  odds numeric(9,2) NOT NULL,
  line numeric(7,2),
  in_play boolean NOT NULL DEFAULT false,
  -- Filled by settlement: won, lost, void, half_won, half_lost, with the factor it contributed.
  result text CHECK (result IN ('won','lost','void','half_won','half_lost')),
  factor numeric(12,6),
  PRIMARY KEY (bet_id, idx)
);
CREATE INDEX sports_bet_selections_fixture_idx ON sports_bet_selections(fixture_id);
CREATE INDEX sports_bet_selections_outcome_idx ON sports_bet_selections(outcome_id);

-- Per bet: which board it was placed on (cross, special, special2, live, europe, inplay).
CREATE TABLE sports_bets (
  bet_id bigint PRIMARY KEY REFERENCES bets(id),
  board text NOT NULL,
  folders smallint NOT NULL,
  in_play boolean NOT NULL DEFAULT false
);

-- Every feed message as received (audit and replay); processed_at set once applied.
CREATE TABLE feed_messages (
  id bigserial PRIMARY KEY,
  provider text NOT NULL,
  kind text NOT NULL,                -- fixture, odds_change, bet_stop, bet_start, score, bet_settlement, bet_cancel, rollback_settlement, rollback_cancel, void
  fixture_ref text,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL,
  processed_at timestamptz
);
CREATE INDEX feed_messages_fixture_idx ON feed_messages(fixture_ref, id);

-- Settlement work queue: the job drains it in batches; each batch commits its bets and
-- ledger postings together, so a crash leaves nothing half-paid and a restart resumes.
CREATE TABLE sports_settle_queue (
  id bigserial PRIMARY KEY,
  fixture_id bigint NOT NULL REFERENCES fixtures(id),
  action text NOT NULL CHECK (action IN ('settle','resettle','cancel_refund','cancel_recover','rollback','cancel_window')),
  params jsonb NOT NULL DEFAULT '{}',
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL,
  done_at timestamptz
);
CREATE INDEX sports_settle_queue_open_idx ON sports_settle_queue(id) WHERE done_at IS NULL;
