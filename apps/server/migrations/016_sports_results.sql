-- Sports settlement and result management (issue 9, decision 018).

-- Settle-queue progress, written in the same transaction as each batch, so a restarted job
-- resumes after the last committed batch: `phase` (0 main pass, 1 the settle pass after a
-- re-entry or a cancel rollback), `cursor` (the last bet id done), counters and the error that
-- stopped an item (e.g. a recall the players cannot cover without force).
ALTER TABLE sports_settle_queue ADD COLUMN phase smallint NOT NULL DEFAULT 0;
ALTER TABLE sports_settle_queue ADD COLUMN cursor bigint NOT NULL DEFAULT 0;
ALTER TABLE sports_settle_queue ADD COLUMN settled int NOT NULL DEFAULT 0;
ALTER TABLE sports_settle_queue ADD COLUMN reopened int NOT NULL DEFAULT 0;
ALTER TABLE sports_settle_queue ADD COLUMN written_off bigint NOT NULL DEFAULT 0;
ALTER TABLE sports_settle_queue ADD COLUMN error jsonb;
CREATE INDEX sports_settle_queue_fixture_idx ON sports_settle_queue(fixture_id, id);

-- A fixture's bets in bet-id order: the settlement job walks them in batches by this index.
CREATE INDEX sports_bet_selections_fixture_bet_idx ON sports_bet_selections(fixture_id, bet_id);

-- Every result entry, re-entry, modification, cancel-all and recalculation by an admin or the feed.
CREATE TABLE sports_result_entries (
  id bigserial PRIMARY KEY,
  fixture_id bigint NOT NULL REFERENCES fixtures(id),
  action text NOT NULL,
  result jsonb,
  version int NOT NULL,
  actor_type text NOT NULL,
  actor_id bigint,
  memo text,
  queue_id bigint REFERENCES sports_settle_queue(id),
  created_at timestamptz NOT NULL
);
CREATE INDEX sports_result_entries_fixture_idx ON sports_result_entries(fixture_id, id);

-- Settlement rewrites each leg's result and factor: room on the page keeps those updates HOT.
ALTER TABLE sports_bet_selections SET (fillfactor = 80);
