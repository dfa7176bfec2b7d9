-- Upload quotas (issue 21, decision 051): every signed upload link is a row naming its account
-- and session; the PUT records its bytes. Quotas add up an account's bytes; a file no content
-- uses is served only while its session lives and is swept after settings.upload_quota.unattached_hours.
CREATE TABLE uploads (
  file text PRIMARY KEY,
  owner text NOT NULL,
  session_id bigint NOT NULL,
  bytes bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  stored_at timestamptz,
  attached_at timestamptz,
  deleted_at timestamptz
);
CREATE INDEX uploads_owner_idx ON uploads (owner, stored_at);
CREATE INDEX uploads_unattached_idx ON uploads (created_at) WHERE attached_at IS NULL AND deleted_at IS NULL;
