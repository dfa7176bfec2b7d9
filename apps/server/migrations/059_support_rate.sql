-- The support rate (decision 043 "Support rate"): a third commission kind, a rate of the valid
-- stake on casino and slot bets with outside vendors, split along the chain like rolling.
--
-- The outbox row carries the bet's vendor (null for sports and mini games), so the drain knows an
-- outside-vendor bet without reading `bets`. No new statement on the bet path: the column is
-- written by the same inserts.
ALTER TABLE bet_outbox ADD COLUMN vendor text;

-- A support accrual is a row of its own in commission_accrual_sets, keyed (bet, stage, kind):
-- written once by the same insert as the rolling row of that settlement, reversed by the same
-- update (a reversal names (bet, stage) and takes back every kind standing for it).
ALTER TABLE commission_accrual_sets ADD COLUMN kind text NOT NULL DEFAULT 'rolling' CHECK (kind IN ('rolling', 'support'));
ALTER TABLE commission_accrual_sets DROP CONSTRAINT commission_accrual_sets_pkey;
ALTER TABLE commission_accrual_sets ADD PRIMARY KEY (bet_id, stage, kind);

-- A batch that pays support posts it as its own ledger transaction (kind commission.support).
ALTER TABLE commission_batches ADD COLUMN support_tx bigint;

-- commission_accruals (and its traced view) stay rolling only: the statistics, the rebuild and
-- every existing reader count rolling. Support has its own pair of views.
DROP VIEW commission_accruals_traced;
DROP VIEW commission_accruals;

CREATE VIEW commission_accruals AS
SELECT s.bet_id, s.stage, p.n::int AS part, p.agent_id, s.member_id, s.game_type, s.base, p.rate, p.amount, s.decimals,
  coalesce(s.written_off[p.n], 0) AS written_off, s.accrued_at, s.batch_id, s.reversed_at, s.reversed_batch
FROM commission_accrual_sets s
CROSS JOIN LATERAL unnest(s.agent_ids, s.rates, s.amounts) WITH ORDINALITY AS p(agent_id, rate, amount, n)
WHERE s.kind = 'rolling';

CREATE VIEW commission_accruals_traced AS
SELECT a.*, pb.ledger_tx AS paid_tx, rb.ledger_tx AS reversed_tx
FROM commission_accruals a
LEFT JOIN commission_batches pb ON pb.id = a.batch_id
LEFT JOIN commission_batches rb ON rb.id = a.reversed_batch;

CREATE VIEW commission_support_accruals AS
SELECT s.bet_id, s.stage, p.n::int AS part, p.agent_id, s.member_id, s.game_type, s.base, p.rate, p.amount,
  coalesce(s.written_off[p.n], 0) AS written_off, s.accrued_at, s.batch_id, s.reversed_at, s.reversed_batch,
  pb.support_tx AS paid_tx, rb.support_tx AS reversed_tx
FROM commission_accrual_sets s
CROSS JOIN LATERAL unnest(s.agent_ids, s.rates, s.amounts) WITH ORDINALITY AS p(agent_id, rate, amount, n)
LEFT JOIN commission_batches pb ON pb.id = s.batch_id
LEFT JOIN commission_batches rb ON rb.id = s.reversed_batch
WHERE s.kind = 'support';
