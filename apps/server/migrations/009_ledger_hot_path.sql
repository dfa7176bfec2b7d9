-- Ledger hot path (decision 012): house accounts split into shards so no row is locked by
-- every bet; the player floor enforced by a named CHECK the posting maps to insufficient_funds;
-- each transaction remembers a hash of what it moved so a reused key with another payload is
-- refused (idempotency_conflict) instead of silently replayed.
ALTER TABLE ledger_accounts ADD COLUMN shard smallint NOT NULL DEFAULT 0 CHECK (shard >= 0);
DROP INDEX ledger_accounts_house_uq;
CREATE UNIQUE INDEX ledger_accounts_house_uq ON ledger_accounts(code, asset, shard) WHERE owner_type = 'house';
ALTER TABLE ledger_accounts RENAME CONSTRAINT ledger_accounts_check TO ledger_accounts_not_negative;
ALTER TABLE ledger_transactions ADD COLUMN payload_hash text;
