import type { BonusGame } from '@wager/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { localDate, localDayRange } from '../../platform/local-time.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { HOUSE, postTransaction, transfer, type Asset, type Posting } from '../ledger/index.ts';
import { getUser, withMemberLock, ACTIVE_STATUSES, isRestricted } from '../members/index.ts';
import { readSettings, type Settings } from '../settings/index.ts';
import * as repo from './repo.ts';

/** Admin processing of charge and exchange requests (spec §4): one function per transition that moves money. */

type RequestType = 'charge' | 'exchange';
type Action = 'approve' | 'refuse' | 'cancel' | 'complete';
const ALLOWED: Record<RequestType, Record<Action, repo.BankRequestRow['status'][]>> = {
  // Deposit: waiting → approved/refused; only approved → approval cancelled.
  // An approved deposit is completed (transaction ended) by an operator; no approval cancel after (decision 011).
  charge: { approve: ['waiting'], refuse: ['waiting'], cancel: ['approved'], complete: ['approved'] },
  // Withdrawal: only waiting is approved or refused; an approved one is completed or cancelled.
  exchange: { approve: ['waiting'], refuse: ['waiting'], cancel: ['approved'], complete: ['approved'] },
};
const NEXT: Record<Action, repo.BankRequestRow['status']> = { approve: 'approved', refuse: 'refused', cancel: 'cancelled', complete: 'completed' };

/** What a transition needs: the locked request, its ledger key and reason, the settings read under the lock. */
type Step = { sql: Sql; clock: Clock; s: Settings; req: repo.BankRequestRow; key: string; reason: { type: string; id: bigint }; now: Date };
/** What a transition stores on the request: bonus points granted, the member's money after it. */
type Moved = { bonus?: bigint; moneyAfter?: bigint };

const memberMoney = (req: repo.BankRequestRow) => ({ user: req.user_id, asset: 'money' as Asset });

/**
 * The most points one charge's bonus pays (decision 043): the cap of the game type the member
 * charged for, or without one the smallest cap set; null when none applies.
 */
function maxPayoutPoints(s: Settings, game: BonusGame | null): bigint | null {
  const { max_payout_points } = s;
  const caps = game ? [max_payout_points[game]] : Object.values(max_payout_points);
  const set = caps.filter((c): c is number => c !== null);
  return set.length === 0 ? null : BigInt(Math.min(...set));
}

/** Bonus points for an approved charge: first of the member's local day, or each one after; at most the game type's cap. */
async function chargeBonus(sql: Sql, s: Settings, userId: bigint, amount: bigint, now: Date, game: BonusGame | null) {
  const [dayStart] = localDayRange(localDate(now, s.timezone_offset_minutes), s.timezone_offset_minutes);
  const first = (await repo.approvedChargesSince(sql, userId, dayStart)) === 0;
  if (await isRestricted(sql, userId, first ? 'first_charge_points' : 'every_charge_points')) return 0n;
  const { digits } = s.charge_points;
  const pct = first ? s.charge_points.first_percent : s.charge_points.each_percent;
  // Percent with the digit option's decimal places (1 or 2), in integer arithmetic: floor(amount × pct / 100).
  const scale = 10n ** BigInt(digits);
  const bonus = (amount * BigInt(Math.round(pct * Number(scale)))) / (100n * scale);
  const cap = maxPayoutPoints(s, game);
  return cap !== null && bonus > cap ? cap : bonus;
}

/** The deposit reaches the member's money, with the charge bonus in points. */
async function approveCharge({ sql, clock, s, req, key, reason, now }: Step): Promise<Moved> {
  const member = await getUser(sql, req.user_id);
  if (!member || !ACTIVE_STATUSES.has(member.status)) throw forbidden('The member is not active.', 'member_inactive');
  // Charge bonus points are a member promotion; an agent's points are what it hands down to its
  // members, so its own charges earn none (decision 032).
  const bonus = member.role === 'user' ? await chargeBonus(sql, s, req.user_id, req.amount, now, req.bonus_game) : 0n;
  const postings: Posting[] = [
    { account: { house: HOUSE.deposits, asset: 'money' as Asset }, amount: -req.amount },
    { account: memberMoney(req), amount: req.amount },
  ];
  if (bonus > 0n)
    postings.push({ account: { house: HOUSE.bonuses, asset: 'point' }, amount: -bonus }, { account: { user: req.user_id, asset: 'point' }, amount: bonus });
  const r = await postTransaction(sql, clock, { idempotencyKey: key, kind: 'charge.approve', reason, memo: '충전 승인', postings });
  return { bonus, moneyAfter: r.balances.get(`${req.user_id}:money`)! };
}

/** The approved deposit and its bonus points are taken back; refused when the member no longer holds them. */
async function cancelCharge({ sql, clock, req, key, reason }: Step): Promise<Moved> {
  const postings: Posting[] = [
    { account: memberMoney(req), amount: -req.amount },
    { account: { house: HOUSE.deposits, asset: 'money' as Asset }, amount: req.amount },
  ];
  if (req.bonus_point > 0n)
    postings.push(
      { account: { user: req.user_id, asset: 'point' }, amount: -req.bonus_point },
      { account: { house: HOUSE.bonuses, asset: 'point' }, amount: req.bonus_point },
    );
  await postTransaction(sql, clock, { idempotencyKey: key, kind: 'charge.cancel', reason, memo: '충전 승인 취소', postings }).catch((e) => {
    if (e instanceof AppError && e.code === 'insufficient_funds')
      throw new AppError(409, 'insufficient_funds', 'The member no longer holds enough money or points to cancel this approval.');
    throw e;
  });
  return {};
}

/** The money held at request time is paid out. */
async function approveExchange({ sql, clock, req, key, reason }: Step): Promise<Moved> {
  await transfer(sql, clock, {
    idempotencyKey: key,
    kind: 'exchange.approve',
    reason,
    memo: '환전 승인',
    from: { house: HOUSE.exchangeHold, asset: 'money' },
    to: { house: HOUSE.withdrawals, asset: 'money' },
    amount: req.amount,
  });
  return {};
}

/** The money held at request time goes back to the member. */
async function refuseExchange({ sql, clock, req, key, reason }: Step): Promise<Moved> {
  const r = await transfer(sql, clock, {
    idempotencyKey: key,
    kind: 'exchange.refuse',
    reason,
    memo: '환전 거절 (반환)',
    from: { house: HOUSE.exchangeHold, asset: 'money' },
    to: memberMoney(req),
    amount: req.amount,
  });
  return { moneyAfter: r.balances.get(`${req.user_id}:money`)! };
}

/** An approved withdrawal is returned to the member. */
async function cancelExchange({ sql, clock, req, key, reason }: Step): Promise<Moved> {
  const r = await transfer(sql, clock, {
    idempotencyKey: key,
    kind: 'exchange.cancel',
    reason,
    memo: '환전 승인 취소 (반환)',
    from: { house: HOUSE.withdrawals, asset: 'money' },
    to: memberMoney(req),
    amount: req.amount,
  });
  return { moneyAfter: r.balances.get(`${req.user_id}:money`)! };
}

/** A refused deposit and a completed request change only the status. */
const statusOnly = async (): Promise<Moved> => ({});

const TRANSITIONS: Record<RequestType, Record<Action, (step: Step) => Promise<Moved>>> = {
  charge: { approve: approveCharge, refuse: statusOnly, cancel: cancelCharge, complete: statusOnly },
  exchange: { approve: approveExchange, refuse: refuseExchange, cancel: cancelExchange, complete: statusOnly },
};

export async function processRequest(deps: Deps, actor: Actor, type: RequestType, id: bigint, action: Action, memo?: string) {
  // Whose request it is never changes, so an unlocked read may name the member to lock first;
  // the first-charge bonus and every other rule below are decided under that lock.
  const owner = await repo.ownerOf(deps.db, type, id);
  if (owner === undefined) throw notFound('The request does not exist.', 'request_not_found');
  return withMemberLock(deps.db, owner, async (sql) => {
    const s = await readSettings(sql);
    const req = await repo.lock(sql, type, id);
    if (!req) throw notFound('The request does not exist.', 'request_not_found');
    if (!ALLOWED[type][action].includes(req.status)) throw conflict(`A ${req.status} ${type} request cannot be processed with "${action}".`, 'request_state');
    const now = deps.clock.now();
    const moved = await TRANSITIONS[type][action]({
      sql,
      clock: deps.clock,
      s,
      req,
      key: `${type}:${action}:${id}`,
      reason: { type: 'bank_request', id },
      now,
    });
    const next = await repo.setStatus(
      sql,
      id,
      NEXT[action],
      now,
      actor.id === undefined || actor.id === null ? null : BigInt(actor.id),
      memo ?? null,
      moved.bonus ?? null,
      moved.moneyAfter ?? null,
    );
    await writeAudit(sql, deps.clock, {
      actor,
      action: `${type}.${action}`,
      target: `bank_request:${id}`,
      before: { status: req.status },
      after: { status: next.status, amount: req.amount.toString(), bonus_point: next.bonus_point.toString(), memo: memo ?? null },
    });
    return next;
  });
}
