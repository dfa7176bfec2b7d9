import type { MinigameDraw } from '@wager/contracts';
import { market, oddEven, type Family } from './types.ts';

type Of<F extends MinigameDraw['family']> = Extract<MinigameDraw, { family: F }>;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Speed keno: 20 of 1–70; sum (210–1210) odd/even and under ≤ 710 / over ≥ 711. */
export const speedKeno: Family<Of<'keno'>> = {
  family: 'keno',
  draw(s) {
    const balls = s.pickDistinct(20, 1, 70);
    return { family: 'keno', balls, sum: sum(balls) };
  },
  winners(d) {
    const oe = oddEven(d.sum);
    const uo = d.sum <= 710 ? 'under' : 'over';
    return { sum_oe: oe, sum_uo: uo, sum_oe_uo: `${oe}_${uo}` };
  },
  markets: [
    market('sum_oe', 'single', { odd: '1.95', even: '1.95' }),
    market('sum_uo', 'single', { under: '1.90', over: '1.95' }),
    market('sum_oe_uo', 'combo', { odd_under: '3.70', odd_over: '3.70', even_under: '3.70', even_over: '3.70' }),
  ],
  statMarkets: ['sum_oe', 'sum_uo'],
  ruleKeys: ['keno.draw', 'keno.sum', 'common.settle'],
};

/** Happy 545: five balls of 1–45 and a bonus ball (6 drawn without replacement). */
export const happy545: Family<Of<'lotto'>> = {
  family: 'lotto',
  draw(s) {
    const six = s.pickDistinct(6, 1, 45);
    const balls = six.slice(0, 5);
    return { family: 'lotto', balls, bonus: six[5], sum: sum(balls) };
  },
  winners(d) {
    const oe = oddEven(d.sum);
    const uo = d.sum <= 115 ? 'under' : 'over';
    return { sum_oe: oe, sum_uo: uo, bonus_oe: oddEven(d.bonus), bonus_uo: d.bonus <= 22 ? 'under' : 'over', sum_oe_uo: `${oe}_${uo}` };
  },
  markets: [
    market('sum_oe', 'single', { odd: '1.95', even: '1.95' }),
    market('sum_uo', 'single', { under: '1.90', over: '1.95' }),
    market('bonus_oe', 'single', { odd: '1.88', even: '1.95' }),
    market('bonus_uo', 'single', { under: '1.95', over: '1.88' }),
    market('sum_oe_uo', 'combo', { odd_under: '3.70', odd_over: '3.70', even_under: '3.70', even_over: '3.70' }),
  ],
  statMarkets: ['sum_oe', 'sum_uo', 'bonus_oe'],
  ruleKeys: ['happy545.draw', 'happy545.sum', 'happy545.bonus', 'common.settle'],
};

/** Marukhan: three dice; small 4–10 / big 11–17, odd/even of the sum; a triple loses both. */
export const marukhan: Family<Of<'dice'>> = {
  family: 'dice',
  draw(s) {
    const dice = [s.int(1, 7), s.int(1, 7), s.int(1, 7)];
    return { family: 'dice', dice, sum: sum(dice) };
  },
  winners(d) {
    const triple = d.dice[0] === d.dice[1] && d.dice[1] === d.dice[2];
    if (triple) return { size: 'triple', sum_oe: 'triple', oe_size: 'triple', triple: 'yes' };
    const size = d.sum <= 10 ? 'small' : 'big';
    const oe = oddEven(d.sum);
    return { size, sum_oe: oe, oe_size: `${oe}_${size}`, triple: 'no' };
  },
  markets: [
    market('size', 'single', { small: '1.95', big: '1.95' }),
    market('sum_oe', 'single', { odd: '1.95', even: '1.95' }),
    market('triple', 'single', { yes: '30.00' }),
    market('oe_size', 'combo', { odd_small: '4.40', odd_big: '3.30', even_small: '3.30', even_big: '4.40' }),
  ],
  statMarkets: ['size', 'sum_oe'],
  ruleKeys: ['marukhan.draw', 'marukhan.triple', 'common.settle'],
};

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** European roulette (single zero): zero loses every outside bet. */
export const roulette: Family<Of<'roulette'>> = {
  family: 'roulette',
  draw(s) {
    const number = s.int(0, 37);
    return { family: 'roulette', number, color: number === 0 ? 'green' : RED.has(number) ? 'red' : 'black' };
  },
  winners(d) {
    if (d.number === 0) return { color: 'green', oe: 'zero', hl: 'zero', dozen: 'zero', number: '0' };
    return {
      color: d.color,
      oe: oddEven(d.number),
      hl: d.number <= 18 ? 'low' : 'high',
      dozen: d.number <= 12 ? 'first' : d.number <= 24 ? 'second' : 'third',
      number: String(d.number),
    };
  },
  markets: [
    market('color', 'single', { red: '1.95', black: '1.95' }),
    market('oe', 'single', { odd: '1.95', even: '1.95' }),
    market('hl', 'single', { low: '1.95', high: '1.95' }),
    market('dozen', 'single', { first: '2.90', second: '2.90', third: '2.90' }),
    market('number', 'single', Object.fromEntries(Array.from({ length: 37 }, (_, n) => [String(n), '35.00']))),
  ],
  statMarkets: ['color', 'oe', 'hl'],
  ruleKeys: ['roulette.wheel', 'roulette.zero', 'common.settle'],
};

/** Cockfighting (sabong): meron 45 %, wala 45 %, draw 10 %; a draw refunds meron/wala bets. */
export const cockfight: Family<Of<'cockfight'>> = {
  family: 'cockfight',
  draw(s) {
    const winner = (['meron', 'wala', 'draw'] as const)[s.weighted([45, 45, 10])];
    return { family: 'cockfight', winner };
  },
  winners(d): Record<string, string> {
    return d.winner === 'draw' ? { draw: 'draw' } : { winner: d.winner, draw: 'no_draw' };
  },
  markets: [market('winner', 'single', { meron: '1.95', wala: '1.95' }), market('draw', 'single', { draw: '8.00' })],
  statMarkets: ['winner'],
  ruleKeys: ['cockfight.match', 'cockfight.draw', 'common.settle'],
};

export const VIRTUAL_TEAMS = [
  'Seoul Tigers',
  'Busan Sharks',
  'Incheon Eagles',
  'Daegu Bears',
  'Gwangju Falcons',
  'Daejeon Wolves',
  'Ulsan Whales',
  'Suwon Bulls',
  'Jeju Dolphins',
  'Pohang Steelers',
  'Jeonju Knights',
  'Changwon Lions',
  'Goyang Foxes',
  'Seongnam Hawks',
  'Anyang Owls',
  'Cheonan Stags',
] as const;
// Goals per side: Poisson weights (per 10,000) for 0–6 goals, home λ 1.5, away λ 1.1.
const HOME_GOALS = [2241, 3347, 2510, 1255, 471, 141, 35];
const AWAY_GOALS = [3330, 3662, 2014, 738, 203, 45, 8];

/** Virtual soccer: two of 16 teams; full-time result, total goals over/under 2.5, both teams to score. */
export const virtualSoccer: Family<Of<'virtual'>> = {
  family: 'virtual',
  draw(s) {
    const [h, a] = s.pickDistinct(2, 0, VIRTUAL_TEAMS.length - 1);
    return { family: 'virtual', home: VIRTUAL_TEAMS[h], away: VIRTUAL_TEAMS[a], home_goals: s.weighted(HOME_GOALS), away_goals: s.weighted(AWAY_GOALS) };
  },
  winners(d) {
    const result = d.home_goals > d.away_goals ? 'home' : d.home_goals < d.away_goals ? 'away' : 'draw';
    return { result, total: d.home_goals + d.away_goals >= 3 ? 'over' : 'under', btts: d.home_goals > 0 && d.away_goals > 0 ? 'yes' : 'no' };
  },
  markets: [
    market('result', 'single', { home: '2.00', draw: '3.60', away: '3.35' }),
    market('total', 'single', { over: '1.95', under: '1.80' }),
    market('btts', 'single', { yes: '1.80', no: '1.93' }),
  ],
  statMarkets: ['result', 'total'],
  ruleKeys: ['virtual.match', 'virtual.markets', 'common.settle'],
};
