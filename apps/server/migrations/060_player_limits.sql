-- Issue 23 (decision 057): the whole set of limits a player sets on themselves, time-outs and
-- permanent self-exclusion. `pending` (jsonb) holds the waiting value of any key below, applied
-- at `pending_from` (24 hours after the last raise or removal).
ALTER TABLE member_limits
  ADD COLUMN deposit_weekly bigint CHECK (deposit_weekly > 0),
  ADD COLUMN loss_weekly bigint CHECK (loss_weekly > 0),
  ADD COLUMN loss_monthly bigint CHECK (loss_monthly > 0),
  ADD COLUMN stake_per_bet bigint CHECK (stake_per_bet > 0),
  ADD COLUMN stake_daily bigint CHECK (stake_daily > 0),
  ADD COLUMN session_minutes integer CHECK (session_minutes > 0),
  -- 'timeout' (24 h, 7 or 30 days) or 'self_exclusion' (6 months, permanent); null when never excluded.
  ADD COLUMN exclusion_kind text CHECK (exclusion_kind IN ('timeout', 'self_exclusion')),
  -- A permanent exclusion: self_excluded_until is then 9999-12-31 (every "until > now" check holds).
  ADD COLUMN excluded_permanent boolean NOT NULL DEFAULT false;
