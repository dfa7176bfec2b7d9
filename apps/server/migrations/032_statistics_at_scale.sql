-- Statistics reads at 100,000 members (decision 030, "Reads at scale").

-- What the subtree below each agent holds (depth > 0): its members' count and balances and its
-- lower agents' balances, written by the statistics job `stat-holdings` every few minutes in one
-- statement over user_tree and ledger_accounts; read by primary key with its `as_of`.
CREATE TABLE stat_holdings (
  agent_id bigint PRIMARY KEY,
  member_count bigint NOT NULL DEFAULT 0,
  member_money bigint NOT NULL DEFAULT 0,
  member_point bigint NOT NULL DEFAULT 0,
  member_egg bigint NOT NULL DEFAULT 0,
  lower_money bigint NOT NULL DEFAULT 0,
  lower_point bigint NOT NULL DEFAULT 0,
  as_of timestamptz NOT NULL
);

-- Joins and logins per KST day and account, counted when they happen (the money-desk figures
-- that dominate at 100,000 members; charges, exchanges, grants and reclaims stay read per
-- period, they are few). One row per (ancestor on the path, day, own): `own` is the account's
-- own events (depth 0 of user_tree), otherwise those of the accounts below it; agent_id 0 is
-- the whole site. Written by triggers in the transaction of the users/sessions insert, so every
-- path that creates an account or a session counts (sign-up, agent-created members, seeds);
-- rebuildStatistics recomputes a range from users and sessions.
CREATE TABLE stat_desk_days (
  agent_id bigint NOT NULL,
  day date NOT NULL,
  own boolean NOT NULL,
  join_count integer NOT NULL DEFAULT 0,
  login_count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (agent_id, day, own)
);

CREATE FUNCTION stat_desk_count(p_account bigint, p_at timestamptz, p_joins integer, p_logins integer) RETURNS void AS $$
  INSERT INTO stat_desk_days AS d (agent_id, day, own, join_count, login_count)
  SELECT p.agent_id, (p_at AT TIME ZONE 'UTC' + interval '9 hours')::date, p.own, p_joins, p_logins
  FROM (SELECT t.ancestor_id AS agent_id, t.depth = 0 AS own FROM user_tree t WHERE t.descendant_id = p_account
        UNION ALL SELECT 0, false) p
  ON CONFLICT (agent_id, day, own) DO UPDATE SET join_count = d.join_count + EXCLUDED.join_count, login_count = d.login_count + EXCLUDED.login_count
$$ LANGUAGE sql;

CREATE FUNCTION stat_desk_on_join() RETURNS trigger AS $$
BEGIN
  PERFORM stat_desk_count(NEW.id, NEW.created_at, 1, 0);
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION stat_desk_on_login() RETURNS trigger AS $$
BEGIN
  PERFORM stat_desk_count(NEW.subject_id, NEW.created_at, 0, 1);
  RETURN NULL;
END $$ LANGUAGE plpgsql;

-- Named after user_tree_insert so it fires after it (same event: triggers fire by name) and
-- finds the new account's path.
CREATE TRIGGER users_stat_join AFTER INSERT ON users FOR EACH ROW WHEN (NEW.role = 'user') EXECUTE FUNCTION stat_desk_on_join();
CREATE TRIGGER sessions_stat_login AFTER INSERT ON sessions FOR EACH ROW WHEN (NEW.audience = 'user') EXECUTE FUNCTION stat_desk_on_login();

-- One day's members by stake (the zeus per-day member page): an index-only walk that stops at
-- the page, each entry checked against the caller's subtree, instead of sorting the whole day.
CREATE INDEX stat_member_days_stake_idx ON stat_member_days (day, game_type, bet_amount DESC, member_id) WHERE bet_count > 0;

-- The joins and logins made before this migration (the triggers count the later ones).
INSERT INTO stat_desk_days (agent_id, day, own, join_count, login_count)
SELECT e.agent_id, e.day, e.own, sum(e.joins), sum(e.logins)
FROM (
  SELECT t.ancestor_id AS agent_id, (u.created_at AT TIME ZONE 'UTC' + interval '9 hours')::date AS day, t.depth = 0 AS own, 1 AS joins, 0 AS logins
  FROM users u JOIN user_tree t ON t.descendant_id = u.id WHERE u.role = 'user'
  UNION ALL
  SELECT 0, (u.created_at AT TIME ZONE 'UTC' + interval '9 hours')::date, false, 1, 0 FROM users u WHERE u.role = 'user'
  UNION ALL
  SELECT t.ancestor_id, (s.created_at AT TIME ZONE 'UTC' + interval '9 hours')::date, t.depth = 0, 0, 1
  FROM sessions s JOIN user_tree t ON t.descendant_id = s.subject_id WHERE s.audience = 'user'
  UNION ALL
  SELECT 0, (s.created_at AT TIME ZONE 'UTC' + interval '9 hours')::date, false, 0, 1 FROM sessions s WHERE s.audience = 'user') e
GROUP BY 1, 2, 3;
