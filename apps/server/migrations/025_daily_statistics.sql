-- Daily statistics (issue 18, decision 030): per (KST day, member, game type), per (day, agent,
-- game type) for the agent's whole subtree, and per (day, game type) for the site, kept by the
-- commission drain in the transaction of each outbox batch. `day` is the KST day the bet was
-- placed; `game_type` is a rolling game type (decision 027) or 'all' (every type together).

-- The outbox carries what statistics need of a settlement: its result and payout (for a
-- `reverse` row, those of the settlement it undoes) and when the bet was placed. Written by the
-- statements that already write the row. Rows written before this migration have no result.
ALTER TABLE bet_outbox ADD COLUMN result text, ADD COLUMN win bigint NOT NULL DEFAULT 0, ADD COLUMN placed_at timestamptz;

-- Figures of settled bets (cancelled ones excluded): counts, stakes, payouts (wins and refunds),
-- lost stakes, valid stakes (won or lost: the rolling base), single and combination bets, and
-- rolling incurred (every agent's part on these bets).
CREATE TABLE stat_member_days (
  day date NOT NULL,
  member_id bigint NOT NULL,
  game_type text NOT NULL,
  bet_count integer NOT NULL DEFAULT 0,
  bet_amount bigint NOT NULL DEFAULT 0,
  win_count integer NOT NULL DEFAULT 0,
  win_amount bigint NOT NULL DEFAULT 0,
  lose_count integer NOT NULL DEFAULT 0,
  lose_amount bigint NOT NULL DEFAULT 0,
  valid_amount bigint NOT NULL DEFAULT 0,
  single_count integer NOT NULL DEFAULT 0,
  single_amount bigint NOT NULL DEFAULT 0,
  combo_count integer NOT NULL DEFAULT 0,
  combo_amount bigint NOT NULL DEFAULT 0,
  rolling bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, game_type, member_id)
);
-- A member's own days (the member detail, the ranking's per-member sums).
CREATE INDEX stat_member_days_member_idx ON stat_member_days (member_id, day);

-- The same figures over an agent's whole subtree, plus the distinct members who bet that day
-- (`bettors`) and the agent's own rolling earned (`rolling_own`).
CREATE TABLE stat_agent_days (
  day date NOT NULL,
  agent_id bigint NOT NULL,
  game_type text NOT NULL,
  bet_count integer NOT NULL DEFAULT 0,
  bet_amount bigint NOT NULL DEFAULT 0,
  win_count integer NOT NULL DEFAULT 0,
  win_amount bigint NOT NULL DEFAULT 0,
  lose_count integer NOT NULL DEFAULT 0,
  lose_amount bigint NOT NULL DEFAULT 0,
  valid_amount bigint NOT NULL DEFAULT 0,
  single_count integer NOT NULL DEFAULT 0,
  single_amount bigint NOT NULL DEFAULT 0,
  combo_count integer NOT NULL DEFAULT 0,
  combo_amount bigint NOT NULL DEFAULT 0,
  rolling bigint NOT NULL DEFAULT 0,
  bettors integer NOT NULL DEFAULT 0,
  rolling_own bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (agent_id, day, game_type)
);

-- The whole site (members without an agent included).
CREATE TABLE stat_site_days (
  day date NOT NULL,
  game_type text NOT NULL,
  bet_count integer NOT NULL DEFAULT 0,
  bet_amount bigint NOT NULL DEFAULT 0,
  win_count integer NOT NULL DEFAULT 0,
  win_amount bigint NOT NULL DEFAULT 0,
  lose_count integer NOT NULL DEFAULT 0,
  lose_amount bigint NOT NULL DEFAULT 0,
  valid_amount bigint NOT NULL DEFAULT 0,
  single_count integer NOT NULL DEFAULT 0,
  single_amount bigint NOT NULL DEFAULT 0,
  combo_count integer NOT NULL DEFAULT 0,
  combo_amount bigint NOT NULL DEFAULT 0,
  rolling bigint NOT NULL DEFAULT 0,
  bettors integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, game_type)
);

-- Money-desk figures are read per period (low volume); these make each read a range scan.
CREATE INDEX bank_requests_processed_idx ON bank_requests (processed_at) WHERE status IN ('approved', 'completed');
CREATE INDEX users_created_idx ON users (created_at);
CREATE INDEX sessions_created_idx ON sessions (created_at) WHERE audience IN ('user', 'agent');
CREATE INDEX ledger_transactions_agent_money_idx ON ledger_transactions (created_at) WHERE kind IN ('agent.grant', 'agent.reclaim');
