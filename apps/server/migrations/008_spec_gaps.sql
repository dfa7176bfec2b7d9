-- Spec gaps (decision 011): conversion history a member can clear, and the permanent deposit
-- account verified once per session.

-- Spec §8 "clear all transition details": the member hides records from their own history.
-- The rows (and the ledger postings behind them) stay for operators and audits.
ALTER TABLE conversions ADD COLUMN hidden_at timestamptz;
CREATE INDEX conversions_user_visible_idx ON conversions(user_id, created_at DESC) WHERE hidden_at IS NULL;

-- Spec §5 "a permanent account needs verifying only once": one row per session that has shown
-- the permanent deposit account after the exchange password. A new login asks again.
CREATE TABLE charge_account_grants (
  session_id bigint PRIMARY KEY REFERENCES sessions(id),
  user_id bigint NOT NULL REFERENCES users(id),
  granted_at timestamptz NOT NULL
);
