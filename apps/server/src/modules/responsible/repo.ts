import type { Sql } from '../../platform/db.ts';
import { definePart } from '../ledger/index.ts';
import { lockedMembers } from '../members/index.ts';

/** Every limit a player sets on themselves (decision 057): money keys in won, `session_minutes` in minutes. */
export const LIMIT_KEYS = [
  'deposit_daily',
  'deposit_weekly',
  'deposit_monthly',
  'loss_daily',
  'loss_weekly',
  'loss_monthly',
  'stake_per_bet',
  'stake_daily',
  'session_minutes',
] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];
/** The keys a bet is checked against: a member with any of them in force or pending leaves the one-statement path. */
export const BET_KEYS = ['loss_daily', 'loss_weekly', 'loss_monthly', 'stake_per_bet', 'stake_daily'] as const satisfies readonly LimitKey[];

export type LimitsRow = {
  user_id: bigint;
  pending: Partial<Record<LimitKey, string | null>> | null;
  pending_from: Date | null;
  self_excluded_until: Date | null;
  exclusion_kind: 'timeout' | 'self_exclusion' | null;
  excluded_permanent: boolean;
} & Record<LimitKey, bigint | null>;

const asRow = (r: Record<string, unknown> | undefined) => {
  if (!r || r.user_id === null || r.user_id === undefined) return undefined;
  // session_minutes is an integer column; every key is handled as a bigint here.
  return { ...r, session_minutes: r.session_minutes === null ? null : BigInt(r.session_minutes as number) } as LimitsRow;
};

export async function get(sql: Sql, userId: bigint) {
  return asRow((await sql.query('SELECT * FROM member_limits WHERE user_id = $1', [userId])).rows[0]);
}

export async function lock(sql: Sql, userId: bigint, at: Date) {
  await sql.query('INSERT INTO member_limits (user_id, updated_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [userId, at]);
  return asRow((await sql.query('SELECT * FROM member_limits WHERE user_id = $1 FOR UPDATE', [userId])).rows[0])!;
}

export async function save(sql: Sql, r: LimitsRow, at: Date) {
  const sets = LIMIT_KEYS.map((k, i) => `${k} = $${i + 8}`).join(', ');
  await sql.query(
    `UPDATE member_limits SET pending = $2::jsonb, pending_from = $3, self_excluded_until = $4, exclusion_kind = $5,
       excluded_permanent = $6, updated_at = $7, ${sets} WHERE user_id = $1`,
    [
      r.user_id,
      r.pending ? JSON.stringify(r.pending) : null,
      r.pending_from,
      r.self_excluded_until,
      r.exclusion_kind,
      r.excluded_permanent,
      at,
      ...LIMIT_KEYS.map((k) => (r[k] === null ? null : k === 'session_minutes' ? Number(r[k]) : r[k])),
    ],
  );
}

/** Charges asked for or credited since `since` (waiting ones count: they will be credited). */
export async function depositedSince(sql: Sql, userId: bigint, since: Date) {
  return (
    (
      await sql.query<{ total: bigint | null }>(
        `SELECT sum(amount)::bigint AS total FROM bank_requests
         WHERE user_id = $1 AND type = 'charge' AND status IN ('waiting','approved','completed') AND created_at >= $2`,
        [userId, since],
      )
    ).rows[0].total ?? 0n
  );
}

/**
 * The member lock (`SELECT … FROM users … FOR UPDATE`, the same row lock as members.lockMember)
 * and the member's limits row (undefined when they never set one) in one statement: the locked
 * bet's first round trip. Null when the member does not exist.
 */
export async function lockMemberWithLimits(sql: Sql, userId: bigint) {
  const r = (
    await sql.query(
      `SELECT u.id AS member, l.* FROM ${lockedMembers({ ids: '$1' })} u LEFT JOIN member_limits l ON l.user_id = u.id`,
      [userId],
      'lock_member_limits',
    )
  ).rows[0];
  return r ? { limits: asRow(r) } : null;
}

/**
 * Ok when the member has no bet-time limit in force or pending and no exclusion on record (an
 * ended one too: the locked path reads it against the clock). Every key of BET_KEYS is named, so
 * a member without limits keeps the one-statement bet (decision 012).
 */
const NO_BET_LIMIT = `(l.user_id IS NULL OR (l.self_excluded_until IS NULL AND ${BET_KEYS.map(
  (k) => `l.${k} IS NULL AND (l.pending IS NULL OR l.pending->>'${k}' IS NULL)`,
).join(' AND ')}))`;

/** The member lock as a ledger guard: locks the member and answers NO_BET_LIMIT, so the bet needs no sums. */
export const noBetLimitGuard = definePart(
  'member_no_bet_limit',
  `SELECT ${NO_BET_LIMIT} AS ok FROM ${lockedMembers({ ids: ':user_id' })} u LEFT JOIN member_limits l ON l.user_id = u.id`,
);

/**
 * noBetLimitGuard for many members at once (a batch of bets): locks them in id order, one
 * `(user_id, ok)` row each. A member another transaction holds is skipped, not waited for (no
 * row: the batch leaves that bet out, and it waits for its member alone), so one busy member
 * never holds up the others' bets.
 */
export const noBetLimitGuardMany = definePart(
  'members_bet_limit_guard',
  `SELECT u.id AS user_id, ${NO_BET_LIMIT} AS ok
   FROM ${lockedMembers({ ids: ':user_ids', many: true, skipLocked: true })} u LEFT JOIN member_limits l ON l.user_id = u.id`,
);

/** Net loss on bets placed since `since`: open stakes count in full, settled ones as stake − winnings. */
export async function netLossSince(sql: Sql, userId: bigint, since: Date) {
  const r = await sql.query<{ loss: bigint | null }>(
    `SELECT sum(CASE WHEN status = 'open' THEN amount WHEN status IN ('won','lost','cashout') THEN amount - win_amount ELSE 0 END)::bigint AS loss
     FROM bets WHERE user_id = $1 AND created_at >= $2`,
    [userId, since],
  );
  const loss = r.rows[0].loss ?? 0n;
  return loss > 0n ? loss : 0n;
}

/** Stakes placed since `since` (cancelled and rolled-back bets do not count). */
export async function stakedSince(sql: Sql, userId: bigint, since: Date) {
  const r = await sql.query<{ total: bigint | null }>(
    `SELECT sum(amount)::bigint AS total FROM bets WHERE user_id = $1 AND created_at >= $2 AND status NOT IN ('cancelled','void')`,
    [userId, since],
  );
  return r.rows[0].total ?? 0n;
}
