-- Community: notes sent in batches, inquiry answers, board posts and comments with the
-- daily comment reward, note and inquiry-answer templates.

-- One row per admin send; each recipient's note points back to it (spec §6 send targets).
CREATE TABLE message_sends (
  id bigserial PRIMARY KEY,
  admin_id bigint,
  target text NOT NULL CHECK (target IN ('all','user','level','agent_lower_direct','agent_lower_all')),
  target_user_id bigint,
  target_level smallint,
  subject text NOT NULL,
  content text NOT NULL,
  sent integer NOT NULL,
  created_at timestamptz NOT NULL
);
ALTER TABLE messages ADD COLUMN send_id bigint REFERENCES message_sends(id);
CREATE INDEX messages_unread_idx ON messages(user_id) WHERE readed_at IS NULL AND deleted_at IS NULL;

-- 'quick_account' marks the fixed quick account request (spec §7), so a member keeps one open.
ALTER TABLE inquiries ADD COLUMN kind text NOT NULL DEFAULT 'normal' CHECK (kind IN ('normal','quick_account'));
ALTER TABLE inquiries ADD COLUMN answered_by bigint;
CREATE INDEX inquiries_status_idx ON inquiries(status, id DESC) WHERE deleted_at IS NULL;

-- Posts are hidden with is_visible (spec §4) and removed with deleted_at (kept for the audit trail).
ALTER TABLE posts ADD COLUMN deleted_at timestamptz;

CREATE TABLE post_comments (
  id bigserial PRIMARY KEY,
  post_id bigint NOT NULL REFERENCES posts(id),
  user_id bigint NOT NULL REFERENCES users(id),
  content text NOT NULL,
  is_visible boolean NOT NULL DEFAULT true,
  -- Points paid for this comment (0 once the day's rewarded comments are used) and the ledger
  -- transaction that paid them.
  reward_point bigint NOT NULL DEFAULT 0 CHECK (reward_point >= 0),
  reward_transaction_id bigint REFERENCES ledger_transactions(id),
  created_at timestamptz NOT NULL
);
CREATE INDEX post_comments_post_idx ON post_comments(post_id, id);
CREATE INDEX post_comments_user_idx ON post_comments(user_id, created_at);

-- Rewarded comments per member per local (KST) day. The capped upsert on this row is what
-- makes "at most 5 a day" hold under concurrent comments.
CREATE TABLE comment_reward_days (
  user_id bigint NOT NULL REFERENCES users(id),
  day date NOT NULL,
  rewarded integer NOT NULL CHECK (rewarded >= 0),
  PRIMARY KEY (user_id, day)
);

CREATE TABLE templates (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('note','inquiry')),
  subject text NOT NULL,
  content text NOT NULL,
  created_by bigint,
  created_at timestamptz NOT NULL
);
CREATE INDEX templates_kind_idx ON templates(kind, id DESC);
