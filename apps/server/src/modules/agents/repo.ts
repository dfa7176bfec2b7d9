import type { Sql } from '../../platform/db.ts';

export async function listRoles(sql: Sql) {
  return (await sql.query<{ name: string; propirty: number }>('SELECT name, propirty FROM roles ORDER BY propirty')).rows;
}

export async function propirtyOf(sql: Sql, role: string) {
  return (await sql.query<{ propirty: number }>('SELECT propirty FROM roles WHERE name = $1', [role])).rows[0]?.propirty;
}
