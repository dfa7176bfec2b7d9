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

-- Statement-level, over the statement's new rows: a bulk insert (a seed, an import) adds its
-- counts once per (account, day) instead of updating the same site row once per inserted row.
CREATE FUNCTION stat_desk_on_join() RETURNS trigger AS $$
BEGIN
  INSERT INTO stat_desk_days AS d (agent_id, day, own, join_count)
  SELECT e.agent_id, e.day, e.own, count(*)
  FROM (
    SELECT t.ancestor_id AS agent_id, (n.created_at AT TIME ZONE 'UTC' + interval '9 hours')::date AS day, t.depth = 0 AS own
    FROM new_users n JOIN user_tree t ON t.descendant_id = n.id WHERE n.role = 'user'
    UNION ALL
    SELECT 0, (n.created_at AT TIME ZONE 'UTC' + interval '9 hours')::date, false FROM new_users n WHERE n.role = 'user') e
  GROUP BY 1, 2, 3
  ON CONFLICT (agent_id, day, own) DO UPDATE SET join_count = d.join_count + EXCLUDED.join_count;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION stat_desk_on_login() RETURNS trigger AS $$
BEGIN
  INSERT INTO stat_desk_days AS d (agent_id, day, own, login_count)
  SELECT e.agent_id, e.day, e.own, count(*)
  FROM (
    SELECT t.ancestor_id AS agent_id, (n.created_at AT TIME ZONE 'UTC' + interval '9 hours')::date AS day, t.depth = 0 AS own
    FROM new_sessions n JOIN user_tree t ON t.descendant_id = n.subject_id WHERE n.audience = 'user'
    UNION ALL
    SELECT 0, (n.created_at AT TIME ZONE 'UTC' + interval '9 hours')::date, false FROM new_sessions n WHERE n.audience = 'user') e
  GROUP BY 1, 2, 3
  ON CONFLICT (agent_id, day, own) DO UPDATE SET login_count = d.login_count + EXCLUDED.login_count;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

-- AFTER STATEMENT: runs after the statement's row triggers, user_tree_insert included, so the
-- new accounts' paths are there.
CREATE TRIGGER users_stat_join AFTER INSERT ON users REFERENCING NEW TABLE AS new_users FOR EACH STATEMENT EXECUTE FUNCTION stat_desk_on_join();
CREATE TRIGGER sessions_stat_login AFTER INSERT ON sessions REFERENCING NEW TABLE AS new_sessions FOR EACH STATEMENT EXECUTE FUNCTION stat_desk_on_login();

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
