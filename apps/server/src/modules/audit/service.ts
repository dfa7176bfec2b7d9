import { createHash } from 'node:crypto';
import { afterCommit, homeOf } from '../../platform/db.ts';
import { notifyChange } from '../../platform/events.ts';
import type { Sql } from '../../platform/db.ts';
import type { Clock } from '../../platform/clock.ts';
import { localDayRange } from '../../platform/local-time.ts';
import * as repo from './repo.ts';

export type Actor = { type: 'admin' | 'agent' | 'user' | 'system'; id?: number | bigint | null; ip?: string | null };

/** JSON with sorted keys and bigints as strings: jsonb reorders keys, so hashes use this form. */
export function canonical(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'bigint') return JSON.stringify(v.toString());
  if (v instanceof Date) return JSON.stringify(v.toISOString());
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

const normalise = (v: unknown) => (v === undefined ? null : JSON.parse(canonical(v)));

function rowHash(prev: string, r: Omit<repo.AuditRow, 'id' | 'prev_hash' | 'hash'>) {
  const body = canonical({
    actor_type: r.actor_type,
    actor_id: r.actor_id === null ? null : String(r.actor_id),
    action: r.action,
    target: r.target,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
    created_at: r.created_at.toISOString(),
  });
  return createHash('sha256').update(`${prev}\n${body}`).digest('hex');
}

/**
 * Appends one audit row inside the caller's transaction. The head row is locked so rows are
 * chained strictly in commit order; each row carries the hash of the one before it.
 */
export async function writeAudit(sql: Sql, clock: Clock, e: { actor: Actor; action: string; target?: string; before?: unknown; after?: unknown }) {
  const head = await repo.lockHead(sql);
  const row = {
    actor_type: e.actor.type,
    actor_id: e.actor.id === undefined || e.actor.id === null ? null : BigInt(e.actor.id),
    action: e.action,
    target: e.target ?? null,
    before: normalise(e.before),
    after: normalise(e.after),
    ip: e.actor.ip ?? null,
    created_at: clock.now(),
  };
  const hash = rowHash(head.last_hash, row);
  // Every audited change (admin or agent) may change what members see: cached contexts and
  // sessions are dropped once it commits (decision 012).
  const home = homeOf(sql);
  afterCommit(sql, () => notifyChange(home, { topic: 'all' }));
  return repo.insert(sql, { ...row, prev_hash: head.last_hash, hash });
}

/** Walks the whole chain; any edited, removed or reordered row breaks it. */
export async function verifyAudit(sql: Sql): Promise<{ ok: boolean; rows: number; problems: string[] }> {
  const problems: string[] = [];
  let prev = 'genesis';
  let last = 0n;
  let count = 0;
  for (;;) {
    const batch = await repo.page(sql, last, 1000);
    if (batch.length === 0) break;
    for (const r of batch) {
      count++;
      if (r.prev_hash !== prev) problems.push(`audit row ${r.id}: previous hash does not match row before it`);
      const expect = rowHash(r.prev_hash, r);
      if (expect !== r.hash) problems.push(`audit row ${r.id}: content does not match its hash`);
      prev = r.hash;
      last = r.id;
    }
  }
  const head = await repo.head(sql);
  if (head.last_hash !== prev) problems.push('audit head does not point at the last row (rows removed?)');
  return { ok: problems.length === 0, rows: count, problems };
}

/** One audit row as the admin calls answer it (the search adds names and before/after). */
const auditRow = (a: {
  id: bigint;
  actor_type: string;
  actor_id: bigint | null;
  action: string;
  target: string | null;
  ip: string | null;
  created_at: Date;
}) => ({
  id: Number(a.id),
  actor_type: a.actor_type,
  actor_id: a.actor_id === null ? null : Number(a.actor_id),
  action: a.action,
  target: a.target,
  ip: a.ip,
  created_at: a.created_at.toISOString(),
});

export const listAudit = (sql: Sql, skip: number, limit = 20) => repo.list(sql, skip, limit);
/** The audit list call's answer. */
export async function auditPage(sql: Sql, skip: number) {
  const r = await listAudit(sql, skip);
  return { total: r.total, rows: r.rows.map(auditRow) };
}
/** The update history of one account, object or setting (`user:42`), newest first. */
export const listAuditOfTarget = (sql: Sql, target: string, skip: number, limit = 20) => repo.listByTarget(sql, target, skip, limit);

// The operating time zone's days (KST), as every dated admin filter reads them.
const KST_MIN = 9 * 60;

/** The audit screen's search (issue 19 "audit readable by a person"): filters, accounts, before and after. */
export async function searchAudit(sql: Sql, body: { actor?: string; target?: string; action?: string; from?: string; to?: string; skip?: number } | undefined) {
  const b = body ?? {};
  const r = await repo.search(
    sql,
    {
      actor: b.actor || null,
      target: b.target || null,
      action: b.action || null,
      since: b.from ? localDayRange(b.from, KST_MIN)[0] : null,
      until: b.to ? localDayRange(b.to, KST_MIN)[1] : null,
    },
    b.skip ?? 0,
    20,
  );
  return {
    total: r.total,
    rows: r.rows.map((a) => ({
      ...auditRow(a),
      actor_name: a.actor_name,
      target_name: a.target_name,
      before: a.before ?? null,
      after: a.after ?? null,
    })),
  };
}

/** Counts of the rows of `actions` per operator day, action and sub-kind (reports, e.g. player protection). */
export const countAuditActionsByDay = (sql: Sql, actions: string[], since: Date, until: Date, offsetMin: number) =>
  repo.countActionsByDay(sql, actions, since, until, offsetMin);
/** The rows of `actions` in a period, newest first, with the target member's account. */
export const listAuditActions = (sql: Sql, actions: string[], since: Date, until: Date, skip: number, limit: number) =>
  repo.listActions(sql, actions, since, until, skip, limit);
