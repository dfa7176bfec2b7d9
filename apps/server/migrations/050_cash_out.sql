-- Cash-out (issue 20, decision 048). A bet cashed out in full ends with status 'cashout' and its
-- value as win_amount, settled through betting's settlement like any result. A partial cash-out
-- leaves the bet open with a smaller stake and potential win; each cash-out (full or partial) is
-- one row here, keyed by the member's request id so a retried call answers the first one.
ALTER TABLE bets DROP CONSTRAINT bets_status_check;
ALTER TABLE bets ADD CONSTRAINT bets_status_check CHECK (status IN ('open','won','lost','draw','cancelled','void','cashout'));

CREATE TABLE bet_cashouts (
  id bigserial PRIMARY KEY,
  bet_id bigint NOT NULL REFERENCES bets(id),
  user_id bigint NOT NULL REFERENCES users(id),
  request_id text NOT NULL,
  -- The part of the stake cashed out and what the member was paid for it (won).
  stake bigint NOT NULL CHECK (stake > 0),
  value bigint NOT NULL CHECK (value >= 0),
  full_cashout boolean NOT NULL,
  -- The bet's stake and potential win after the cash-out (0 and 0 when full).
  remaining_stake bigint NOT NULL CHECK (remaining_stake >= 0),
  remaining_potential bigint NOT NULL CHECK (remaining_potential >= 0),
  ledger_tx bigint NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, request_id)
);
CREATE INDEX bet_cashouts_bet_idx ON bet_cashouts(bet_id);
