import type { Sql } from '../../platform/db.ts';

export type AuditRow = {
  id: bigint;
  actor_type: string;
  actor_id: bigint | null;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: Date;
  prev_hash: string;
  hash: string;
};

export async function lockHead(sql: Sql) {
  return (await sql.query<{ last_hash: string }>('SELECT last_hash FROM audit_head WHERE id = 1 FOR UPDATE')).rows[0];
}

export async function insert(sql: Sql, r: Omit<AuditRow, 'id'>) {
  const out = await sql.query<{ id: bigint }>(
    `INSERT INTO audit_log (actor_type, actor_id, action, target, before, after, ip, created_at, prev_hash, hash)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10) RETURNING id`,
    [
      r.actor_type,
      r.actor_id,
      r.action,
      r.target,
      r.before === undefined ? null : JSON.stringify(r.before),
      r.after === undefined ? null : JSON.stringify(r.after),
      r.ip,
      r.created_at,
      r.prev_hash,
      r.hash,
    ],
  );
  await sql.query('UPDATE audit_head SET last_id = $1, last_hash = $2 WHERE id = 1', [out.rows[0].id, r.hash]);
  return out.rows[0].id;
}

export async function page(sql: Sql, afterId: bigint, limit: number) {
  return (await sql.query<AuditRow>('SELECT * FROM audit_log WHERE id > $1 ORDER BY id LIMIT $2', [afterId, limit])).rows;
}

export async function head(sql: Sql) {
  return (await sql.query<{ last_id: bigint; last_hash: string }>('SELECT last_id, last_hash FROM audit_head WHERE id = 1')).rows[0];
}

export async function list(sql: Sql, skip: number, limit: number) {
  const rows = (await sql.query<AuditRow>('SELECT * FROM audit_log ORDER BY id DESC OFFSET $1 LIMIT $2', [skip, limit])).rows;
  const total = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0].n;
  return { rows, total };
}
