import { ERROR_CODES, type BankRequest, type BonusGame } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { replayOrConflict } from '../../platform/idempotency.ts';
import { inLocalWindow, localDate, localDayRange } from '../../platform/local-time.ts';
import { HOUSE, transfer } from '../ledger/index.ts';
import { getUser, identityStatus, lockMember, assertAllowed } from '../members/index.ts';
import { checkRequester, type Audience } from './audience.ts';
import { getSettings, readSettings } from '../settings/index.ts';
import { auditLimitHit, checkDeposit } from '../responsible/index.ts';
import * as repo from './repo.ts';
import { requireExchangePassword } from './exchange-password.ts';

const won = (n: bigint) => n.toLocaleString('en-US');

export function toBankRequest(r: repo.BankRequestRow): BankRequest {
  return {
    id: Number(r.id),
    type: r.type,
    amount: r.amount.toString(),
    status: r.status,
    holder: r.holder,
    bank_name: r.bank_name,
    bank_account: r.bank_account,
    money_after: r.money_after?.toString() ?? null,
    bonus_point: r.bonus_point.toString(),
    flag: r.flag,
    created_at: r.created_at.toISOString(),
    processed_at: r.processed_at?.toISOString() ?? null,
  };
}

const AMOUNT_CODES = {
  charge: { min: ERROR_CODES.chargeMin, max: ERROR_CODES.chargeMax, unit: ERROR_CODES.chargeUnit },
  exchange: { min: ERROR_CODES.exchangeMin, max: ERROR_CODES.exchangeMax, unit: ERROR_CODES.exchangeUnit },
} as const;

/** Minimum, maximum and unit (null = not applied), spec §5; params.amount is the bound the web formats as money. */
function checkAmount(
  amount: bigint,
  rule: { min: number; max: number | null; unit: number | null },
  field: string,
  kind: keyof typeof AMOUNT_CODES,
  what: string,
) {
  const codes = AMOUNT_CODES[kind];
  if (amount < BigInt(rule.min)) throw badRequest(`${what}: the minimum is ${won(BigInt(rule.min))} won.`, field, codes.min, { amount: String(rule.min) });
  if (rule.max !== null && amount > BigInt(rule.max))
    throw badRequest(`${what}: the maximum is ${won(BigInt(rule.max))} won.`, field, codes.max, { amount: String(rule.max) });
  if (rule.unit !== null && amount % BigInt(rule.unit) !== 0n)
    throw badRequest(`${what}: enter the amount in units of ${won(BigInt(rule.unit))} won.`, field, codes.unit, { amount: String(rule.unit) });
}

/** "3 hours", "1 hour 30 minutes", "45 minutes": the exchange interval in words (never "0 hours"). */
export function intervalText(minutes: number) {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return [h ? part(h, 'hour') : '', m ? part(m, 'minute') : ''].filter(Boolean).join(' ');
}

// ---- charge (deposit)

/** What a member's approved charges add up to: the deposits the empty-betting rule counts (decision 043). */
export const approvedChargeTotal = (sql: Sql, userId: bigint) => repo.approvedTotal(sql, userId);

/**
 * The deposit account is shown only after the exchange password when the setting is on. A
 * permanent account, once verified, stays shown for the rest of the session (spec §5 "needs
 * verifying only once"); a temporary one may change, so it asks each time.
 */
export async function chargeAccount(deps: Deps, userId: bigint, sessionId: bigint, bankPassword?: string) {
  const s = await getSettings(deps.db);
  const u = await getUser(deps.db, userId);
  const total = await repo.approvedTotal(deps.db, userId);
  const permanent = u!.level >= s.deposit_account.permanent_min_level && total >= BigInt(s.deposit_account.permanent_min_total);
  if (s.use_exchange_password && !(permanent && (await repo.hasChargeGrant(deps.db, sessionId, userId)))) {
    // Opening the page asks without a password: that is the form's normal first state, not a failure.
    if (bankPassword === undefined) return { bank: null, password_required: true };
    await requireExchangePassword(deps, userId, bankPassword);
    if (permanent) await repo.grantChargeAccount(deps.db, sessionId, userId, deps.clock.now());
  }
  const acc = permanent ? s.deposit_account.permanent : s.deposit_account.temporary;
  return { bank: { kind: permanent ? ('permanent' as const) : ('temporary' as const), ...acc }, password_required: false };
}

/**
 * A charge request by a member (member site) or by an agent for itself (partner site, spec §6):
 * the same rules, limits and duplicate checks whoever asks; `audience` adds only the agent's own
 * status check under the lock (decision 032).
 */
export async function requestCharge(
  deps: Deps,
  userId: bigint,
  input: { amount: bigint; depositorName?: string; bankPassword?: string; requestId: string; bonusGame?: BonusGame },
  audience: Audience = 'member',
) {
  const s = await getSettings(deps.db);
  const replay = await repo.findByRequestId(deps.db, userId, 'charge', input.requestId);
  if (replay) return replayOrConflict(replay, replay.amount === input.amount);
  checkAmount(input.amount, s.charge, 'charge_money', 'charge', 'Charge');
  const user = await getUser(deps.db, userId);
  if (!user) throw notFound('Member not found.', 'member_not_found');
  // The depositor must be the account holder registered at sign-up (spec §5).
  if (input.depositorName !== undefined && input.depositorName.trim() !== (user.bank_holder ?? '').trim())
    throw badRequest(
      'The depositor name must match the account holder registered at sign-up; recharge is not possible.',
      'depositor_name',
      'depositor_mismatch',
    );
  if (s.charge.require_exchange_password) await requireExchangePassword(deps, userId, input.bankPassword);
  return deps.db
    .tx(async (sql) => {
      checkRequester(await lockMember(sql, userId), audience);
      const again = await repo.findByRequestId(sql, userId, 'charge', input.requestId);
      if (again) return replayOrConflict(again, again.amount === input.amount);
      const now = deps.clock.now();
      // The delay is read under the member lock: the rule and its message use one value; 0 = no delay.
      const { delay_seconds } = (await readSettings(sql)).charge;
      const last = delay_seconds > 0 ? await repo.lastRequest(sql, userId, 'charge') : undefined;
      if (last && now.getTime() - last.created_at.getTime() < delay_seconds * 1000)
        throw conflict(`Please wait ${delay_seconds} seconds between charge requests.`, 'charge_too_soon', { seconds: delay_seconds });
      await checkDeposit(deps, sql, userId, input.amount);
      const recent = await repo.sameAmountSince(sql, userId, 'charge', input.amount, new Date(now.getTime() - 5 * 60_000));
      const flag = !recent ? null : now.getTime() - recent.created_at.getTime() <= 60_000 ? 'double' : 'possible_duplicate';
      return repo.insert(sql, {
        userId,
        type: 'charge',
        amount: input.amount,
        requestId: input.requestId,
        holder: user.bank_holder,
        bankName: user.bank_name,
        bankAccount: user.bank_account,
        flag,
        moneyAfter: null,
        at: now,
        bonusGame: input.bonusGame,
      });
    })
    .catch(async (e) => {
      // A charge refused by the member's own deposit limit is a protection event (decision 057).
      await auditLimitHit(deps.db, deps.clock, userId, e, 'charge');
      throw e;
    });
}

// ---- exchange (withdrawal)

/** An exchange request by a member or an agent for itself: one set of rules (see requestCharge). */
export async function requestExchange(
  deps: Deps,
  userId: bigint,
  input: { amount: bigint; bankPassword?: string; requestId: string },
  audience: Audience = 'member',
) {
  const s = await getSettings(deps.db);
  const replay = await repo.findByRequestId(deps.db, userId, 'exchange', input.requestId);
  if (replay) return replayOrConflict(replay, replay.amount === input.amount);
  checkAmount(input.amount, s.exchange, 'exchange_money', 'exchange', 'Exchange');
  await assertAllowed(deps.db, userId, 'exchange');
  const now = deps.clock.now();
  if (inLocalWindow(now, s.timezone_offset_minutes, s.exchange.blackout_start, s.exchange.blackout_end))
    throw conflict(`Exchange is impossible from ${s.exchange.blackout_start} to ${s.exchange.blackout_end}.`, 'exchange_blackout', {
      start: s.exchange.blackout_start,
      end: s.exchange.blackout_end,
    });
  if (s.use_exchange_password) await requireExchangePassword(deps, userId, input.bankPassword);
  return deps.db.tx(async (sql) => {
    const user = checkRequester(await lockMember(sql, userId), audience);
    const again = await repo.findByRequestId(sql, userId, 'exchange', input.requestId);
    if (again) return replayOrConflict(again, again.amount === input.amount);
    // The interval and daily count are read under the member lock, so the rule and its message
    // use one value; an interval of 0 means there is no interval rule.
    const locked = await readSettings(sql);
    const rule = locked.exchange;
    // Decision 058: withdrawals wait for an admin-verified identity when the setting says so.
    if (locked.withdrawals_require_verified_identity && (await identityStatus(sql, userId)) !== 'verified')
      throw forbidden('Withdrawals need a verified identity. Please contact support.', 'identity_unverified');
    const last = rule.interval_minutes > 0 ? await repo.lastRequest(sql, userId, 'exchange', ['refused', 'cancelled']) : undefined;
    if (last && now.getTime() - last.created_at.getTime() < rule.interval_minutes * 60_000)
      throw new AppError(409, 'exchange_too_soon', `Only one exchange request is allowed every ${intervalText(rule.interval_minutes)}.`, undefined, {
        rule: 'interval',
        params: { hours: Math.floor(rule.interval_minutes / 60), minutes: rule.interval_minutes % 60 },
      });
    if (rule.daily_count !== null) {
      const [dayStart] = localDayRange(localDate(now, s.timezone_offset_minutes), s.timezone_offset_minutes);
      if ((await repo.countSince(sql, userId, 'exchange', dayStart, ['waiting', 'approved', 'completed'])) >= rule.daily_count)
        throw conflict('The daily number of exchange requests has been reached.', 'exchange_daily_limit');
    }
    const row = await repo.insert(sql, {
      userId,
      type: 'exchange',
      amount: input.amount,
      requestId: input.requestId,
      holder: user.bank_holder,
      bankName: user.bank_name,
      bankAccount: user.bank_account,
      flag: null,
      moneyAfter: null,
      at: now,
    });
    // Deducted from held money at request time, returned if refused (spec §9).
    const r = await transfer(sql, deps.clock, {
      idempotencyKey: `exchange:hold:${row.id}`,
      kind: 'exchange.hold',
      reason: { type: 'bank_request', id: row.id },
      memo: '환전 신청',
      from: { user: userId, asset: 'money' },
      to: { house: HOUSE.exchangeHold, asset: 'money' },
      amount: input.amount,
    }).catch((e) => {
      if (e instanceof AppError && e.code === 'insufficient_funds')
        throw new AppError(409, 'insufficient_funds', 'Your application for currency exchange failed: not enough held money.', 'exchange_money');
      throw e;
    });
    return repo.setMoneyAfter(sql, row.id, r.balances.get(`${userId}:money`)!);
  });
}

// ---- admin processing (spec §4)

export { processRequest } from './process-request.ts';

export const adminList = (deps: Deps, type: 'charge' | 'exchange', status: string | null, skip: number, requester?: Audience) =>
  repo.adminList(deps.db, type, status, skip, 20, requester);
export const userLogs = (deps: Deps, userId: bigint, type: 'charge' | 'exchange', from: Date, to: Date, skip: number) =>
  repo.userLogs(deps.db, userId, type, from, to, skip, 5);

export async function limits(deps: Deps) {
  const s = await getSettings(deps.db);
  const str = (n: number | null) => (n === null ? null : String(n));
  return {
    charge: { min: String(s.charge.min), max: str(s.charge.max), unit: str(s.charge.unit) },
    exchange: {
      min: String(s.exchange.min),
      max: str(s.exchange.max),
      unit: str(s.exchange.unit),
      blackout: `${s.exchange.blackout_start}-${s.exchange.blackout_end}`,
    },
    point: { min: String(s.point_conversion.min), unit: String(s.point_conversion.unit) },
    egg_min_level: s.egg_min_level,
    use_exchange_password: s.use_exchange_password,
    charge_requires_password: s.charge.require_exchange_password,
    is_seamless: s.is_seamless,
  };
}

export * from './conversions.ts';
export type { Audience } from './audience.ts';
