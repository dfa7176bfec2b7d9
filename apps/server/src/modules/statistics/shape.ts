import type { BetFigures, DeskFigures, Holdings as HoldingsOut } from '@wager/contracts';
import { FIGURES, zero } from './figures.ts';
import type { DayFigures, Desk, Holdings, Losing } from './repo-read.ts';
import { zeroDesk } from './repo-read.ts';

/** Figures as the contract sends them: money as decimal strings, derived columns computed here. */

export const zeroDay = (): DayFigures => ({ ...zero(), bettors: 0n, rolling_own: 0n, losing: 0n, loss_fee: 0n });

export function addDay(into: DayFigures, f: DayFigures) {
  for (const k of FIGURES) into[k] += f[k];
  into.bettors += f.bettors;
  into.rolling_own += f.rolling_own;
  into.losing += f.losing;
  into.loss_fee += f.loss_fee;
  return into;
}

/** Sets a group's losing figures (read apart from the day rows) on its figures, in place. */
export function withLosing(f: DayFigures, l: Losing | undefined) {
  f.losing = l?.losing ?? 0n;
  f.loss_fee = l?.loss_fee ?? 0n;
  return f;
}

export function addDesk(into: Desk, d: Desk) {
  for (const k of Object.keys(into) as (keyof Desk)[]) into[k] += d[k];
  return into;
}

/** win ÷ bet in percent, two decimals, rounded half up; null without bets. */
export function paybackRate(win: bigint, bet: bigint) {
  if (bet <= 0n) return null;
  const hundredths = (win * 20000n + bet) / (2n * bet);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

export function betOut(f: DayFigures): BetFigures {
  const pl = f.bet_amount - f.win_amount;
  return {
    bet_count: Number(f.bet_count),
    bet_amount: String(f.bet_amount),
    win_count: Number(f.win_count),
    win_amount: String(f.win_amount),
    lose_count: Number(f.lose_count),
    lose_amount: String(f.lose_amount),
    valid_amount: String(f.valid_amount),
    single_count: Number(f.single_count),
    single_amount: String(f.single_amount),
    combo_count: Number(f.combo_count),
    combo_amount: String(f.combo_amount),
    bettors: Number(f.bettors),
    betting_pl: String(pl),
    payback_rate: paybackRate(f.win_amount, f.bet_amount),
    rolling: String(f.rolling),
    losing: String(f.losing),
    loss_fee: String(f.loss_fee),
    settlement: String(pl - f.rolling - f.losing),
  };
}

export function deskOut(d: Desk = zeroDesk()): DeskFigures {
  return {
    charge_count: Number(d.charge_count),
    charge_amount: String(d.charge_amount),
    exchange_count: Number(d.exchange_count),
    exchange_amount: String(d.exchange_amount),
    deposit_pl: String(d.charge_amount - d.exchange_amount),
    paid_money: String(d.paid_money),
    collected_money: String(d.collected_money),
    paid_point: String(d.paid_point),
    collected_point: String(d.collected_point),
    join_count: Number(d.join_count),
    login_count: Number(d.login_count),
  };
}

export function addHoldings(into: Holdings, h: Holdings) {
  for (const k of Object.keys(into) as (keyof Holdings)[]) into[k] += h[k];
  return into;
}

export const zeroHoldings = (): Holdings => ({ member_count: 0n, member_money: 0n, member_point: 0n, member_egg: 0n, lower_money: 0n, lower_point: 0n });

export function holdingsOut(h: Holdings = zeroHoldings()): HoldingsOut {
  return {
    member_count: Number(h.member_count),
    member_money: String(h.member_money),
    member_point: String(h.member_point),
    member_egg: String(h.member_egg),
    lower_money: String(h.lower_money),
    lower_point: String(h.lower_point),
    total_held: String(h.member_money + h.lower_money),
  };
}
