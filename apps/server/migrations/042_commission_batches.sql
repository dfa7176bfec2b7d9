-- The commission drain's batches (decision 027 "Cost per bet"). A batch used to write every
-- accrual twice: inserted, then updated with the ledger transaction that paid it (ledger_tx) —
-- six rows per bet under a six-tier chain, each update a new row version with its three index
-- entries. Now the batch is one row, inserted as it starts; its accruals carry its id from their
-- insert (batch_id) and reversals set theirs in the reversing update itself (reversed_batch);
-- after posting, the one batch row gets the ledger transaction (null when the batch netted to 0,
-- as ledger_tx was). Rows from before keep their ledger_tx / reversed_by; the view
-- commission_accruals_traced reads either, so "which transaction paid this accrual" stays one lookup.
CREATE TABLE commission_batches (
  id bigserial PRIMARY KEY,
  ledger_tx bigint,
  created_at timestamptz NOT NULL
);
CREATE INDEX commission_batches_ledger_tx_idx ON commission_batches (ledger_tx) WHERE ledger_tx IS NOT NULL;

ALTER TABLE commission_accruals ADD COLUMN batch_id bigint, ADD COLUMN reversed_batch bigint;

CREATE VIEW commission_accruals_traced AS
SELECT a.*,
  coalesce(a.ledger_tx, pb.ledger_tx) AS paid_tx,
  coalesce(a.reversed_by, rb.ledger_tx) AS reversed_tx
FROM commission_accruals a
LEFT JOIN commission_batches pb ON pb.id = a.batch_id
LEFT JOIN commission_batches rb ON rb.id = a.reversed_batch;
