-- The agent tree as a closure table (decision 026): one row per (ancestor, descendant) pair,
-- depth 0 being the user itself, so "direct lower", "all lower" and "path to root" are each one
-- indexed lookup. Triggers on users keep it right for every path that creates or moves a user.

CREATE TABLE user_tree (
  ancestor_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  descendant_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  depth integer NOT NULL CHECK (depth >= 0),
  PRIMARY KEY (ancestor_id, descendant_id)
);
-- Path to root (descendant → its ancestors by depth).
CREATE INDEX user_tree_descendant_idx ON user_tree (descendant_id, depth);
-- Direct lower (depth = 1) in id order without reading the whole subtree.
CREATE INDEX user_tree_ancestor_depth_idx ON user_tree (ancestor_id, depth, descendant_id);

-- Existing users: every path from each user up to its root.
INSERT INTO user_tree (ancestor_id, descendant_id, depth)
WITH RECURSIVE up AS (
  SELECT id AS descendant_id, id AS ancestor_id, parent_id, 0 AS depth FROM users
  UNION ALL
  SELECT up.descendant_id, p.id, p.parent_id, up.depth + 1 FROM up JOIN users p ON p.id = up.parent_id WHERE up.depth < 64
)
SELECT ancestor_id, descendant_id, depth FROM up;

-- A new user gets its own row and its parent's path, one step deeper.
CREATE FUNCTION user_tree_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_tree (ancestor_id, descendant_id, depth)
  SELECT NEW.id, NEW.id, 0
  UNION ALL
  SELECT t.ancestor_id, NEW.id, t.depth + 1 FROM user_tree t WHERE t.descendant_id = NEW.parent_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER user_tree_insert AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION user_tree_on_insert();

-- A new parent moves the whole subtree: the links from the old ancestors to every node of the
-- subtree go, links from the new parent's path come. A parent inside the subtree is a cycle.
CREATE FUNCTION user_tree_on_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Moves one at a time: two crossing moves (a under b, b under a) would each miss the other's cycle.
  PERFORM pg_advisory_xact_lock(7274023);
  IF NEW.parent_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM user_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.parent_id
  ) THEN
    RAISE EXCEPTION 'user_tree_cycle: user % cannot move under %', NEW.id, NEW.parent_id USING ERRCODE = '23514';
  END IF;
  DELETE FROM user_tree d
  USING user_tree sub, user_tree up
  WHERE sub.ancestor_id = NEW.id
    AND up.descendant_id = NEW.id AND up.depth > 0
    AND d.descendant_id = sub.descendant_id AND d.ancestor_id = up.ancestor_id;
  INSERT INTO user_tree (ancestor_id, descendant_id, depth)
  SELECT up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1
  FROM user_tree up, user_tree sub
  WHERE up.descendant_id = NEW.parent_id AND sub.ancestor_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER user_tree_move AFTER UPDATE OF parent_id ON users FOR EACH ROW
  WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id) EXECUTE FUNCTION user_tree_on_move();

-- Who moved whom, from where to where, and why (admin moves, issue 18).
CREATE TABLE user_parent_history (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  old_parent_id bigint REFERENCES users(id),
  new_parent_id bigint REFERENCES users(id),
  moved_by bigint,
  moved_at timestamptz NOT NULL,
  memo text
);
CREATE INDEX user_parent_history_user_idx ON user_parent_history (user_id, moved_at DESC);
