-- Egg and casino-money management (issue 10): where a member's casino money sits is the vendor of
-- the member's latest transfer or switching session; this finds it without scanning every session.
CREATE INDEX casino_sessions_user_wallet_idx ON casino_sessions(user_id, id DESC) WHERE wallet_mode <> 'seamless';
