-- The wallet's append-only logs (every raw call, every nonce) are read by time only in bulk (a
-- dispute's time range, the nonce sweep). A B-tree on `at` cost every wallet call two index
-- inserts; a BRIN index serves the same ranges and costs an insert nothing while its page range
-- is not yet summarised (decision 021, fifth pass).
DROP INDEX casino_wallet_calls_at_idx;
CREATE INDEX casino_wallet_calls_at_brin ON casino_wallet_calls USING brin (at);
DROP INDEX casino_wallet_nonces_at_idx;
CREATE INDEX casino_wallet_nonces_at_brin ON casino_wallet_nonces USING brin (at);
