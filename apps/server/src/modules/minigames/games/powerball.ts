import type { MinigameDraw } from '@wager/contracts';
import { market, oddEven, type Family } from './types.ts';

type Draw = Extract<MinigameDraw, { family: 'powerball' }>;

/**
 * Powerball (the established format): five regular balls 1–28 drawn without replacement and one
 * power ball 0–9. Power ball under 0–4 / over 5–9; regular-ball sum (15–130) under ≤ 72 / over ≥
 * 73 and small 15–64 / medium 65–80 / large 81–130. Single markets pay the powerball_single table,
 * combinations the powerball_multiple table (odds set to return 89–98 % by the exact probability,
 * checked by games.test.ts).
 */
export const POWERBALL_SINGLE = {
  power_oe: { odd: '1.95', even: '1.95' },
  power_uo: { under: '1.95', over: '1.95' },
  sum_oe: { odd: '1.95', even: '1.95' },
  sum_uo: { under: '1.95', over: '1.95' },
  sum_size: { small: '2.80', medium: '2.60', large: '2.80' },
};
export const POWERBALL_MULTIPLE = {
  power_oe_uo: { odd_under: '4.60', odd_over: '3.05', even_under: '3.05', even_over: '4.60' },
  sum_oe_uo: { odd_under: '3.75', odd_over: '3.60', even_under: '3.60', even_over: '3.75' },
  sum_oe_size: { odd_small: '5.90', odd_medium: '5.10', odd_large: '5.50', even_small: '5.50', even_medium: '5.10', even_large: '5.90' },
  sum_power_oe: { odd_odd: '3.70', odd_even: '3.70', even_odd: '3.70', even_even: '3.70' },
};

export const sumSize = (sum: number) => (sum <= 64 ? 'small' : sum <= 80 ? 'medium' : 'large');

export function powerballWinners(d: { balls: number[]; power: number }): Record<string, string> {
  const sum = d.balls.reduce((a, b) => a + b, 0);
  const pOe = oddEven(d.power);
  const pUo = d.power <= 4 ? 'under' : 'over';
  const sOe = oddEven(sum);
  const sUo = sum <= 72 ? 'under' : 'over';
  const size = sumSize(sum);
  return {
    power_oe: pOe,
    power_uo: pUo,
    sum_oe: sOe,
    sum_uo: sUo,
    sum_size: size,
    power_oe_uo: `${pOe}_${pUo}`,
    sum_oe_uo: `${sOe}_${sUo}`,
    sum_oe_size: `${sOe}_${size}`,
    sum_power_oe: `${sOe}_${pOe}`,
  };
}

export const powerball: Family<Draw> = {
  family: 'powerball',
  draw(s) {
    const balls = s.pickDistinct(5, 1, 28);
    const power = s.int(0, 10);
    return { family: 'powerball', balls, power, sum: balls.reduce((a, b) => a + b, 0) };
  },
  winners: powerballWinners,
  markets: [
    ...Object.entries(POWERBALL_SINGLE).map(([k, o]) => market(k, 'single', o)),
    ...Object.entries(POWERBALL_MULTIPLE).map(([k, o]) => market(k, 'combo', o)),
  ],
  statMarkets: ['power_oe', 'power_uo', 'sum_oe', 'sum_uo', 'sum_size'],
  ruleKeys: ['powerball.draw', 'powerball.power', 'powerball.sum', 'powerball.size', 'powerball.combo', 'common.settle'],
};
