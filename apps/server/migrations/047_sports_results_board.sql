-- The members' results board (issue 20, decision 046): settled fixtures newest first, one page
-- at a time, optionally of one sport. The partial index holds only settled fixtures, so the
-- board reads a page in index order whatever the catalogue's size.
CREATE INDEX fixtures_settled_idx ON fixtures (starts_at DESC, id DESC) WHERE status = 'result' AND result IS NOT NULL;
CREATE INDEX fixtures_settled_sport_idx ON fixtures (sport, starts_at DESC, id DESC) WHERE status = 'result' AND result IS NOT NULL;
