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

/** One target's rows (e.g. `user:42`), newest first: audit_log_target_idx (migration 034). */
export async function listByTarget(sql: Sql, target: string, skip: number, limit: number) {
  const rows = (await sql.query<AuditRow>('SELECT * FROM audit_log WHERE target = $1 ORDER BY id DESC OFFSET $2 LIMIT $3', [target, skip, limit])).rows;
  const total = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE target = $1', [target])).rows[0].n;
  return { rows, total };
}

export type AuditFilter = { actor: string | null; target: string | null; action: string | null; since: Date | null; until: Date | null };
export type AuditEntryRow = AuditRow & { actor_name: string | null; target_name: string | null };

// The actor's and the target member's accounts; `user:<digits>` targets only (other targets keep their id;
// the CASE keeps the cast away from them, as the planner may test the join's conditions in any order).
const NAMED = `FROM audit_log a
  LEFT JOIN admins ad ON a.actor_type = 'admin' AND ad.id = a.actor_id
  LEFT JOIN users au ON a.actor_type IN ('agent', 'user') AND au.id = a.actor_id
  LEFT JOIN users tu ON tu.id = CASE WHEN a.target ~ '^user:[0-9]{1,18}$' THEN substring(a.target from 6)::bigint END
  WHERE ($1::text IS NULL OR coalesce(ad.account, au.account) = $1)
    AND ($2::text IS NULL OR a.target = $2 OR tu.account = $2)
    AND ($3::text IS NULL OR starts_with(a.action, $3))
    AND ($4::timestamptz IS NULL OR a.created_at >= $4)
    AND ($5::timestamptz IS NULL OR a.created_at < $5)`;

/** Audit rows with the actor's and target's accounts, filtered; newest first. */
export async function search(sql: Sql, f: AuditFilter, skip: number, limit: number) {
  const args = [f.actor, f.target, f.action, f.since, f.until];
  const rows = (
    await sql.query<AuditEntryRow>(
      `SELECT a.*, coalesce(ad.account, au.account) AS actor_name, tu.account AS target_name ${NAMED} ORDER BY a.id DESC OFFSET $6 LIMIT $7`,
      [...args, skip, limit],
    )
  ).rows;
  const total = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n ${NAMED}`, args)).rows[0].n;
  return { rows, total };
}

/**
 * Rows of `actions` in [since, until) counted per operator day (`offsetMin` from UTC), action and
 * sub-kind (the `after` value's `code`, else its `period`). audit_log_action_time_idx (migration 062).
 */
export async function countActionsByDay(sql: Sql, actions: string[], since: Date, until: Date, offsetMin: number) {
  return (
    await sql.query<{ day: string; action: string; detail: string | null; n: number }>(
      `SELECT to_char((a.created_at AT TIME ZONE 'UTC') + make_interval(mins => $4::int), 'YYYY-MM-DD') AS day,
              a.action, coalesce(a.after->>'code', a.after->>'period') AS detail, count(*)::int AS n
       FROM audit_log a
       WHERE a.action = ANY($1::text[]) AND a.created_at >= $2 AND a.created_at < $3
       GROUP BY 1, 2, 3`,
      [actions, since, until, offsetMin],
    )
  ).rows;
}

export type ActionEventRow = {
  id: bigint;
  action: string;
  detail: string | null;
  target: string | null;
  target_name: string | null;
  actor_type: string;
  created_at: Date;
};

/** Rows of `actions` in [since, until), newest first, with the target member's account. */
export async function listActions(sql: Sql, actions: string[], since: Date, until: Date, skip: number, limit: number) {
  const where = `FROM audit_log a WHERE a.action = ANY($1::text[]) AND a.created_at >= $2 AND a.created_at < $3`;
  const rows = (
    await sql.query<ActionEventRow>(
      `SELECT a.id, a.action, coalesce(a.after->>'code', a.after->>'period') AS detail, a.target, tu.account AS target_name, a.actor_type, a.created_at
       FROM (SELECT * ${where} ORDER BY a.created_at DESC, a.id DESC OFFSET $4 LIMIT $5) a
       LEFT JOIN users tu ON tu.id = CASE WHEN a.target ~ '^user:[0-9]{1,18}$' THEN substring(a.target from 6)::bigint END
       ORDER BY a.created_at DESC, a.id DESC`,
      [actions, since, until, skip, limit],
    )
  ).rows;
  const total = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n ${where}`, [actions, since, until])).rows[0].n;
  return { rows, total };
}
