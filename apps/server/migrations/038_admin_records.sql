-- Issue 19, admin records (decision 041): member import jobs and the indexes the admin's bet, conversion and deposit lists read by.

-- One member import: its outcome survives the process (progress while it runs is held in memory,
-- because the rows go in as one all-or-nothing transaction that no other reader sees until commit).
CREATE TABLE member_import_jobs (
  id bigserial PRIMARY KEY,
  request_id text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  total int NOT NULL CHECK (total > 0),
  created int NOT NULL DEFAULT 0,
  error_code text,
  started_by bigint,
  started_at timestamptz NOT NULL,
  finished_at timestamptz
);

-- The admin's conversion list over every member, by period (the bet list uses bets_created_brin of 029:
-- no second index on the hot bets table).
CREATE INDEX conversions_created_idx ON conversions (created_at, id);
-- "Same depositor name on several accounts" (duplicate-deposit flag) looks holders up by name.
CREATE INDEX users_bank_holder_idx ON users (bank_holder) WHERE bank_holder IS NOT NULL;
