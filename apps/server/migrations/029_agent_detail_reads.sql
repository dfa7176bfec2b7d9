-- The agent's member detail and game logs (issue 18, decision 034).

-- One member's sessions, revoked and expired ones too; sessions_subject_idx holds only the live ones.
CREATE INDEX sessions_subject_all_idx ON sessions(subject_id, id DESC);

-- /pa-game-sports and /pa-game-minigame read a day range of the subtree's bets. A shop's few
-- members are read through bets_user_idx; a top agent's subtree is most members, so the day's
-- bets are found by time and matched to user_tree. Bets arrive in time order, so a BRIN index
-- serves the range and, like the wallet logs' (migration 022), costs a placed bet next to nothing.
CREATE INDEX bets_created_brin ON bets USING brin (created_at);
