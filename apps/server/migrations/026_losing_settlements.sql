-- Losing settlements (decision 031): per settlement period, each agent with isOpenLosing earns its
-- losing rate on its subtree's net loss minus what its lower agents take.

-- Which bets changed since the last period run. The commission drain copies the bet id of every
-- outbox row it consumes here in the statement that deletes them (no new statement on the bet
-- path, and no index on a column settlement writes: decision 018 keeps settlement a HOT update).
-- A period run deletes the rows it consumed.
CREATE TABLE losing_journal (
  id bigserial PRIMARY KEY,
  bet_id bigint NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX losing_journal_at_idx ON losing_journal (at);

-- One settlement period: the operator's days from_day..to_day (KST, inclusive), [starts_at, ends_at).
CREATE TABLE losing_periods (
  id bigserial PRIMARY KEY,
  from_day date NOT NULL,
  to_day date NOT NULL CHECK (to_day >= from_day),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  run_at timestamptz NOT NULL,
  run_by bigint,
  bets integer NOT NULL DEFAULT 0,
  net_loss bigint NOT NULL DEFAULT 0,
  UNIQUE (from_day, to_day)
);
CREATE INDEX losing_periods_to_idx ON losing_periods (to_day DESC);

-- What one bet added to a period: its net now (stake − payout when won or lost, else 0) minus
-- what earlier periods (or the initialisation baseline, period_id NULL) already counted. The sum
-- of a bet's entries is always its net as last seen, so a re-settled bet is corrected once, in
-- the next period. `agent_id` is the member's direct agent when the entry was written.
CREATE TABLE losing_entries (
  id bigserial PRIMARY KEY,
  period_id bigint REFERENCES losing_periods(id),
  init_id bigint,
  bet_id bigint NOT NULL,
  member_id bigint NOT NULL,
  agent_id bigint,
  status text NOT NULL,
  stake bigint NOT NULL,
  payout bigint NOT NULL,
  net bigint NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX losing_entries_bet_idx ON losing_entries (bet_id);
CREATE INDEX losing_entries_period_idx ON losing_entries (period_id, agent_id);

-- Each agent's share of one direct-agent group's net loss in a period (splitLosing), so a
-- settlement's amount adds up from these and each group's net from its entries.
CREATE TABLE losing_parts (
  id bigserial PRIMARY KEY,
  period_id bigint NOT NULL REFERENCES losing_periods(id),
  agent_id bigint NOT NULL REFERENCES users(id),
  group_agent_id bigint NOT NULL REFERENCES users(id),
  group_net bigint NOT NULL,
  rate bigint NOT NULL,
  amount bigint NOT NULL,
  open boolean NOT NULL,
  UNIQUE (period_id, agent_id, group_agent_id)
);

-- One agent's settlement of one period: amount = own (sum of its parts) + carried_in (earlier
-- negative settlements). pending → paid (house pays it) → recovered (its exact reversal), each
-- once; a negative amount is `carried` into the agent's next settlement; zero is `closed`;
-- `cancelled` by an initialisation while pending or carried.
CREATE TABLE losing_settlements (
  id bigserial PRIMARY KEY,
  period_id bigint NOT NULL REFERENCES losing_periods(id),
  agent_id bigint NOT NULL REFERENCES users(id),
  net_loss bigint NOT NULL,
  rate bigint NOT NULL,
  own bigint NOT NULL,
  carried_in bigint NOT NULL DEFAULT 0,
  amount bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'recovered', 'carried', 'closed', 'cancelled')),
  carried_to bigint REFERENCES losing_settlements(id),
  paid_tx bigint,
  paid_by text,
  paid_at timestamptz,
  recovered_tx bigint,
  recovered_by text,
  recovered_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (period_id, agent_id)
);
CREATE INDEX losing_settlements_agent_idx ON losing_settlements (agent_id, period_id DESC);
CREATE INDEX losing_settlements_carry_idx ON losing_settlements (agent_id) WHERE status = 'carried' AND carried_to IS NULL;

-- The initialisation job (spec §4: started, takes up to 10 minutes, irreversible): open
-- settlements are cancelled and every bet up to to_bet gets a baseline entry, in chunks.
CREATE TABLE losing_init_jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('running', 'done')),
  to_bet bigint NOT NULL,
  done_bet bigint NOT NULL DEFAULT 0,
  cancelled integer NOT NULL DEFAULT 0,
  baseline integer NOT NULL DEFAULT 0,
  started_by bigint,
  started_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE UNIQUE INDEX losing_init_jobs_running_uq ON losing_init_jobs ((true)) WHERE status = 'running';
