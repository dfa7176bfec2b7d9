-- Commission options (issue 18, decision 027 "Decimals option", "Crediting at placement").

-- Each agent's rolling accrued with the decimals option, in units of 10^-4 won (the finest
-- payout unit, whatever the option is now): the drain adds a batch's net of such accruals here
-- and pays floor(after / 10^4) - floor(before / 10^4) won, so over time the agent is paid exactly
-- the floor of what it accrued and a reversal subtracts exactly. `units mod 10^4` is what the
-- agent has accrued and not yet been paid (under one won). Whole-won accruals never touch it.
CREATE TABLE commission_carry (
  agent_id bigint PRIMARY KEY REFERENCES users(id),
  units bigint NOT NULL CHECK (units >= 0),
  updated_at timestamptz NOT NULL
);

-- Rolling credited at placement (stage 0) and not yet taken back: a settlement of such a bet to
-- won or lost pays nothing more, one to void, draw or cancelled reverses it. Empty unless the
-- setting was ever on, so the drain's look-up costs nothing when it is off.
CREATE INDEX commission_accruals_placed_idx ON commission_accruals (bet_id) WHERE stage = 0 AND reversed_at IS NULL;
