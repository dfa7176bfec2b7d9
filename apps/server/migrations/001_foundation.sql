-- Foundation schema: people, sessions, settings, audit, ledger, content seeds.
-- Money is bigint everywhere; odds and rates may be numeric.

CREATE TABLE roles (
  name text PRIMARY KEY,
  propirty smallint NOT NULL UNIQUE,
  label_ko text NOT NULL
);
INSERT INTO roles (name, propirty, label_ko) VALUES
  ('top_hq', 0, '최상위본사'), ('main_hq', 1, '본사'), ('sub_hq', 2, '부본사'),
  ('branch', 3, '지사'), ('distributor', 4, '총판'), ('shop', 5, '매장'), ('user', 6, '회원');

-- Players and agents share one table (spec §3 "Member or agent"); admins are separate.
CREATE TABLE users (
  id bigserial PRIMARY KEY,
  account text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  nickname text NOT NULL UNIQUE,
  name text,
  phone text,
  role text NOT NULL REFERENCES roles(name),
  parent_id bigint REFERENCES users(id),
  level smallint NOT NULL DEFAULT 1 CHECK (level BETWEEN 1 AND 7),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('normal_a','normal_b','withdrawn','test','pending','suspended','blocked','deleted')),
  referral_code text UNIQUE,
  bank_name text,
  bank_account text,
  bank_holder text,
  exchange_password_hash text,
  nickname_color text,
  birth_date date,
  rolling_json jsonb NOT NULL DEFAULT '{}',
  role_setting jsonb NOT NULL DEFAULT '{}',
  settings_json jsonb NOT NULL DEFAULT '{}',
  agent_theme text NOT NULL DEFAULT 'A',
  language text NOT NULL DEFAULT 'ko',
  join_ip text,
  join_device text,
  last_ip text,
  last_device text,
  country text,
  domain text,
  visit_count integer NOT NULL DEFAULT 0,
  last_login_at timestamptz,
  last_activity_at timestamptz,
  last_path text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_parent_idx ON users(parent_id);
CREATE INDEX users_role_status_idx ON users(role, status);

CREATE TABLE admins (
  id bigserial PRIMARY KEY,
  account text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  nickname text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  -- The previous token stays valid for a short grace period after rotation, so requests
  -- already in flight with it do not fail.
  prev_token_hash text,
  prev_valid_until timestamptz,
  audience text NOT NULL CHECK (audience IN ('user','agent','admin')),
  subject_id bigint NOT NULL,
  device text,
  ip text,
  country text,
  domain text,
  language text,
  created_at timestamptz NOT NULL,
  rotated_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX sessions_prev_idx ON sessions(prev_token_hash);
CREATE INDEX sessions_subject_idx ON sessions(audience, subject_id) WHERE revoked_at IS NULL;

CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  audience text NOT NULL,
  account text NOT NULL,
  ip text,
  success boolean NOT NULL,
  reason text,
  created_at timestamptz NOT NULL
);
CREATE INDEX login_attempts_account_idx ON login_attempts(account, created_at);

CREATE TABLE ip_rules (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('admin_allow','block')),
  ip text NOT NULL,
  memo text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, ip)
);

CREATE TABLE sms_verifications (
  sms_key text PRIMARY KEY,
  phone text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  verified_at timestamptz,
  used_at timestamptz
);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);

-- Append-only, hash-chained audit trail of admin and agent actions.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_type text NOT NULL,
  actor_id bigint,
  action text NOT NULL,
  target text,
  before jsonb,
  after jsonb,
  ip text,
  created_at timestamptz NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL UNIQUE
);
-- One row that every appender locks, so the chain is written strictly in order.
CREATE TABLE audit_head (
  id smallint PRIMARY KEY CHECK (id = 1),
  last_id bigint NOT NULL DEFAULT 0,
  last_hash text NOT NULL
);
INSERT INTO audit_head (id, last_hash) VALUES (1, 'genesis');

-- ---- Ledger: accounts, transactions, postings (double entry).
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  -- 'user' accounts belong to users.id; 'house' accounts are the operator's side of every flow.
  owner_type text NOT NULL CHECK (owner_type IN ('user','house')),
  owner_id bigint,
  code text NOT NULL DEFAULT '',
  asset text NOT NULL CHECK (asset IN ('money','point','egg','casino')),
  balance bigint NOT NULL DEFAULT 0,
  version bigint NOT NULL DEFAULT 0,
  allow_negative boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (allow_negative OR balance >= 0),
  CHECK ((owner_type = 'user') = (owner_id IS NOT NULL))
);
CREATE UNIQUE INDEX ledger_accounts_user_uq ON ledger_accounts(owner_id, asset) WHERE owner_type = 'user';
CREATE UNIQUE INDEX ledger_accounts_house_uq ON ledger_accounts(code, asset) WHERE owner_type = 'house';

CREATE TABLE ledger_transactions (
  id bigserial PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  kind text NOT NULL,
  reason_type text,
  reason_id text,
  memo text,
  created_at timestamptz NOT NULL
);
CREATE INDEX ledger_transactions_reason_idx ON ledger_transactions(reason_type, reason_id);

CREATE TABLE ledger_postings (
  id bigserial PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
  account_id bigint NOT NULL REFERENCES ledger_accounts(id),
  asset text NOT NULL,
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_before bigint NOT NULL,
  balance_after bigint NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX ledger_postings_account_idx ON ledger_postings(account_id, id);
CREATE INDEX ledger_postings_tx_idx ON ledger_postings(transaction_id);

-- Request-level idempotency for externally triggered mutations (client request ids,
-- vendor transaction ids): the first answer is stored and replayed.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);

-- ---- Content shown in the context (notices, events, pop-ups, banners, rules) and banks.
CREATE TABLE posts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('notice','event','rule','free')),
  subject text NOT NULL,
  content text NOT NULL DEFAULT '',
  thumbnail text,
  author_type text NOT NULL DEFAULT 'admin',
  author_id bigint,
  author_name text,
  is_visible boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX posts_kind_idx ON posts(kind, is_visible, id DESC);

CREATE TABLE popups (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  image_src text,
  content text NOT NULL DEFAULT '',
  -- Spec §3: 0 shows to logged-in users, 2 to guests.
  disabled smallint NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE banners (
  id bigserial PRIMARY KEY,
  title text NOT NULL,
  image_src text NOT NULL,
  link text,
  sort integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true
);

CREATE TABLE banks (
  name text PRIMARY KEY,
  sort integer NOT NULL,
  admin_only boolean NOT NULL DEFAULT false
);

-- Message box (notes) and inquiries exist now so the context can count unread ones.
CREATE TABLE messages (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  kind text NOT NULL DEFAULT 'note',
  subject text NOT NULL,
  content text NOT NULL,
  sender text NOT NULL DEFAULT 'admin',
  created_at timestamptz NOT NULL DEFAULT now(),
  readed_at timestamptz,
  deleted_at timestamptz
);
CREATE INDEX messages_user_idx ON messages(user_id, id DESC) WHERE deleted_at IS NULL;

CREATE TABLE inquiries (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  subject text NOT NULL,
  content text NOT NULL,
  answer text,
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting','answered')),
  created_at timestamptz NOT NULL DEFAULT now(),
  answered_at timestamptz,
  readed_at timestamptz,
  deleted_at timestamptz
);
CREATE INDEX inquiries_user_idx ON inquiries(user_id, id DESC) WHERE deleted_at IS NULL;
