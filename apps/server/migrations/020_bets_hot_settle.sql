-- Settling a bet changes its status. With `status` in an index predicate that update can never
-- be HOT: every settled bet wrote new entries in every index of `bets` (decision 018, "Bets
-- updated in place"). No index of `bets` names `status` now, and pages keep room for the new
-- versions, so a settlement rewrites the row in place.
DROP INDEX bets_open_idx;
DROP INDEX bets_round_open_idx;
-- A mini-game round's bets (the scheduler settles them; open ones are filtered on the rows).
CREATE INDEX bets_round_idx ON bets(game_type, game, round);
ALTER TABLE bets SET (fillfactor = 70);
