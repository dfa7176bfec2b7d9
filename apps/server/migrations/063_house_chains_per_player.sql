-- The house vendor's seed chains become one per (game, player) (decision 022): every spin took the
-- next use of the game's one open chain, so every player's spin updated and locked one row, and
-- spins of all players queued on it (seen in `npm run bench:load`). A player's own chain is
-- touched only by that player's rounds. Chains made before stay for verification (user_id NULL)
-- and are no longer drawn from.
ALTER TABLE house_seed_chains ADD COLUMN user_id bigint;
DROP INDEX house_seed_chains_open_idx;
CREATE INDEX house_seed_chains_open_idx ON house_seed_chains (game, user_id, id) WHERE next_use <= length;
