-- A win settles its round's bet wallet row (status, win, balance after, settled at). No index of
-- casino_wallet_tx names those columns, so with room on the page that update is HOT (no new
-- index entries); at the default fillfactor a quarter of them were not (decision 021, fifth pass).
ALTER TABLE casino_wallet_tx SET (fillfactor = 80);
