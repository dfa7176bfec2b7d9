import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { RESTRICTIONS, type joinBody, type PlayerLoginInfo, type Restriction, type RollingJson } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import type { Db, Sql } from '../../platform/db.ts';
import { AppError, badRequest, conflict, forbidden, notFound, tooMany } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { localDate } from '../../platform/local-time.ts';
import { getBalances, HOUSE, transfer } from '../ledger/index.ts';
import { getSettings } from '../settings/index.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import * as repo from './repo.ts';
import { assertNotBlacklisted, markCodeUsed, takeRecommendCode } from './site.ts';

export type { UserRow } from './repo.ts';

/** Statuses that may sign in and use the site. */
export const ACTIVE_STATUSES = new Set(['normal_a', 'normal_b', 'test']);

/** The error a member in `status` gets at login and on every call. */
export function statusError(status: string): AppError | null {
  if (ACTIVE_STATUSES.has(status)) return null;
  switch (status) {
    case 'pending':
      return new AppError(403, 'account_pending', 'Your registration is awaiting approval.');
    case 'suspended':
      return new AppError(403, 'account_suspended', 'This account is suspended. Please contact customer service.');
    case 'blocked':
      return new AppError(403, 'account_blocked', 'This account is blocked.');
    default:
      return new AppError(403, 'account_withdrawn', 'This account is no longer active.');
  }
}

export const findByAccount = (sql: Sql, account: string) => repo.findByAccount(sql, account);
export const getUser = (sql: Sql, id: bigint) => repo.getById(sql, id);
export const authState = (sql: Sql, id: bigint) => repo.statusOf(sql, id);
export const recordLogin = repo.recordLogin;
export const recordActivity = repo.recordActivity;
export const setUserLanguage = repo.setLanguage;
export const memberCounts = repo.counts;

export async function listMembers(deps: Deps, f: { status?: string; role?: 'user' | 'agent'; search?: string }, skip: number) {
  const r = await repo.list(deps.db, f, skip, 20);
  return {
    total: r.total,
    rows: r.rows.map((u) => ({
      id: Number(u.id),
      account: u.account,
      nickname: u.nickname,
      name: u.name,
      role: u.role,
      level: u.level,
      status: u.status,
      parent_account: u.parent_account,
      money: (u.money ?? 0n).toString(),
      point: (u.point ?? 0n).toString(),
      join_ip: u.join_ip,
      created_at: u.created_at.toISOString(),
      last_login_at: u.last_login_at?.toISOString() ?? null,
      restrictions: activeRestrictions(u.restrictions),
    })),
  };
}
export const listBanks = repo.listBanks;
/**
 * The member lock (docs/ARCHITECTURE.md "The member lock"): locks the member's row so every
 * money action of that member runs one at a time. Take it FIRST in the transaction, before any
 * other row or ledger account, and decide every rule that depends on the member's earlier
 * activity (first charge of the day, caps, intervals, daily counts, attempt counters) after it.
 */
export const lockMember = (sql: Sql, id: bigint) => repo.lockUser(sql, id);
export { lockedMembers, type MemberLock } from './lock.ts';

/** Opens a transaction, takes the member lock first, and runs `fn` under it (404 if no member). */
export async function withMemberLock<T>(db: Db, id: bigint, fn: (sql: Sql, member: repo.UserRow) => Promise<T>): Promise<T> {
  return db.tx(async (sql) => {
    const member = await repo.lockUser(sql, id);
    if (!member) throw notFound('Member not found.', 'member_not_found');
    return fn(sql, member);
  });
}

export const ZERO_ROLLING: RollingJson = {
  casino_percent: 0,
  casino_win_percent: 0,
  casino_lose_percent: 0,
  slot_percent: 0,
  sports_single_percent: 0,
  sports_percent: 0,
  minigame_percent: 0,
  minigame_multiple_percent: 0,
  powerball_single_percent: 0,
  powerball_multiple_percent: 0,
  incentive: 0,
  bank_incentive: 0,
  powerball_incentive: 0,
  casino_incentive: 0,
  slot_incentive: 0,
  sports_incentive: 0,
  minigame_incentive: 0,
  support_casino_percent: 0,
  support_slot_percent: 0,
};

/**
 * The member's part of the login info; the unread counts are messaging's, added by
 * context's `playerLoginInfo` (members never imports messaging, which imports members).
 */
export async function memberLoginInfo(deps: Deps, id: bigint): Promise<Omit<PlayerLoginInfo, 'unread_message_total' | 'unread_reply_total'>> {
  const u = await repo.getById(deps.db, id);
  if (!u) throw notFound('Member not found.', 'member_not_found');
  const [bal, s] = await Promise.all([getBalances(deps.db, id), getSettings(deps.db)]);
  return {
    id: Number(u.id),
    account: u.account,
    nickname: u.nickname,
    level: u.level,
    money: bal.money.toString(),
    point: bal.point.toString(),
    egg: bal.egg.toString(),
    balance: bal.casino.toString(),
    role: u.role,
    role_setting: {
      isOpenLosing: u.role_setting.isOpenLosing ?? false,
      isOpenPartnerPage: u.role_setting.isOpenPartnerPage ?? true,
      isOpenUserPage: u.role_setting.isOpenUserPage ?? true,
    },
    settings_json: { visibled_partner: u.settings_json.visibled_partner ?? 1 },
    use_casino: s.use_casino,
    use_slot: s.use_slot,
    use_sports: s.use_sports,
    use_minigame: s.use_minigame,
    rolling_json: { ...ZERO_ROLLING, ...u.rolling_json },
    agent_theme: (u.agent_theme === 'B' ? 'B' : s.agent_theme) as 'A' | 'B',
    language: u.language,
    bank_name: u.bank_name,
    bank_account_masked: maskAccount(u.bank_account),
    bank_holder: u.bank_holder,
    restrictions: activeRestrictions(u.restrictions),
  };
}

const activeRestrictions = (r: Record<string, boolean>) => RESTRICTIONS.filter((k) => r[k] === true);

/** Refuses an activity an admin has switched off for this member (spec §5). */
export async function assertAllowed(sql: Sql, userId: bigint, activity: Restriction) {
  if ((await repo.restrictionsOf(sql, userId))[activity] === true)
    throw new AppError(403, 'activity_restricted', 'This activity is restricted for your account. Please contact customer service.');
}

export async function isRestricted(sql: Sql, userId: bigint, activity: Restriction) {
  return (await repo.restrictionsOf(sql, userId))[activity] === true;
}

/** Admin switches activities on or off for one member; audited with before and after. */
export async function setRestrictions(deps: Deps, actor: Actor, userId: bigint, patch: Partial<Record<Restriction, boolean>>) {
  return deps.db.tx(async (sql) => {
    const u = await repo.lockUser(sql, userId);
    if (!u) throw notFound('Member not found.', 'member_not_found');
    const next = { ...u.restrictions, ...patch };
    await repo.setRestrictions(sql, userId, next, deps.clock.now());
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'member.restrictions',
      target: `user:${userId}`,
      before: { restrictions: activeRestrictions(u.restrictions) },
      after: { restrictions: activeRestrictions(next) },
    });
    return activeRestrictions(next);
  });
}

/**
 * An agent's partner-site access (spec §3 settings_json.visibled_partner, §6): 1 open, 0 blocked
 * (the partner route guard sends it to the member site), -2 closed (the agent shell refuses it).
 * Audited with before and after.
 */
export async function setPartnerAccess(deps: Deps, actor: Actor, userId: bigint, visibled: -2 | 0 | 1) {
  return deps.db.tx(async (sql) => {
    const u = await repo.lockUser(sql, userId);
    if (!u || u.role === 'user') throw notFound('Agent not found.', 'agent_not_found');
    const before = u.settings_json.visibled_partner ?? 1;
    await repo.setSettingsJson(sql, userId, { ...u.settings_json, visibled_partner: visibled }, deps.clock.now());
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'member.partner_access',
      target: `user:${userId}`,
      before: { visibled_partner: before },
      after: { visibled_partner: visibled },
    });
    return visibled;
  });
}

/** Keeps the first three and last two digits (spec §9 masking), the rest as asterisks. */
export function maskAccount(account: string | null): string | null {
  if (!account) return null;
  if (account.length <= 5) return '*'.repeat(account.length);
  return account.slice(0, 3) + '*'.repeat(account.length - 5) + account.slice(-2);
}

// ---- join (spec §5 "Join")

// The two availability checks answer whether an account or nickname exists: unbounded, they list
// the members (issue 21: 300 of 300 answered from one address). A join form checks a few times;
// settings.join_check_limit per address per 10 minutes (30), both calls together, counted like the SMS limit.
async function countJoinCheck(deps: Deps, ip: string) {
  const { per_ip_per_10_minutes } = (await getSettings(deps.db)).join_check_limit;
  if ((await deps.limiter.count(`join-check:ip:${ip}`)) >= per_ip_per_10_minutes) throw tooMany();
  await deps.limiter.add(`join-check:ip:${ip}`, 10 * 60_000);
}

export async function isAccountFree(deps: Deps, account: string, ip: string) {
  await countJoinCheck(deps, ip);
  return !(await repo.accountExists(deps.db, account));
}

export async function isNicknameFree(deps: Deps, nickname: string, ip: string) {
  await countJoinCheck(deps, ip);
  return !(await repo.nicknameExists(deps.db, nickname));
}

const SMS_TTL_MS = 5 * 60_000;
const SMS_MAX_ATTEMPTS = 5;
const smsHash = (key: string, code: string) => createHash('sha256').update(`${key}:${code}`).digest('hex');

export async function sendJoinSms(deps: Deps, phone: string, ip: string) {
  // One code per number per 30 s and 20 per IP per hour (settings.join_sms_limit): SMS costs money and can be abused.
  const { per_phone_seconds, per_ip_per_hour } = (await getSettings(deps.db)).join_sms_limit;
  if ((await deps.limiter.count(`sms:phone:${phone}`)) >= 1)
    throw tooMany('Please wait before requesting another code.', 'sms_too_soon', { seconds: per_phone_seconds });
  if ((await deps.limiter.count(`sms:ip:${ip}`)) >= per_ip_per_hour) throw tooMany();
  await deps.limiter.add(`sms:phone:${phone}`, per_phone_seconds * 1000);
  await deps.limiter.add(`sms:ip:${ip}`, 3_600_000);
  const key = deps.rng.bytes(16).toString('hex');
  // Six digits without a leading zero, so the code survives being sent as a number (spec §5).
  const code = String(deps.rng.int(100_000, 1_000_000));
  const at = deps.clock.now();
  await repo.insertSms(deps.db, key, phone, smsHash(key, code), at, new Date(at.getTime() + SMS_TTL_MS));
  await deps.sms.send(phone, `[인증번호] ${code}`);
  return key;
}

/** `code` is exactly six digits (the contract's smsCode). */
export async function checkJoinSms(deps: Deps, key: string, code: string) {
  const ok = await deps.db.tx(async (sql) => {
    const v = await repo.lockSms(sql, key);
    if (!v || v.used_at) throw badRequest('Please request a new verification number.', 'sms_key', 'sms_invalid');
    if (v.expires_at <= deps.clock.now()) throw badRequest('The verification number has expired.', 'sms_key', 'sms_expired');
    if (v.attempts >= SMS_MAX_ATTEMPTS) throw tooMany('Too many wrong numbers. Please request a new code.', 'sms_attempts_exceeded');
    const match = v.code_hash === smsHash(key, code);
    await repo.smsAttempt(sql, key, match ? deps.clock.now() : null);
    return match;
  });
  if (!ok) throw badRequest('The verification number is incorrect.', 'number', 'sms_mismatch');
  return true;
}

export type JoinInput = z.output<typeof joinBody>;

/** Whole years between a birth date and a day, both 'YYYY-MM-DD'. */
export function ageOn(birth: string, day: string) {
  const [by, bm, bd] = birth.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  if (!by || bm < 1 || bm > 12 || bd < 1 || bd > 31) return -1;
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Creates a member from the join form; pending approval unless the setting auto-approves. */
export async function join(deps: Deps, input: JoinInput, ip: string) {
  const s = await getSettings(deps.db);
  if (!s.use_user_join) throw forbidden('Sign-up is closed.', 'join_closed');
  // The legal age is a setting (19 in Korea), counted on the operator's local day.
  if (ageOn(input.birth_date, localDate(deps.clock.now(), s.timezone_offset_minutes)) < s.minimum_age)
    throw badRequest(`You must be at least ${s.minimum_age} years old to join.`, 'birth_date', 'underage', { age: s.minimum_age });
  const passwordHash = await hashPassword(input.password);
  const exchangeHash = await hashPassword(input.bank_password);
  return deps.db.tx(async (sql) => {
    const at = deps.clock.now();
    if (await repo.accountExists(sql, input.account)) throw conflict('This ID is already in use.', 'account_taken');
    if (await repo.nicknameExists(sql, input.nickname)) throw conflict('This nickname is already in use.', 'nickname_taken');
    const sms = await repo.lockSms(sql, input.sms_key);
    if (!sms || !sms.verified_at || sms.used_at || sms.phone !== input.phone_number)
      throw badRequest('Please verify your mobile phone first.', 'sms_key', 'sms_not_verified');
    if (!(await repo.bankExists(sql, input.bank_name))) throw badRequest('Please choose a bank from the list.', 'bank_name', 'bank_unknown');
    await assertNotBlacklisted(sql, { account: input.account, phone: input.phone_number, bankAccount: input.bank_account });
    // A recommendation code (single use, decision 040) joins under its agent; else the code is an agent's.
    const recommend = await takeRecommendCode(sql, input.code, at);
    const parent = recommend
      ? await repo.statusOf(sql, recommend.agentId).then((p) => p && { id: recommend.agentId, status: p.status })
      : await repo.findAgentByCode(sql, input.code);
    if (!parent || !ACTIVE_STATUSES.has(parent.status)) throw badRequest('The join code is not valid.', 'code', 'join_code_invalid');
    await repo.smsUse(sql, input.sms_key, at);
    const status = s.join_auto_approve ? 'normal_a' : 'pending';
    const id = await repo.insertUser(sql, {
      account: input.account,
      passwordHash,
      nickname: input.nickname,
      name: input.bank_account_holder,
      phone: input.phone_number,
      role: 'user',
      parentId: parent.id,
      level: s.join_level,
      status,
      referralCode: null,
      bankName: input.bank_name,
      bankAccount: input.bank_account.replace(/-/g, ''),
      bankHolder: input.bank_account_holder,
      exchangePasswordHash: exchangeHash,
      birthDate: input.birth_date,
      joinIp: ip,
      joinDevice: input.device,
      at,
    });
    if (recommend) await markCodeUsed(sql, recommend.id, id, at);
    if (s.signup_points > 0)
      await transfer(sql, deps.clock, {
        idempotencyKey: `signup-points:${id}`,
        kind: 'bonus.signup',
        reason: { type: 'user', id },
        from: { house: HOUSE.bonuses, asset: 'point' },
        to: { user: id, asset: 'point' },
        amount: BigInt(s.signup_points),
      });
    return { id, status };
  });
}

/** Replaces a member's password hash (the caller holds the member lock and has checked the old one). */
export const setPasswordHash = repo.setPasswordHash;

export type NewUser = Omit<Parameters<typeof repo.insertUser>[1], 'passwordHash' | 'exchangePasswordHash' | 'at'> & {
  password: string;
  exchangePassword?: string;
};

/**
 * Inserts a user whose password hashes the caller made before its transaction (the accounts
 * module: hashing is slow and must not run while the parent's lock is held).
 */
export const insertUserRow = repo.insertUser;

/** Inserts a user or agent directly (seed, admin and agent creation). */
export async function createUser(sql: Sql, deps: Pick<Deps, 'clock'>, u: NewUser) {
  const { password, exchangePassword, ...rest } = u;
  return repo.insertUser(sql, {
    ...rest,
    passwordHash: await hashPassword(password),
    exchangePasswordHash: exchangePassword ? await hashPassword(exchangePassword) : null,
    at: deps.clock.now(),
  });
}
