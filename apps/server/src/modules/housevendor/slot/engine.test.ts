import { describe, expect, it } from 'vitest';
import { fastSource } from '../int-source.ts';
import { evaluateSpin, linePay, playRound, roundUnits, windowAt } from './engine.ts';
import { FREE_SPIN_MULTIPLIER, FREE_SPINS_AWARD, LINES, PAYLINES, STATED_RTP_PERCENT, STRIPS, SYM } from './paytable.ts';
import { exactRtp } from './rtp.ts';

const { WILD: W, SCATTER: S, SEVEN, BELL, A, K, Q, J } = SYM;

/** Stops whose window shows `rowSyms[reel]` on `row` of each reel. */
function stopsShowing(rowSyms: number[], row: number, avoidScatter = true): number[] {
  return rowSyms.map((sym, reel) => {
    const strip = STRIPS[reel];
    const stop = strip.findIndex((_, s) => {
      const win = [0, 1, 2].map((r) => strip[(s + r) % strip.length]);
      return win[row] === sym && (!avoidScatter || sym === S || !win.includes(S));
    });
    if (stop < 0) throw new Error(`reel ${reel} has no ${sym}`);
    return stop;
  });
}

describe('slot line pays', () => {
  it.each([
    [[SEVEN, SEVEN, SEVEN, K, Q], SEVEN, 3, 20],
    [[SEVEN, SEVEN, SEVEN, SEVEN, Q], SEVEN, 4, 80],
    [[SEVEN, W, SEVEN, W, SEVEN], SEVEN, 5, 300],
    [[W, W, BELL, J, J], BELL, 3, 15],
    [[W, W, W, A, K], W, 3, 25], // the wild run (25) beats A×4 through the wilds (20)
    [[W, W, W, W, W], W, 5, 500],
    [[W, W, W, W, J], W, 4, 100], // J×5 pays 40, the wild run 100
    [[J, J, Q, J, J], J, 0, 0],
    [[K, K, S, K, K], K, 0, 0],
    [[W, W, S, A, A], W, 0, 0], // two wilds then a scatter: nothing
    [[Q, J, J, J, J], Q, 0, 0], // pays from the leftmost reel only
  ])('%j pays %i×%i = %i units', (syms, symbol, count, units) => {
    const pay = linePay(syms);
    expect(pay.units).toBe(units);
    if (units > 0) expect(pay).toEqual({ symbol, count, units });
  });

  it('a crafted middle row pays on line 1 only (plus whatever else the window shows)', () => {
    const stops = stopsShowing([SEVEN, SEVEN, SEVEN, SEVEN, SEVEN], 1);
    const spin = evaluateSpin(stops, 1);
    expect(windowAt(stops).map((r) => r[1])).toEqual([SEVEN, SEVEN, SEVEN, SEVEN, SEVEN]);
    const middle = spin.lines.find((l) => l.line === 0);
    expect(middle).toEqual({ line: 0, symbol: SEVEN, count: 5, units: 300 });
    // Every reported line really pays what linePay says for its symbols.
    for (const l of spin.lines) expect(linePay(PAYLINES[l.line].map((row, reel) => spin.window[reel][row])).units).toBe(l.units);
    expect(spin.units).toBe(spin.lines.reduce((n, l) => n + l.units, 0));
  });

  it('free spins multiply every win', () => {
    const stops = stopsShowing([BELL, BELL, BELL, BELL, BELL], 1);
    expect(evaluateSpin(stops, FREE_SPIN_MULTIPLIER).units).toBe(evaluateSpin(stops, 1).units * FREE_SPIN_MULTIPLIER);
  });
});

describe('scatters and free spins', () => {
  it('three scatters pay 2× the total bet and start free spins; two do not', () => {
    const three = stopsShowing([S, S, S, J, Q], 0);
    const spin3 = evaluateSpin(three, 1);
    expect(spin3.scatters).toBe(3);
    expect(spin3.freeSpinsAwarded).toBe(FREE_SPINS_AWARD);
    expect(spin3.units).toBe(spin3.lines.reduce((n, l) => n + l.units, 0) + 2 * LINES);
    const two = stopsShowing([S, S, J, J, Q], 0);
    expect(evaluateSpin(two, 1).freeSpinsAwarded).toBe(0);
  });

  it('a round that triggers plays at least the awarded free spins, multiplied', () => {
    const src = fastSource(7);
    for (let i = 0; i < 20_000; i++) {
      const round = playRound(src);
      if (round.spins[0].freeSpinsAwarded === 0) continue;
      expect(round.spins.length).toBeGreaterThanOrEqual(1 + FREE_SPINS_AWARD);
      expect(round.spins.slice(1).every((s) => s.multiplier === FREE_SPIN_MULTIPLIER)).toBe(true);
      const awarded = round.spins.reduce((n, s) => n + s.freeSpinsAwarded, 0);
      expect(round.spins.length).toBe(1 + awarded);
      return;
    }
    throw new Error('no trigger in 20,000 rounds');
  });

  it('the simulation path and the described path agree on every round', () => {
    const a = fastSource(99);
    const b = fastSource(99);
    for (let i = 0; i < 5_000; i++) expect(roundUnits(a)).toBe(playRound(b).units);
  });
});

describe('RTP', () => {
  it('the exact RTP is the stated one', () => {
    const r = exactRtp();
    expect(Math.round(r.rtp * 10_000) / 100).toBe(STATED_RTP_PERCENT);
    expect(r.lines + r.scatters + r.freeSpins).toBeCloseTo(r.rtp, 12);
  });

  it('1 million simulated rounds land within 1.1 points of it (4 standard errors)', () => {
    const src = fastSource(2026);
    const n = 1_000_000;
    let units = 0;
    for (let i = 0; i < n; i++) units += roundUnits(src);
    const measured = (units / LINES / n) * 100;
    expect(Math.abs(measured - STATED_RTP_PERCENT)).toBeLessThan(1.1);
  });
});
