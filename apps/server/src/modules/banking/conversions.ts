import type { Deps } from '../../platform/deps.ts';
import { AppError, badRequest, forbidden } from '../../platform/errors.ts';
import { replayOrConflict } from '../../platform/idempotency.ts';
import { HOUSE, postTransaction, getBalances, type Asset } from '../ledger/index.ts';
import { lockMember } from '../members/index.ts';
import { getSettings } from '../settings/index.ts';
import * as repo from './repo.ts';
import { checkRequester, type Audience } from './audience.ts';
import { findRequestAnswer, saveRequestAnswer } from '../../platform/request-answers.ts';

/** A conversion as the contract sends it (member site and partner site). */
export const conversionOut = (c: { id: bigint; kind: string; amount: bigint; before: bigint; after: bigint; created_at: Date }) => ({
  id: Number(c.id),
  kind: c.kind,
  amount: c.amount.toString(),
  before: c.before.toString(),
  after: c.after.toString(),
  created_at: c.created_at.toISOString(),
});

export type ConversionKind = 'point_to_money' | 'money_to_casino' | 'casino_to_money' | 'money_to_egg' | 'egg_to_money';

const FROM_TO: Record<ConversionKind, [Asset, Asset, string]> = {
  point_to_money: ['point', 'money', '포인트 전환'],
  money_to_casino: ['money', 'casino', '카지노 머니 전환'],
  casino_to_money: ['casino', 'money', '카지노 머니 회수'],
  money_to_egg: ['money', 'egg', '에그 충전'],
  egg_to_money: ['egg', 'money', '에그 환전'],
};

/**
 * Moves one unit of value from one of the member's assets to another at 1:1. Each asset
 * balances on its own through the house conversion account, so the ledger stays double-entry.
 * `amount` null means "all of it" (convert-all, spec §8).
 */
async function convert(deps: Deps, userId: bigint, kind: ConversionKind, amount: bigint | null, requestId: string, audience: Audience = 'member') {
  const [from, to, memo] = FROM_TO[kind];
  const replay = await repo.findConversion(deps.db, userId, requestId);
  if (replay) return replayOrConflict(replay, replay.kind === kind && (amount === null || replay.amount === amount));
  return deps.db.tx(async (sql) => {
    checkRequester(await lockMember(sql, userId), audience);
    const again = await repo.findConversion(sql, userId, requestId);
    if (again) return replayOrConflict(again, again.kind === kind && (amount === null || again.amount === amount));
    const before = await getBalances(sql, userId);
    const qty = amount ?? before[from];
    if (qty <= 0n) throw badRequest('There is nothing to convert.', 'amount', 'conversion_empty');
    if (before[from] < qty) throw new AppError(409, 'insufficient_funds', 'Switching failed: the balance is not enough.', 'amount');
    const house = kind.includes('casino') ? HOUSE.casinoVendor : HOUSE.conversions;
    const r = await postTransaction(sql, deps.clock, {
      idempotencyKey: `convert:${userId}:${requestId}`,
      kind: `convert.${kind}`,
      reason: { type: 'conversion', id: requestId },
      memo,
      postings: [
        { account: { user: userId, asset: from }, amount: -qty },
        { account: { house, asset: from }, amount: qty },
        { account: { house, asset: to }, amount: -qty },
        { account: { user: userId, asset: to }, amount: qty },
      ],
    });
    return repo.insertConversion(sql, {
      userId,
      kind,
      amount: qty,
      before: before[from],
      after: r.balances.get(`${userId}:${from}`)!,
      requestId,
      at: deps.clock.now(),
    });
  });
}

/** Points to money, 1:1, for a member or for an agent's own points (spec §6): the same minimum and unit. */
export async function convertPoint(deps: Deps, userId: bigint, point: bigint, requestId: string, audience: Audience = 'member') {
  const s = await getSettings(deps.db);
  if (point < BigInt(s.point_conversion.min))
    throw badRequest(`Point switching failed: the minimum is ${s.point_conversion.min.toLocaleString('en-US')} points.`, 'point', 'point_min', {
      points: String(s.point_conversion.min),
    });
  if (point % BigInt(s.point_conversion.unit) !== 0n)
    throw badRequest(`Point switching failed: convert in units of ${s.point_conversion.unit.toLocaleString('en-US')} points.`, 'point', 'point_unit', {
      points: String(s.point_conversion.unit),
    });
  return convert(deps, userId, 'point_to_money', point, requestId, audience);
}

export async function convertCasino(deps: Deps, userId: bigint, direction: 'to_casino' | 'to_money', amount: bigint | null, requestId: string) {
  const s = await getSettings(deps.db);
  // Seamless wallets keep casino play on the money balance; there is nothing to convert.
  if (s.is_seamless) throw forbidden('Casino money conversion is not used with the seamless wallet.', 'casino_seamless');
  if (!s.use_casino && !s.use_slot) throw forbidden('Casino is not available.', 'casino_off');
  return convert(deps, userId, direction === 'to_casino' ? 'money_to_casino' : 'casino_to_money', amount, requestId);
}

export async function convertEgg(deps: Deps, userId: bigint, level: number, direction: 'to_egg' | 'to_money', amount: bigint, requestId: string) {
  const s = await getSettings(deps.db);
  if (level < s.egg_min_level) throw forbidden(`Egg conversion is available from level ${s.egg_min_level}.`, 'egg_level', { level: s.egg_min_level });
  return convert(deps, userId, direction === 'to_egg' ? 'money_to_egg' : 'egg_to_money', amount, requestId);
}

export const conversionLogs = (deps: Deps, userId: bigint, from: Date, to: Date, skip: number, kinds?: string[]) =>
  repo.conversionLogs(deps.db, userId, from, to, skip, 10, kinds);

/**
 * Spec §8 "clear all transition details": hides every conversion record the member has so far
 * from their own history. Nothing is deleted (the rows and their ledger postings stay for
 * operators). A repeated request id answers the first count.
 */
export async function clearConversions(deps: Deps, userId: bigint, requestId: string) {
  return deps.db.tx(async (sql) => {
    await lockMember(sql, userId);
    const scope = `conversions.clear:${userId}`;
    const replay = await findRequestAnswer(sql, scope, requestId);
    if (replay) return Number(replay.cleared);
    const cleared = await repo.hideConversions(sql, userId, deps.clock.now());
    await saveRequestAnswer(sql, scope, requestId, { cleared }, deps.clock.now());
    return cleared;
  });
}
