-- Responsible-gambling controls a member sets on themselves (and an admin can see).
CREATE TABLE member_limits (
  user_id bigint PRIMARY KEY REFERENCES users(id),
  deposit_daily bigint CHECK (deposit_daily > 0),
  deposit_monthly bigint CHECK (deposit_monthly > 0),
  loss_daily bigint CHECK (loss_daily > 0),
  -- A raised (looser) limit waits a cooling-off day before it applies.
  pending jsonb,
  pending_from timestamptz,
  self_excluded_until timestamptz,
  updated_at timestamptz NOT NULL
);
