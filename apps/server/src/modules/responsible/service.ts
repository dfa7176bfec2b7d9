import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import { localDate, localDayRange } from '../../platform/local-time.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { lockMember } from '../members/index.ts';
import { getSettings } from '../settings/index.ts';
import * as repo from './repo.ts';

const COOLING_OFF_MS = 24 * 3600_000;
type Key = 'deposit_daily' | 'deposit_monthly' | 'loss_daily';
const KEYS: Key[] = ['deposit_daily', 'deposit_monthly', 'loss_daily'];

/** Applies a pending raise once its cooling-off day has passed. */
function effective(r: repo.LimitsRow | undefined, now: Date): repo.LimitsRow | undefined {
  if (!r || !r.pending || !r.pending_from || r.pending_from > now) return r;
  const next = { ...r, pending: null, pending_from: null };
  for (const k of KEYS) next[k] = r.pending[k] === null ? null : BigInt(r.pending[k]!);
  return next;
}

async function periodStarts(deps: Deps, now: Date) {
  const s = await getSettings(deps.db);
  const today = localDate(now, s.timezone_offset_minutes);
  const [day] = localDayRange(today, s.timezone_offset_minutes);
  const [month] = localDayRange(`${today.slice(0, 8)}01`, s.timezone_offset_minutes);
  return { day, month };
}

export async function getLimits(deps: Deps, userId: bigint) {
  const now = deps.clock.now();
  const r = effective(await repo.get(deps.db, userId), now);
  const { day, month } = await periodStarts(deps, now);
  const str = (v: bigint | null | undefined) => (v === null || v === undefined ? null : v.toString());
  return {
    deposit_daily: str(r?.deposit_daily),
    deposit_monthly: str(r?.deposit_monthly),
    loss_daily: str(r?.loss_daily),
    pending: r?.pending ?? null,
    pending_from: r?.pending_from?.toISOString() ?? null,
    self_excluded_until: r?.self_excluded_until && r.self_excluded_until > now ? r.self_excluded_until.toISOString() : null,
    deposited_today: (await repo.depositedSince(deps.db, userId, day)).toString(),
    deposited_this_month: (await repo.depositedSince(deps.db, userId, month)).toString(),
    lost_today: (await repo.netLossSince(deps.db, userId, day)).toString(),
  };
}

/**
 * A tighter limit applies at once; a looser one (or removing one) only after a cooling-off
 * day, so a limit cannot be lifted in the heat of play.
 */
export async function setLimits(deps: Deps, userId: bigint, patch: Partial<Record<Key, number | null>>) {
  const now = deps.clock.now();
  await deps.db.tx(async (sql) => {
    // Member lock first (docs/ARCHITECTURE.md): a deposit or bet checked against these limits waits for the change.
    await lockMember(sql, userId);
    const cur = effective(await repo.lock(sql, userId, now), now)!;
    const next: repo.LimitsRow = { ...cur };
    // Keys without a pending change stay as they are now when the pending set applies.
    const pending: Record<Key, string | null> = cur.pending
      ? { ...cur.pending }
      : { deposit_daily: str(cur.deposit_daily), deposit_monthly: str(cur.deposit_monthly), loss_daily: str(cur.loss_daily) };
    let loosened = false;
    for (const k of KEYS) {
      if (!(k in patch)) continue;
      const want = patch[k] === null || patch[k] === undefined ? null : BigInt(patch[k]!);
      const tighter = want !== null && (cur[k] === null || want <= cur[k]!);
      pending[k] = str(want);
      if (tighter) next[k] = want;
      else if (want !== cur[k]) loosened = true;
    }
    const waiting = loosened || cur.pending !== null;
    next.pending = waiting ? pending : null;
    next.pending_from = loosened ? new Date(now.getTime() + COOLING_OFF_MS) : waiting ? cur.pending_from : null;
    await repo.save(sql, next, now);
  });
  return getLimits(deps, userId);
}

const str = (v: bigint | null) => (v === null ? null : v.toString());

/** Self-exclusion: sign-in is refused until the date; it cannot be shortened by the member. */
export async function selfExclude(deps: Deps, userId: bigint, days: number, password: string, passwordHash: string) {
  if (!(await verifyPassword(passwordHash, password))) throw badRequest('The password does not match.', 'password', 'password_mismatch');
  const now = deps.clock.now();
  const until = new Date(now.getTime() + days * 86_400_000);
  await deps.db.tx(async (sql) => {
    await lockMember(sql, userId);
    const cur = await repo.lock(sql, userId, now);
    const keep = cur.self_excluded_until && cur.self_excluded_until > until ? cur.self_excluded_until : until;
    await repo.save(sql, { ...cur, self_excluded_until: keep }, now);
  });
  return until;
}

/** The error for a self-excluded member, or null. Checked at login and on every call. */
export async function exclusionError(sql: Sql, userId: bigint, now: Date): Promise<AppError | null> {
  const r = await repo.get(sql, userId);
  if (!r?.self_excluded_until || r.self_excluded_until <= now) return null;
  const until = r.self_excluded_until.toISOString();
  return new AppError(403, 'self_excluded', `You have excluded yourself until ${until.slice(0, 10)}.`, undefined, { params: { until } });
}

/** Refuses a charge that would pass the member's own daily or monthly deposit limit. */
export async function checkDeposit(deps: Deps, sql: Sql, userId: bigint, amount: bigint) {
  const now = deps.clock.now();
  const r = effective(await repo.get(sql, userId), now);
  if (!r) return;
  const { day, month } = await periodStarts(deps, now);
  if (r.deposit_daily !== null && (await repo.depositedSince(sql, userId, day)) + amount > r.deposit_daily)
    throw conflict(`This charge would pass your daily deposit limit of ${r.deposit_daily.toLocaleString('en-US')} won.`, 'deposit_limit_daily', {
      amount: r.deposit_daily.toString(),
    });
  if (r.deposit_monthly !== null && (await repo.depositedSince(sql, userId, month)) + amount > r.deposit_monthly)
    throw conflict(`This charge would pass your monthly deposit limit of ${r.deposit_monthly.toLocaleString('en-US')} won.`, 'deposit_limit_monthly', {
      amount: r.deposit_monthly.toString(),
    });
}

/**
 * The member lock folded into a bet's ledger statement (ledger `Guard`): ok when the member has
 * no loss limit in force or pending. When it is not ok the caller takes
 * `lockMemberAndCheckLoss` (which decides the limit on a fresh snapshot after the lock).
 */
export const memberLockGuard = (userId: bigint) => repo.noLossLimitGuard({ user_id: userId });

/** memberLockGuard for a batch of bets (ledger `transferBatch`): every member locked, each with its own answer. */
export const membersLockGuard = (userIds: bigint[]) => repo.noLossLimitGuardMany({ user_ids: userIds.map(String) });

/**
 * Takes the member lock and refuses a bet whose stake could take today's net loss past the
 * member's own loss limit, decided under that lock: one statement locks the member and reads the
 * limit; only when a limit is set does a second one (a fresh snapshot, after the lock) sum today's
 * bets. The bet's hot path (decision 012).
 */
export async function lockMemberAndCheckLoss(sql: Sql, userId: bigint, stake: bigint, now: Date, offsetMin: number) {
  const row = await repo.lockMemberWithLossLimit(sql, userId);
  if (!row) throw new AppError(404, 'member_not_found', 'Member not found.');
  const r = effective(row.user_id === null ? undefined : (row as repo.LimitsRow), now);
  if (!r || r.loss_daily === null) return;
  const [day] = localDayRange(localDate(now, offsetMin), offsetMin);
  if ((await repo.netLossSince(sql, userId, day)) + stake > r.loss_daily)
    throw conflict(`This bet could pass your daily loss limit of ${r.loss_daily.toLocaleString('en-US')} won.`, 'loss_limit_daily', {
      amount: r.loss_daily.toString(),
    });
}
