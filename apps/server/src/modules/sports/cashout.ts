import type { BetRow } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { betDetail, cashOutBet, findCashout, type CashoutRowDb } from '../betting/index.ts';
import { withMemberLock } from '../members/index.ts';
import { getGameSettings, getSettings } from '../settings/index.ts';
import { marginBasisPoints, partialStake, priceCashout, type CashoutPrice } from './cashout-price.ts';
import { cashoutLegs, type CashoutLegRow } from './repo-cashout.ts';
import { stoppedSince } from './repo-bets.ts';
import { realSleep, type Sleep } from './slip.ts';

/**
 * Cash-out of open sports bets (issue 20, decision 048): the offer (priced from the current odds
 * with the margin setting) and the cash-out itself. The money moves through betting's settlement
 * (`cashOutBet`) under the member lock, so a cash-out and the bet's settlement never both pay.
 */

export type CashoutInput = { requestId: string; betId: bigint; offered: bigint; amount?: bigint };
export type CashoutAnswer = {
  bet: BetRow;
  cashout: { value: string; stake: string; full: boolean; remaining_stake: string; remaining_potential: string };
};

/** The cash-out settings as this call uses them: on or off, and the margin in basis points. */
export async function cashoutSettings(db: Deps['db'] | Sql) {
  const s = await getSettings(db);
  if (!s.use_sports) throw forbidden('Sports betting is not available.', 'sports_off');
  return { enabled: s.cashout.enabled, marginBp: marginBasisPoints(s.cashout.margin_percent) };
}

type BetView = { head: CashoutLegRow; legs: CashoutLegRow[] };

function byBet(rows: CashoutLegRow[]) {
  const out = new Map<bigint, BetView>();
  for (const r of rows) {
    const v = out.get(r.bet_id);
    if (v) v.legs.push(r);
    else out.set(r.bet_id, { head: r, legs: [r] });
  }
  return out;
}

function priceOf(v: BetView, marginBp: bigint): CashoutPrice {
  if (v.head.status !== 'open') return { ok: false, code: 'cashout_unavailable' };
  return priceCashout(v.head, v.legs, marginBp);
}

const refusal = (code: 'cashout_suspended' | 'cashout_unavailable') =>
  code === 'cashout_suspended'
    ? conflict('Cash-out is suspended while a selection of the bet is not priced.', 'cashout_suspended')
    : conflict('Cash-out is not available for this bet.', 'cashout_unavailable');

/** The current offer for each of the member's bets asked (at most a page of them). */
export async function quoteCashouts(deps: Deps, userId: bigint, betIds: bigint[]) {
  const s = await cashoutSettings(deps.db);
  const views = byBet(await cashoutLegs(deps.db, userId, betIds));
  return {
    offers: betIds.map((id) => {
      const v = views.get(id);
      const p: CashoutPrice = !s.enabled || !v ? { ok: false, code: 'cashout_unavailable' } : priceOf(v, s.marginBp);
      return { bet_id: Number(id), available: p.ok, value: p.ok ? p.value.toString() : null, reason: p.ok ? null : p.code };
    }),
  };
}

/**
 * Cashes out the member's bet, all of it or (`amount`, below the full value) a part. Refused when
 * the offer fell below what the member saw (`offered`); a bet with a leg in play waits the board's
 * in-play delay and is priced again, refused if the feed stopped betting on its match meanwhile.
 * A retried request id answers the first cash-out.
 */
export async function cashOutSportsBet(deps: Deps, userId: bigint, input: CashoutInput, sleep: Sleep = realSleep): Promise<CashoutAnswer> {
  const first = await findCashout(deps.db, userId, input.requestId);
  if (first) return replay(deps, userId, input, first);
  const s = await cashoutSettings(deps.db);
  if (!s.enabled) throw forbidden('Cash-out is not available.', 'cashout_off');
  let view = await load(deps.db, userId, input.betId);
  let price = priced(view, s.marginBp, input.offered);
  const live = view.legs.filter((l) => l.result === null && l.fixture_status === 'progress');
  if (live.length > 0) {
    const game = await getGameSettings(deps.db, `sports:${view.head.board}`);
    if (game.inplay_delay_seconds > 0) {
      const asked = deps.clock.now();
      await sleep(game.inplay_delay_seconds * 1000);
      const stopped = await stoppedSince(deps.db, [...new Set(live.map((l) => l.fixture_id))], asked);
      if (stopped.size > 0) throw refusal('cashout_suspended');
      const again = await load(deps.db, userId, input.betId);
      if (again.head.settle_count !== view.head.settle_count) throw conflict('Cash-out failed: the offer has changed.', 'cashout_price_changed');
      view = again;
      price = priced(view, s.marginBp, input.offered);
    }
  }
  const bet = view.head;
  const stake = input.amount !== undefined && input.amount < price ? partialStake(bet, price, input.amount) : bet.amount;
  const value = stake === bet.amount ? price : input.amount!;
  const done = await withMemberLock(deps.db, userId, async (sql) => {
    // A retry that waited on the lock behind its first call answers it.
    if (await findCashout(sql, userId, input.requestId)) return null;
    await cashOutBet(sql, deps.clock, {
      betId: bet.bet_id,
      userId,
      requestId: input.requestId,
      seen: { amount: bet.amount, potential_win: bet.potential_win, settle_count: bet.settle_count },
      stake,
      value,
    });
    return findCashout(sql, userId, input.requestId);
  });
  return replay(deps, userId, input, done ?? (await findCashout(deps.db, userId, input.requestId))!);
}

async function load(db: Deps['db'], userId: bigint, betId: bigint) {
  const v = byBet(await cashoutLegs(db, userId, [betId])).get(betId);
  if (!v) throw notFound('The bet does not exist.', 'bet_not_found');
  if (v.head.status !== 'open') throw conflict('Cash-out failed: the bet is already settled.', 'cashout_not_open');
  return v;
}

/** The full value now; refused when not offered or below what the member was shown. */
function priced(v: BetView, marginBp: bigint, offered: bigint) {
  const p = priceOf(v, marginBp);
  if (!p.ok) throw refusal(p.code);
  if (p.value < offered) throw conflict('Cash-out failed: the offer has changed.', 'cashout_price_changed', { value: p.value.toString() });
  return p.value;
}

async function replay(deps: Deps, userId: bigint, input: CashoutInput, c: CashoutRowDb): Promise<CashoutAnswer> {
  if (c.bet_id !== input.betId) throw new AppError(409, 'idempotency_conflict', 'This request id was already used for a different cash-out.');
  return {
    bet: await betDetail(deps, userId, c.bet_id),
    cashout: {
      value: c.value.toString(),
      stake: c.stake.toString(),
      full: c.full_cashout,
      remaining_stake: c.remaining_stake.toString(),
      remaining_potential: c.remaining_potential.toString(),
    },
  };
}
