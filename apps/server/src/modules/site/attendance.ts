import type { Deps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { localDate } from '../../platform/local-time.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { HOUSE, transfer } from '../ledger/index.ts';
import { withMemberLock } from '../members/index.ts';
import { exclusionError } from '../responsible/index.ts';
import { getSettings, readSettings } from '../settings/index.ts';
import * as repo from './repo.ts';

/**
 * Attendance (spec §2 "attendance", "attendance bonuses"; decision 040). A member attends once per
 * local day; the streak counts consecutive days; the bonus of the longest rule not above the streak
 * is paid in points through the ledger, once: the (member, day) row and the ledger key
 * `attendance:<member>:<day>` are both unique, and the member lock orders concurrent checks.
 */

const DAY_MS = 86_400_000;
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
const bonusOut = (b: repo.Bonus) => ({ streak_days: b.streak_days, point: Number(b.point) });

export async function listBonuses(deps: Deps) {
  return (await repo.bonuses(deps.db)).map(bonusOut);
}

export async function setBonuses(deps: Deps, actor: Actor, rows: { streak_days: number; point: number }[]) {
  const days = rows.map((r) => r.streak_days);
  if (new Set(days).size !== days.length) throw badRequest('Each day count may appear once.', 'bonuses', 'attendance_bonus_duplicate');
  return deps.db.tx(async (sql) => {
    const before = (await repo.bonuses(sql)).map(bonusOut);
    const sorted = [...rows].sort((a, b) => a.streak_days - b.streak_days);
    await repo.replaceBonuses(sql, sorted);
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'attendance.bonuses',
      target: 'settings:attendance_bonuses',
      before: { bonuses: before },
      after: { bonuses: sorted },
    });
    return sorted;
  });
}

/** Today's attendance of a member: the first call of the day inserts it and pays its bonus; later calls answer it. */
export async function checkAttendance(deps: Deps, userId: bigint) {
  return withMemberLock(deps.db, userId, async (sql) => {
    const s = await readSettings(sql);
    const now = deps.clock.now();
    const day = localDate(now, s.timezone_offset_minutes);
    const seen = await repo.attendanceOn(sql, userId, day);
    if (seen) return { day, streak: seen.streak, bonus: String(seen.bonus), already: true };
    // No bonus reaches a player in a time-out or self-exclusion (decision 057); the session refuses them first.
    const excluded = await exclusionError(sql, userId, now);
    if (excluded) throw excluded;
    const prev = await repo.attendanceOn(sql, userId, dayBefore(day));
    const streak = prev ? prev.streak + 1 : 1;
    const bonus = await repo.bonusFor(sql, streak);
    await repo.insertAttendance(sql, { userId, day, streak, bonus, at: now });
    if (bonus > 0n)
      await transfer(sql, deps.clock, {
        idempotencyKey: `attendance:${userId}:${day}`,
        kind: 'bonus.attendance',
        reason: { type: 'user', id: userId },
        memo: `출석 보너스 (${streak}일 연속)`,
        from: { house: HOUSE.bonuses, asset: 'point' },
        to: { user: userId, asset: 'point' },
        amount: bonus,
      });
    return { day, streak, bonus: String(bonus), already: false };
  });
}

/**
 * The member's attended days of a month (default this local month), the bonus table, and the
 * current run: today's streak once checked in, else yesterday's (the run today's check continues,
 * even across a month's end), else 0.
 */
export async function memberAttendance(deps: Deps, userId: bigint, month?: string) {
  const s = await getSettings(deps.db);
  const today = localDate(deps.clock.now(), s.timezone_offset_minutes);
  const m = month ?? today.slice(0, 7);
  const from = `${m}-01`;
  const next = new Date(Date.parse(`${from}T00:00:00Z`));
  next.setUTCMonth(next.getUTCMonth() + 1);
  const to = dayBefore(next.toISOString().slice(0, 10));
  const [days, bonuses, todays, yesterdays] = await Promise.all([
    repo.memberMonth(deps.db, userId, from, to),
    repo.bonuses(deps.db),
    repo.attendanceOn(deps.db, userId, today),
    repo.attendanceOn(deps.db, userId, dayBefore(today)),
  ]);
  return {
    today,
    checked_today: todays !== undefined,
    streak: todays?.streak ?? yesterdays?.streak ?? 0,
    days: days.map((d) => ({ day: d.day, streak: d.streak, bonus: String(d.bonus) })),
    bonuses: bonuses.map(bonusOut),
  };
}

const PAGE = 20;

export async function listAttendance(deps: Deps, f: { from?: string; to?: string; search?: string }, skip: number) {
  const s = await getSettings(deps.db);
  const today = localDate(deps.clock.now(), s.timezone_offset_minutes);
  let from = f.from ?? f.to ?? today;
  let to = f.to ?? (f.from && f.from > today ? f.from : today);
  if (from > to) [from, to] = [to, from];
  const r = await repo.attendanceList(deps.db, { from, to, search: f.search || undefined }, skip, PAGE);
  return {
    from,
    to,
    total: r.total,
    rows: r.rows.map((a) => ({
      user_id: Number(a.user_id),
      account: a.account,
      nickname: a.nickname,
      day: a.day,
      streak: a.streak,
      bonus: String(a.bonus),
      created_at: a.created_at.toISOString(),
    })),
  };
}

/** The member detail's attendance tab: every attended day of one member, newest first, 20 a page. */
export async function memberAttendanceDays(deps: Deps, userId: bigint, skip: number) {
  const r = await repo.memberDays(deps.db, userId, skip, PAGE);
  return {
    total: r.total,
    rows: r.rows.map((d) => ({ day: d.day, streak: d.streak, bonus: String(d.bonus), created_at: d.created_at.toISOString() })),
  };
}
