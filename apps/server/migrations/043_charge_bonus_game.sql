-- The game type a member charges for (decision 043): its charge-bonus points are capped by the
-- setting max_payout_points.<game>. NULL: none picked (the smallest cap set applies).
ALTER TABLE bank_requests ADD COLUMN bonus_game text CHECK (bonus_game IN ('sports', 'minigame', 'casino', 'slot'));
