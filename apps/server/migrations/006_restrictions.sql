-- Per-member activity restrictions set by an admin (spec §5 "Activity restrictions per member").
ALTER TABLE users ADD COLUMN restrictions jsonb NOT NULL DEFAULT '{}';
