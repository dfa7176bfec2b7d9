import type { Sql } from '../../platform/db.ts';
import { definePart } from '../ledger/index.ts';
import { lockedMembers } from '../members/index.ts';

export type LimitsRow = {
  user_id: bigint;
  deposit_daily: bigint | null;
  deposit_monthly: bigint | null;
  loss_daily: bigint | null;
  pending: { deposit_daily: string | null; deposit_monthly: string | null; loss_daily: string | null } | null;
  pending_from: Date | null;
  self_excluded_until: Date | null;
};

export async function get(sql: Sql, userId: bigint) {
  return (await sql.query<LimitsRow>('SELECT * FROM member_limits WHERE user_id = $1', [userId])).rows[0];
}

export async function lock(sql: Sql, userId: bigint, at: Date) {
  await sql.query('INSERT INTO member_limits (user_id, updated_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [userId, at]);
  return (await sql.query<LimitsRow>('SELECT * FROM member_limits WHERE user_id = $1 FOR UPDATE', [userId])).rows[0];
}

export async function save(sql: Sql, r: LimitsRow, at: Date) {
  await sql.query(
    `UPDATE member_limits SET deposit_daily = $2, deposit_monthly = $3, loss_daily = $4, pending = $5::jsonb, pending_from = $6,
       self_excluded_until = $7, updated_at = $8 WHERE user_id = $1`,
    [r.user_id, r.deposit_daily, r.deposit_monthly, r.loss_daily, r.pending ? JSON.stringify(r.pending) : null, r.pending_from, r.self_excluded_until, at],
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
 * and the member's limits row (all null when they never set one) in one statement: the bet's
 * first round trip. Undefined when the member does not exist.
 */
export async function lockMemberWithLossLimit(sql: Sql, userId: bigint) {
  return (
    await sql.query<{ [K in keyof LimitsRow]: LimitsRow[K] | null }>(
      `SELECT l.* FROM ${lockedMembers({ ids: '$1' })} u LEFT JOIN member_limits l ON l.user_id = u.id`,
      [userId],
      'lock_member_loss_limit',
    )
  ).rows[0];
}

/**
 * The member lock as a ledger guard: locks the member and says ok when no daily loss limit is
 * in force or pending, so the bet needs no loss sum and can post in the same statement.
 */
const NO_LOSS_LIMIT = `(l.user_id IS NULL OR (l.loss_daily IS NULL AND (l.pending IS NULL OR l.pending->>'loss_daily' IS NULL)))`;
export const noLossLimitGuard = definePart(
  'member_no_loss_limit',
  `SELECT ${NO_LOSS_LIMIT} AS ok FROM ${lockedMembers({ ids: ':user_id' })} u LEFT JOIN member_limits l ON l.user_id = u.id`,
);

/**
 * noLossLimitGuard for many members at once (a batch of bets): locks them in id order, one
 * `(user_id, ok)` row each. A member another transaction holds is skipped, not waited for (no
 * row: the batch leaves that bet out, and it waits for its member alone), so one busy member
 * never holds up the others' bets.
 */
export const noLossLimitGuardMany = definePart(
  'members_guard',
  `SELECT u.id AS user_id, ${NO_LOSS_LIMIT} AS ok
   FROM ${lockedMembers({ ids: ':user_ids', many: true, skipLocked: true })} u LEFT JOIN member_limits l ON l.user_id = u.id`,
);

/** Net loss on bets placed since `since`: open stakes count in full, settled ones as stake − winnings. */
export async function netLossSince(sql: Sql, userId: bigint, since: Date) {
  const r = await sql.query<{ loss: bigint | null }>(
    `SELECT sum(CASE WHEN status = 'open' THEN amount WHEN status IN ('won','lost') THEN amount - win_amount ELSE 0 END)::bigint AS loss
     FROM bets WHERE user_id = $1 AND created_at >= $2`,
    [userId, since],
  );
  const loss = r.rows[0].loss ?? 0n;
  return loss > 0n ? loss : 0n;
}
