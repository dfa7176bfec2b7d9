-- Commission accrual (decision 027): betting writes one outbox row per bet change in the
-- statement that changes the bet; one drain turns the rows into per-bet, per-agent accruals and
-- one ledger transaction per batch, deleting the rows it consumed in the same transaction.

-- A bet's change as settled: its facts are copied so the drain never reads `bets` (which may
-- have changed since). `accrue` for a settlement (stage = settle_count after it), `reverse` for a
-- re-opening (stage = the settlement undone). No foreign key: the bet path pays for none.
CREATE TABLE bet_outbox (
  id bigserial PRIMARY KEY,
  bet_id bigint NOT NULL,
  stage integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('accrue', 'reverse')),
  user_id bigint NOT NULL,
  game_type text NOT NULL,
  bet_type text NOT NULL,
  game text NOT NULL,
  amount bigint NOT NULL,
  status text NOT NULL,
  at timestamptz NOT NULL
);

-- One agent's part of one settlement of one bet. `amount` is in units of 10^-decimals won;
-- `ledger_tx` the drain transaction that paid it (null when its batch netted every agent to 0). A reversal sets reversed_at/reversed_by once
-- (`reversed_at IS NULL` is the guard) and records what the agent no longer held (`written_off`,
-- taken from house:adjustments instead).
CREATE TABLE commission_accruals (
  id bigserial PRIMARY KEY,
  bet_id bigint NOT NULL,
  stage integer NOT NULL,
  agent_id bigint NOT NULL REFERENCES users(id),
  member_id bigint NOT NULL REFERENCES users(id),
  game_type text NOT NULL,
  base bigint NOT NULL,
  rate bigint NOT NULL,
  amount bigint NOT NULL,
  decimals smallint NOT NULL DEFAULT 0,
  ledger_tx bigint,
  accrued_at timestamptz NOT NULL,
  reversed_at timestamptz,
  reversed_by bigint,
  written_off bigint NOT NULL DEFAULT 0,
  UNIQUE (bet_id, stage, agent_id)
);
CREATE INDEX commission_accruals_agent_idx ON commission_accruals (agent_id, accrued_at);
