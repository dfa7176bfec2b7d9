-- One accrual row per (bet, stage), the chain's parts as arrays (decision 027 "Cost per bet").
-- The drain wrote one row per agent: six rows under a six-tier chain, each with a primary key, the
-- (bet, stage, agent) key and the agent index, about the size of the bet's own writes, and on two
-- cores it competed with the bets directly (issue 18's bench: commissions on at 52–84 % of off).
-- Now a settlement's accrual is one row with one key entry. Everything that reads accruals per
-- agent keeps reading `commission_accruals`, now a view that spreads each row into its parts;
-- `commission_accruals_traced` is rebuilt on it.
CREATE TABLE commission_accrual_sets (
  bet_id bigint NOT NULL,
  stage integer NOT NULL,
  member_id bigint NOT NULL,
  game_type text NOT NULL,
  base bigint NOT NULL,
  decimals smallint NOT NULL DEFAULT 0,
  -- The chain's parts, direct agent first; same length, no zero amount.
  agent_ids bigint[] NOT NULL,
  rates bigint[] NOT NULL,
  amounts bigint[] NOT NULL,
  -- What each part's reversal wrote off (whole won), when any did; null otherwise.
  written_off bigint[],
  accrued_at timestamptz NOT NULL,
  batch_id bigint,
  reversed_at timestamptz,
  reversed_batch bigint,
  PRIMARY KEY (bet_id, stage),
  CHECK (cardinality(agent_ids) = cardinality(amounts) AND cardinality(agent_ids) = cardinality(rates)),
  CHECK (written_off IS NULL OR cardinality(written_off) = cardinality(agent_ids))
);
-- Standing placement accruals (rolling credited at placement): few, probed per batch.
CREATE INDEX commission_accrual_sets_placed_idx ON commission_accrual_sets (bet_id) WHERE stage = 0 AND reversed_at IS NULL;

-- Rows written before this migration: the ledger transaction they carried goes on a batch of its
-- own (as migration 042's batches carry it), then each (bet, stage) becomes one row.
INSERT INTO commission_batches (ledger_tx, created_at)
SELECT tx, min(at) FROM (
  SELECT ledger_tx AS tx, accrued_at AS at FROM commission_accruals WHERE batch_id IS NULL AND ledger_tx IS NOT NULL
  UNION ALL
  SELECT reversed_by, reversed_at FROM commission_accruals WHERE reversed_batch IS NULL AND reversed_by IS NOT NULL
) old GROUP BY tx;
UPDATE commission_accruals a SET batch_id = b.id FROM commission_batches b WHERE a.batch_id IS NULL AND a.ledger_tx = b.ledger_tx;
UPDATE commission_accruals a SET reversed_batch = b.id FROM commission_batches b WHERE a.reversed_batch IS NULL AND a.reversed_by = b.ledger_tx;

INSERT INTO commission_accrual_sets (bet_id, stage, member_id, game_type, base, decimals, agent_ids, rates, amounts, written_off,
  accrued_at, batch_id, reversed_at, reversed_batch)
SELECT bet_id, stage, min(member_id), min(game_type), min(base), min(decimals),
  array_agg(agent_id ORDER BY id), array_agg(rate ORDER BY id), array_agg(amount ORDER BY id),
  CASE WHEN bool_or(written_off <> 0) THEN array_agg(written_off ORDER BY id) END,
  min(accrued_at), min(batch_id), min(reversed_at), min(reversed_batch)
FROM commission_accruals GROUP BY bet_id, stage;

DROP VIEW commission_accruals_traced;
DROP TABLE commission_accruals;

CREATE VIEW commission_accruals AS
SELECT s.bet_id, s.stage, p.n::int AS part, p.agent_id, s.member_id, s.game_type, s.base, p.rate, p.amount, s.decimals,
  coalesce(s.written_off[p.n], 0) AS written_off, s.accrued_at, s.batch_id, s.reversed_at, s.reversed_batch
FROM commission_accrual_sets s
CROSS JOIN LATERAL unnest(s.agent_ids, s.rates, s.amounts) WITH ORDINALITY AS p(agent_id, rate, amount, n);

CREATE VIEW commission_accruals_traced AS
SELECT a.*, pb.ledger_tx AS paid_tx, rb.ledger_tx AS reversed_tx
FROM commission_accruals a
LEFT JOIN commission_batches pb ON pb.id = a.batch_id
LEFT JOIN commission_batches rb ON rb.id = a.reversed_batch;
