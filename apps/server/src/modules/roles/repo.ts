import type { Sql } from '../../platform/db.ts';

export type RoleRow = { id: bigint; code: string; name: string; is_builtin: boolean; permissions: Record<string, string>; admin_count: number };

export async function roleOfAdmin(sql: Sql, adminId: bigint) {
  return (
    await sql.query<Omit<RoleRow, 'admin_count'>>(
      `SELECT r.id, r.code, r.name, r.is_builtin, r.permissions FROM admins a JOIN admin_roles r ON r.id = a.role_id WHERE a.id = $1`,
      [adminId],
    )
  ).rows[0];
}

export async function listRoles(sql: Sql) {
  return (
    await sql.query<RoleRow>(
      `SELECT r.id, r.code, r.name, r.is_builtin, r.permissions, (SELECT count(*)::int FROM admins a WHERE a.role_id = r.id) AS admin_count
       FROM admin_roles r ORDER BY r.id`,
    )
  ).rows;
}

export async function lockRole(sql: Sql, id: bigint) {
  return (await sql.query<Omit<RoleRow, 'admin_count'>>('SELECT id, code, name, is_builtin, permissions FROM admin_roles WHERE id = $1 FOR UPDATE', [id]))
    .rows[0];
}

export async function findRoleByCode(sql: Sql, code: string) {
  return (await sql.query<{ id: bigint }>('SELECT id FROM admin_roles WHERE code = $1', [code])).rows[0]?.id;
}

export async function insertRole(sql: Sql, code: string, name: string, permissions: Record<string, string>, at: Date) {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO admin_roles (code, name, permissions, created_at, updated_at) VALUES ($1, $2, $3::jsonb, $4, $4) RETURNING id`,
    [code, name, JSON.stringify(permissions), at],
  );
  return r.rows[0].id;
}

export async function updateRole(sql: Sql, id: bigint, name: string, permissions: Record<string, string>, at: Date) {
  await sql.query('UPDATE admin_roles SET name = $2, permissions = $3::jsonb, updated_at = $4 WHERE id = $1', [id, name, JSON.stringify(permissions), at]);
}

export async function deleteRole(sql: Sql, id: bigint) {
  await sql.query('DELETE FROM admin_roles WHERE id = $1', [id]);
}

export async function countHolders(sql: Sql, roleId: bigint) {
  return (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM admins WHERE role_id = $1', [roleId])).rows[0].n;
}

export async function listAdmins(sql: Sql) {
  return (
    await sql.query<{ id: bigint; account: string; nickname: string; is_active: boolean; role_id: bigint; role_name: string }>(
      `SELECT a.id, a.account, a.nickname, a.is_active, a.role_id, r.name AS role_name FROM admins a JOIN admin_roles r ON r.id = a.role_id ORDER BY a.id`,
    )
  ).rows;
}

export async function lockAdmin(sql: Sql, id: bigint) {
  return (await sql.query<{ id: bigint; account: string; role_id: bigint }>('SELECT id, account, role_id FROM admins WHERE id = $1 FOR UPDATE', [id])).rows[0];
}

export async function setAdminRole(sql: Sql, adminId: bigint, roleId: bigint) {
  await sql.query('UPDATE admins SET role_id = $2 WHERE id = $1', [adminId, roleId]);
}
