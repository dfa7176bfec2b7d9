import type { MinigameDraw } from '@wager/contracts';
import { market, oddEven, type Family } from './types.ts';

type Draw = Extract<MinigameDraw, { family: 'ladder' }>;

/**
 * Ladder: the ball starts on the left or right, the ladder has 3 or 4 rungs, and where it lands
 * follows from both: left+3 → even, left+4 → odd, right+3 → odd, right+4 → even. Markets on
 * the start, the line count, the finish and the four start/lines combinations (좌3짝, 좌4홀,
 * 우3홀, 우4짝).
 */
export function finishOf(start: 'left' | 'right', lines: 3 | 4): 'odd' | 'even' {
  return (start === 'left') === (lines === 3) ? 'even' : 'odd';
}

const ladderMarkets = [
  market('start', 'single', { left: '1.95', right: '1.95' }),
  market('lines', 'single', { line3: '1.95', line4: '1.95' }),
  market('finish', 'single', { odd: '1.95', even: '1.95' }),
  market('combo', 'combo', { left3even: '3.70', left4odd: '3.70', right3odd: '3.70', right4even: '3.70' }),
];

export function ladderWinners(d: { start: 'left' | 'right'; lines: 3 | 4; finish: 'odd' | 'even' }): Record<string, string> {
  return { start: d.start, lines: `line${d.lines}`, finish: d.finish, combo: `${d.start}${d.lines}${d.finish}` };
}

const rules = ['ladder.start', 'ladder.lines', 'ladder.finish', 'ladder.combo', 'common.settle'];

/** Power ladder: start and lines drawn directly. */
export const powerLadder: Family<Draw> = {
  family: 'ladder',
  draw(s) {
    const start = s.int(0, 2) === 0 ? 'left' : 'right';
    const lines = s.int(0, 2) === 0 ? 3 : 4;
    return { family: 'ladder', start, lines, finish: finishOf(start, lines) };
  },
  winners: ladderWinners,
  markets: ladderMarkets,
  statMarkets: ['start', 'lines', 'finish'],
  ruleKeys: rules,
};

/**
 * Keno ladder: a keno draw (20 of 1–70) read as a ladder: an odd first ball starts left, else
 * right; an odd last ball makes 3 lines, else 4 (each exactly 1/2).
 */
export const kenoLadder: Family<Draw> = {
  family: 'ladder',
  draw(s) {
    const balls = s.pickDistinct(20, 1, 70);
    const start = oddEven(balls[0]) === 'odd' ? 'left' : 'right';
    const lines = oddEven(balls[19]) === 'odd' ? 3 : 4;
    return { family: 'ladder', start, lines, finish: finishOf(start, lines), balls };
  },
  winners: ladderWinners,
  markets: ladderMarkets,
  statMarkets: ['start', 'lines', 'finish'],
  ruleKeys: ['kenoladder.draw', ...rules],
};
