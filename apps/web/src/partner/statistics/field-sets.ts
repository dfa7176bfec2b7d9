import type { TFunction } from 'i18next';
import type { BetFigures, DeskFigures, Holdings } from '@wager/contracts';
import { paybackText } from './figures.ts';
import type { StatField } from './stat-fields.tsx';

/**
 * The figure groups of spec §3 "Statistics columns" as the screens show them. A screen picks the
 * groups (or single fields) it needs; the XLSX of a screen carries the same fields.
 */
const c = (t: TFunction) => (key: string) => t(`partnerStats.col.${key as 'betAmount'}`);

/** Betting: amounts with counts, bettors, payback, profit, rolling, losing, loss-fee and settlement. */
export function betFields(t: TFunction): StatField<BetFigures>[] {
  const col = c(t);
  return [
    { id: 'bet', header: col('betAmount'), countHeader: col('betCount'), money: (f) => f.bet_amount, count: (f) => f.bet_count },
    { id: 'win', header: col('winAmount'), countHeader: col('winCount'), money: (f) => f.win_amount, count: (f) => f.win_count },
    { id: 'lose', header: col('loseAmount'), countHeader: col('loseCount'), money: (f) => f.lose_amount, count: (f) => f.lose_count },
    { id: 'betting_pl', header: col('profit'), money: (f) => f.betting_pl, sign: true },
    { id: 'payback', header: col('paybackRate'), text: (f) => paybackText(f.payback_rate) },
    { id: 'bettors', header: col('bettorCount'), count: (f) => f.bettors },
    { id: 'rolling', header: col('rolling'), money: (f) => f.rolling },
    { id: 'losing', header: col('losing'), money: (f) => f.losing },
    { id: 'loss_fee', header: col('lossFee'), money: (f) => f.loss_fee },
    { id: 'settlement', header: col('settlement'), money: (f) => f.settlement, sign: true },
  ];
}

/** Single-pole and combination bets. */
export function poleFields(t: TFunction): StatField<BetFigures>[] {
  const col = c(t);
  return [
    { id: 'single', header: col('single'), countHeader: col('betCount'), money: (f) => f.single_amount, count: (f) => f.single_count },
    { id: 'combo', header: col('combination'), countHeader: col('betCount'), money: (f) => f.combo_amount, count: (f) => f.combo_count },
  ];
}

/** The money desk: charges, exchanges, their profit, agents' grants and reclaims, joins and logins. */
export function deskFields(t: TFunction): StatField<DeskFigures>[] {
  const col = c(t);
  return [
    { id: 'charge', header: col('depositTotal'), countHeader: col('chargeCount'), money: (f) => f.charge_amount, count: (f) => f.charge_count },
    { id: 'exchange', header: col('withdrawTotal'), countHeader: col('exchangeCount'), money: (f) => f.exchange_amount, count: (f) => f.exchange_count },
    { id: 'deposit_pl', header: col('profit'), money: (f) => f.deposit_pl, sign: true },
    { id: 'paid_money', header: col('paidMoney'), money: (f) => f.paid_money },
    { id: 'collected_money', header: col('collectedMoney'), money: (f) => f.collected_money },
    { id: 'paid_point', header: col('paidPoint'), points: (f) => f.paid_point },
    { id: 'collected_point', header: col('collectedPoint'), points: (f) => f.collected_point },
    { id: 'joins', header: col('joinCount'), count: (f) => f.join_count },
    { id: 'logins', header: col('loginCount'), count: (f) => f.login_count },
  ];
}

/** What the group holds now. */
export function holdingFields(t: TFunction): StatField<Holdings>[] {
  const col = c(t);
  return [
    { id: 'members', header: col('memberCount'), count: (f) => f.member_count },
    { id: 'member_money', header: col('memberMoney'), money: (f) => f.member_money },
    { id: 'member_point', header: col('memberPoint'), points: (f) => f.member_point },
    { id: 'member_egg', header: col('memberEgg'), units: (f) => f.member_egg },
    { id: 'lower_money', header: col('lowerMoney'), money: (f) => f.lower_money },
    { id: 'lower_point', header: col('lowerPoint'), points: (f) => f.lower_point },
    { id: 'total_held', header: col('totalHeld'), money: (f) => f.total_held },
  ];
}
