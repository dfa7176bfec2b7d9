-- Admin sub-roles and their permission matrix (issue 19, decision 042). Every admin call belongs
-- to one permission area by its path (modules/roles/areas.ts); a role holds a level per area:
-- 'none', 'read' (calls that only read) or 'write' (every call of the area). An area a role does
-- not name is 'none' (deny by default). The super admin role holds every area and cannot be
-- edited, so the matrix screen can never lock the platform out of itself.
CREATE TABLE admin_roles (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  is_builtin boolean NOT NULL DEFAULT false,
  permissions jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO admin_roles (code, name, is_builtin, permissions) VALUES
  ('super', '최고 관리자', true, '{}'),
  ('operator', '운영자', true,
   '{"dashboard":"read","members":"write","cash":"write","content":"write","games":"write","statistics":"write","settings":"read","audit":"read"}'),
  ('cash_desk', '입출금 담당', true,
   '{"dashboard":"read","members":"read","cash":"write","statistics":"read","settings":"read"}'),
  ('support', '고객 지원', true,
   '{"dashboard":"read","members":"read","content":"write"}');

-- Admins that existed before roles keep every power (the seeded admin stays super admin); an
-- admin created without a role is a super admin only through this default, which the admin
-- account screens replace by an explicit role.
ALTER TABLE admins ADD COLUMN role_id bigint NOT NULL DEFAULT 1 REFERENCES admin_roles(id);
CREATE INDEX admins_role_idx ON admins (role_id);
