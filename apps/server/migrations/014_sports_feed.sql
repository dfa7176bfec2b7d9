-- Sports feed (issue 9, decision 016): team names per language as the feed sends them (admin
-- display names in teams.names override them), where each feed has read up to (restarts
-- continue from there), and an index to prune the feed log by age.
ALTER TABLE teams ADD COLUMN feed_names jsonb NOT NULL DEFAULT '{}';

CREATE TABLE feed_cursors (
  feed text PRIMARY KEY,
  polled_to timestamptz NOT NULL
);

CREATE INDEX feed_messages_received_idx ON feed_messages(received_at);
