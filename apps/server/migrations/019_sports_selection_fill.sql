-- Settlement writes every leg's result and factor, columns no index holds: with room left on
-- each page (fillfactor 80) that update is HOT and adds no index entries (decision 018).
-- sports_bet_selections_fixture_idx is the prefix of sports_bet_selections_fixture_bet_idx: every
-- query it served, the longer one serves, and it cost an entry per leg on every write.
DROP INDEX IF EXISTS sports_bet_selections_fixture_idx;
ALTER TABLE sports_bet_selections SET (fillfactor = 80);
