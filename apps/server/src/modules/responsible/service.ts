import type { Deps } from '../../platform/deps.ts';
import type { Clock } from '../../platform/clock.ts';
import { atomically, inTransaction, type Sql } from '../../platform/db.ts';
import { AppError, badRequest, conflict, forbidden } from '../../platform/errors.ts';
import { localDate, localDayRange } from '../../platform/local-time.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { lockMember } from '../members/index.ts';
import { getSettings } from '../settings/index.ts';
import * as repo from './repo.ts';
import { BET_KEYS, LIMIT_KEYS, type LimitKey } from './repo.ts';

const COOLING_OFF_MS = 24 * 3600_000;
/** A permanent exclusion's end: far enough that every "until > now" check holds (decision 057). */
export const PERMANENT_UNTIL = new Date('9999-12-31T00:00:00.000Z');
export const EXCLUSION_PERIODS = ['24h', '7d', '30d', '6m', 'permanent'] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];
export type LimitPatch = Partial<Record<LimitKey, number | null>>;

const str = (v: bigint | null | undefined) => (v === null || v === undefined ? null : v.toString());
const won = (v: bigint) => `${v.toLocaleString('en-US')} won`;

/** Applies a pending raise once its cooling-off day has passed (a key the pending set does not name keeps its value). */
function effective(r: repo.LimitsRow | undefined, now: Date): repo.LimitsRow | undefined {
  if (!r || !r.pending || !r.pending_from || r.pending_from > now) return r;
  const next = { ...r, pending: null, pending_from: null };
  for (const k of LIMIT_KEYS) if (k in r.pending) next[k] = r.pending[k] === null || r.pending[k] === undefined ? null : BigInt(r.pending[k]!);
  return next;
}

/** Local starts of today, this week (Monday) and this month in the operator's time zone. */
function periodStartsAt(now: Date, offsetMin: number) {
  const today = localDate(now, offsetMin);
  const [day] = localDayRange(today, offsetMin);
  const back = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const week = new Date(day.getTime() - back * 86_400_000);
  const [month] = localDayRange(`${today.slice(0, 8)}01`, offsetMin);
  return { day, week, month };
}

async function periodStarts(deps: Deps, now: Date) {
  return periodStartsAt(now, (await getSettings(deps.db)).timezone_offset_minutes);
}

const target = (userId: bigint) => `user:${userId}`;
const limitsOf = (r: repo.LimitsRow | undefined) => Object.fromEntries(LIMIT_KEYS.map((k) => [k, str(r?.[k])])) as Record<LimitKey, string | null>;

/**
 * Saves a pending raise whose cooling-off day has passed, with its audit row (`limits.raise_applied`).
 * Reads apply it in memory anyway; this makes the change a recorded event when the member next looks.
 */
async function applyDue(deps: Deps, userId: bigint, now: Date) {
  const r = await repo.get(deps.db, userId);
  if (!r?.pending || !r.pending_from || r.pending_from > now) return;
  await deps.db.tx(async (sql) => {
    await lockMember(sql, userId);
    const cur = await repo.lock(sql, userId, now);
    if (!cur.pending || !cur.pending_from || cur.pending_from > now) return;
    const next = effective(cur, now)!;
    await repo.save(sql, next, now);
    await writeAudit(sql, deps.clock, {
      actor: { type: 'system' },
      action: 'limits.raise_applied',
      target: target(userId),
      before: limitsOf(cur),
      after: limitsOf(next),
    });
  });
}

export async function getLimits(deps: Deps, userId: bigint) {
  const now = deps.clock.now();
  await applyDue(deps, userId, now);
  const r = effective(await repo.get(deps.db, userId), now);
  const { day, week, month } = await periodStarts(deps, now);
  const excluded = !!r?.self_excluded_until && r.self_excluded_until > now;
  return {
    ...limitsOf(r),
    pending: r?.pending
      ? (Object.fromEntries(LIMIT_KEYS.filter((k) => k in r.pending!).map((k) => [k, r.pending![k] ?? null])) as Partial<Record<LimitKey, string | null>>)
      : null,
    pending_from: r?.pending_from?.toISOString() ?? null,
    self_excluded_until: excluded && !r!.excluded_permanent ? r!.self_excluded_until!.toISOString() : null,
    excluded_permanent: excluded && r!.excluded_permanent,
    deposited_today: (await repo.depositedSince(deps.db, userId, day)).toString(),
    deposited_this_week: (await repo.depositedSince(deps.db, userId, week)).toString(),
    deposited_this_month: (await repo.depositedSince(deps.db, userId, month)).toString(),
    lost_today: (await repo.netLossSince(deps.db, userId, day)).toString(),
    lost_this_week: (await repo.netLossSince(deps.db, userId, week)).toString(),
    lost_this_month: (await repo.netLossSince(deps.db, userId, month)).toString(),
    staked_today: (await repo.stakedSince(deps.db, userId, day)).toString(),
  };
}

/**
 * Changes the member's own limits. A tighter limit applies at once; a looser one (or removing
 * one) only after a cooling-off day, so a limit cannot be lifted in the heat of play. `actor` is
 * the member themselves or an admin or agent, who may only tighten (403 limit_raise_forbidden).
 * Every change is audited: `limits.set` for what applied now, `limits.raise_scheduled` for what waits.
 */
export async function setLimits(deps: Deps, userId: bigint, patch: LimitPatch, actor: Actor = { type: 'user', id: userId }) {
  const now = deps.clock.now();
  await applyDue(deps, userId, now);
  await deps.db.tx(async (sql) => {
    // Member lock first (docs/ARCHITECTURE.md): a deposit or bet checked against these limits waits for the change.
    await lockMember(sql, userId);
    const cur = effective(await repo.lock(sql, userId, now), now)!;
    const next: repo.LimitsRow = { ...cur };
    const pending: Partial<Record<LimitKey, string | null>> = { ...(cur.pending ?? {}) };
    const tightened: Partial<Record<LimitKey, string | null>> = {};
    const raised: Partial<Record<LimitKey, string | null>> = {};
    for (const k of LIMIT_KEYS) {
      if (!(k in patch) || patch[k] === undefined) continue;
      const want = patch[k] === null ? null : BigInt(patch[k]!);
      const tighter = want !== null && (cur[k] === null || want <= cur[k]!);
      if (tighter) {
        if (want !== cur[k]) tightened[k] = str(want);
        next[k] = want;
        // A tighter value also replaces a raise that was waiting for this key.
        delete pending[k];
      } else if (want !== cur[k]) {
        if (actor.type !== 'user') throw forbidden('Only the member can raise or remove their own limit.', 'limit_raise_forbidden', { key: k });
        pending[k] = str(want);
        raised[k] = str(want);
      }
    }
    const waiting = Object.keys(pending).length > 0;
    const loosened = Object.keys(raised).length > 0;
    next.pending = waiting ? pending : null;
    next.pending_from = loosened ? new Date(now.getTime() + COOLING_OFF_MS) : waiting ? cur.pending_from : null;
    await repo.save(sql, next, now);
    if (Object.keys(tightened).length > 0)
      await writeAudit(sql, deps.clock, { actor, action: 'limits.set', target: target(userId), before: limitsOf(cur), after: tightened });
    if (loosened)
      await writeAudit(sql, deps.clock, {
        actor,
        action: 'limits.raise_scheduled',
        target: target(userId),
        before: limitsOf(cur),
        after: { ...raised, applies_at: next.pending_from!.toISOString() },
      });
  });
  return getLimits(deps, userId);
}

/** The nine limits in force now (a due raise applied): what an agent reads, never the exclusion or what waits. */
export async function limitsInForce(deps: Deps, userId: bigint) {
  return limitsOf(effective(await repo.get(deps.db, userId), deps.clock.now()));
}

/**
 * SQL that holds when the member `userIdExpr` is in no time-out or self-exclusion at `$nowParam`:
 * for the modules that write to many members at once (notes), so nothing reaches an excluded player.
 */
export const notExcludedSql = (userIdExpr: string, nowParam: string) =>
  `NOT EXISTS (SELECT 1 FROM member_limits ml WHERE ml.user_id = ${userIdExpr} AND ml.self_excluded_until > ${nowParam})`;

/** The end of an exclusion of `period` starting at `now` (6 months are calendar months). */
export function exclusionEnd(period: ExclusionPeriod, now: Date): Date {
  if (period === 'permanent') return PERMANENT_UNTIL;
  if (period === '6m') {
    const d = new Date(now);
    d.setUTCMonth(d.getUTCMonth() + 6);
    return d;
  }
  return new Date(now.getTime() + { '24h': 1, '7d': 7, '30d': 30 }[period] * 86_400_000);
}

/**
 * A time-out (24 h, 7 or 30 days) or self-exclusion (6 months, permanent): sign-in, bets and
 * charges are refused until its end; it cannot be shortened (a shorter one keeps the longer).
 */
export async function selfExclude(deps: Deps, userId: bigint, period: ExclusionPeriod, password: string, passwordHash: string) {
  if (!(await verifyPassword(passwordHash, password))) throw badRequest('The password does not match.', 'password', 'password_mismatch');
  const now = deps.clock.now();
  const until = exclusionEnd(period, now);
  const kind = period === '6m' || period === 'permanent' ? 'self_exclusion' : 'timeout';
  return deps.db.tx(async (sql) => {
    await lockMember(sql, userId);
    const cur = await repo.lock(sql, userId, now);
    const longer = cur.self_excluded_until && cur.self_excluded_until > now && cur.self_excluded_until >= until;
    const next = longer ? cur : ({ ...cur, self_excluded_until: until, exclusion_kind: kind, excluded_permanent: period === 'permanent' } as repo.LimitsRow);
    await repo.save(sql, next, now);
    await writeAudit(sql, deps.clock, {
      actor: { type: 'user', id: userId },
      action: 'limits.exclusion',
      target: target(userId),
      after: { period, kind: next.exclusion_kind, until: next.self_excluded_until!.toISOString(), permanent: next.excluded_permanent, kept_longer: !!longer },
    });
    return { until: next.excluded_permanent ? null : next.self_excluded_until!, permanent: next.excluded_permanent };
  });
}

function excludedError(r: repo.LimitsRow): AppError {
  if (r.excluded_permanent) return new AppError(403, 'self_excluded_permanent', 'You have excluded yourself from play permanently.');
  const until = r.self_excluded_until!.toISOString();
  return new AppError(403, 'self_excluded', `You have excluded yourself until ${until.slice(0, 10)}.`, undefined, { params: { until } });
}

const isExcluded = (r: repo.LimitsRow | undefined, now: Date) => !!r?.self_excluded_until && r.self_excluded_until > now;

/** The error for a member in a time-out or self-exclusion, or null. Checked at login and on every session open. */
export async function exclusionError(sql: Sql, userId: bigint, now: Date): Promise<AppError | null> {
  const r = await repo.get(sql, userId);
  return isExcluded(r, now) ? excludedError(r!) : null;
}

/** The members (of `userIds`) in a time-out or self-exclusion now: agents see that, never why or until when. */
export async function excludedMembers(sql: Sql, userIds: bigint[], now: Date): Promise<Set<bigint>> {
  if (userIds.length === 0) return new Set();
  const r = await sql.query<{ user_id: bigint }>('SELECT user_id FROM member_limits WHERE user_id = ANY($1::bigint[]) AND self_excluded_until > $2', [
    userIds.map(String),
    now,
  ]);
  return new Set(r.rows.map((x) => x.user_id));
}

/**
 * The instant the member's session-time limit ends a session opened at `openedAt`, or null
 * without one. Read by auth when it opens a session (a limits change drops cached sessions: its audit row does).
 */
export async function sessionLimitEnd(sql: Sql, userId: bigint, openedAt: Date, now: Date): Promise<Date | null> {
  const r = effective(await repo.get(sql, userId), now);
  if (!r?.session_minutes) return null;
  return new Date(openedAt.getTime() + Number(r.session_minutes) * 60_000);
}

/** Refuses a charge by an excluded member or one that would pass their daily, weekly or monthly deposit limit. */
export async function checkDeposit(deps: Deps, sql: Sql, userId: bigint, amount: bigint) {
  const now = deps.clock.now();
  const r = effective(await repo.get(sql, userId), now);
  if (!r) return;
  if (isExcluded(r, now)) throw excludedError(r);
  const starts = await periodStarts(deps, now);
  for (const [key, period, since] of [
    ['deposit_daily', 'daily', starts.day],
    ['deposit_weekly', 'weekly', starts.week],
    ['deposit_monthly', 'monthly', starts.month],
  ] as const) {
    const limit = r[key];
    if (limit !== null && (await repo.depositedSince(sql, userId, since)) + amount > limit)
      throw conflict(`This charge would pass your ${period} deposit limit of ${won(limit)}.`, `deposit_limit_${period}`, { amount: limit.toString() });
  }
}

/**
 * The member lock folded into a bet's ledger statement (ledger `Guard`): ok when the member has
 * no bet-time limit in force or pending and no exclusion on record. When it is not ok the caller
 * takes `lockMemberAndCheckBet` (which decides the limits on a fresh snapshot after the lock).
 */
export const memberLockGuard = (userId: bigint) => repo.noBetLimitGuard({ user_id: userId });

/** memberLockGuard for a batch of bets (ledger `transferBatch`): every member locked, each with its own answer. */
export const membersLockGuard = (userIds: bigint[]) => repo.noBetLimitGuardMany({ user_ids: userIds.map(String) });

/** Codes of the refusals a player's own limits make (a hit is audited: `auditLimitHit`). */
export const LIMIT_HIT_CODES = new Set([
  'deposit_limit_daily',
  'deposit_limit_weekly',
  'deposit_limit_monthly',
  'loss_limit_daily',
  'loss_limit_weekly',
  'loss_limit_monthly',
  'stake_limit_bet',
  'stake_limit_daily',
]);

/**
 * Takes the member lock and refuses a bet by an excluded member, or whose stake passes the
 * member's stake per bet, could take today's stakes past the daily stake limit, or could take
 * the day's, week's or month's net loss past a loss limit, decided under that lock: one
 * statement locks the member and reads the limits; only the sums a limit in force needs follow
 * (a fresh snapshot, after the lock). The bet's locked path (decision 012).
 */
export async function lockMemberAndCheckBet(sql: Sql, userId: bigint, stake: bigint, now: Date, offsetMin: number) {
  const row = await repo.lockMemberWithLimits(sql, userId);
  if (!row) throw new AppError(404, 'member_not_found', 'Member not found.');
  const r = effective(row.limits, now);
  if (!r) return;
  if (isExcluded(r, now)) throw excludedError(r);
  if (!BET_KEYS.some((k) => r[k] !== null)) return;
  if (r.stake_per_bet !== null && stake > r.stake_per_bet)
    throw conflict(`This bet passes your limit of ${won(r.stake_per_bet)} a bet.`, 'stake_limit_bet', { amount: r.stake_per_bet.toString() });
  const starts = periodStartsAt(now, offsetMin);
  if (r.stake_daily !== null && (await repo.stakedSince(sql, userId, starts.day)) + stake > r.stake_daily)
    throw conflict(`This bet would pass your daily stake limit of ${won(r.stake_daily)}.`, 'stake_limit_daily', { amount: r.stake_daily.toString() });
  for (const [key, period, since] of [
    ['loss_daily', 'daily', starts.day],
    ['loss_weekly', 'weekly', starts.week],
    ['loss_monthly', 'monthly', starts.month],
  ] as const) {
    const limit = r[key];
    if (limit !== null && (await repo.netLossSince(sql, userId, since)) + stake > limit)
      throw conflict(`This bet could pass your ${period} loss limit of ${won(limit)}.`, `loss_limit_${period}`, { amount: limit.toString() });
  }
}

/**
 * Writes the `limits.hit` audit row for a refusal by one of the member's own limits (no-op for
 * any other error). Called by the money path after its transaction rolled back, with the
 * database, so the row survives the refusal; called inside a transaction (which is rolling
 * back) it writes nothing, and the caller that opened that transaction records the hit.
 */
export async function auditLimitHit(db: Sql, clock: Clock, userId: bigint, e: unknown, path: string) {
  if (!(e instanceof AppError) || !LIMIT_HIT_CODES.has(e.code) || inTransaction(db)) return;
  await atomically(db, (sql) =>
    writeAudit(sql, clock, {
      actor: { type: 'user', id: userId },
      action: 'limits.hit',
      target: target(userId),
      after: { code: e.code, path, ...(e.details?.params ?? {}) },
    }),
  );
}
