-- A member's own rolling, paid or collected by an agent (spec §4 bulk "pay or collect rolling",
-- decision 061). One row per settlement of a bet (bets.settle_count names it, as the commission
-- accruals do): written when the rolling of that settlement is paid, marked collected when the
-- settlement no longer stands (re-entered, rolled back, cancelled) and its payback is taken back.
CREATE TABLE rolling_paybacks (
  bet_id bigint NOT NULL REFERENCES bets(id),
  stage int NOT NULL,
  member_id bigint NOT NULL REFERENCES users(id),
  game_type text NOT NULL,
  rate bigint NOT NULL CHECK (rate >= 0),
  base bigint NOT NULL CHECK (base >= 0),
  amount bigint NOT NULL CHECK (amount >= 0),
  paid_by bigint NOT NULL REFERENCES users(id),
  paid_tx bigint REFERENCES ledger_transactions(id),
  paid_at timestamptz NOT NULL,
  collected_by bigint REFERENCES users(id),
  collected_tx bigint REFERENCES ledger_transactions(id),
  collected_at timestamptz,
  PRIMARY KEY (bet_id, stage)
);
-- What a member was paid and may have to give back: read on every pay or collect of that member.
CREATE INDEX rolling_paybacks_standing_idx ON rolling_paybacks (member_id) WHERE collected_at IS NULL;
