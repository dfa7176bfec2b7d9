import { LINE_TABLE, packLine } from './engine.ts';
import { FREE_SPIN_MULTIPLIER, FREE_SPIN_TRIGGER, FREE_SPINS_AWARD, LINES, ROWS, SCATTER_PAYS, STRIPS, SYM, SYMBOL_COUNT } from './paytable.ts';

/**
 * The slot's exact theoretical RTP, by enumeration over the reel strips (no sampling):
 * - a line's five symbols are independent across reels and each is distributed like its strip
 *   (every row of a window is a uniformly drawn stop), so the expected line pay is the sum over
 *   all 10^5 symbol combinations of LINE_TABLE × the product of the strip frequencies, the same
 *   for all 20 lines (linearity of expectation);
 * - the scatter count is the convolution of each reel's "scatters in the window by stop";
 * - free spins: a session of N spins, each worth MULT × the base expectation; with retriggers
 *   E[N] = AWARD / (1 − AWARD·p) (Wald's identity), p = P(3+ scatters).
 * Numerators are exact bigints over the product of the strip lengths.
 */
export function exactRtp() {
  const lengths = STRIPS.map((s) => BigInt(s.length));
  const combos = lengths.reduce((a, b) => a * b, 1n);
  const counts = STRIPS.map((strip) => {
    const c = Array.from({ length: SYMBOL_COUNT }, () => 0n);
    for (const s of strip) c[s]++;
    return c;
  });
  let lineNum = 0n; // Σ pay × Π counts, over `combos`
  for (let a = 0; a < SYMBOL_COUNT; a++)
    for (let b = 0; b < SYMBOL_COUNT; b++)
      for (let c = 0; c < SYMBOL_COUNT; c++) {
        const abc = counts[0][a] * counts[1][b] * counts[2][c];
        if (abc === 0n) continue;
        for (let d = 0; d < SYMBOL_COUNT; d++)
          for (let e = 0; e < SYMBOL_COUNT; e++) {
            const pay = LINE_TABLE[packLine(a, b, c, d, e)];
            if (pay) lineNum += BigInt(pay) * abc * counts[3][d] * counts[4][e];
          }
      }
  // scatterWays[n]: stop combinations showing n scatters.
  let scatterWays = [1n];
  for (const strip of STRIPS) {
    const byCount = Array.from({ length: ROWS + 1 }, () => 0n);
    strip.forEach((_, stop) => {
      let n = 0;
      for (let row = 0; row < ROWS; row++) if (strip[(stop + row) % strip.length] === SYM.SCATTER) n++;
      byCount[n]++;
    });
    const next = Array.from({ length: scatterWays.length + ROWS }, () => 0n);
    scatterWays.forEach((w, i) => byCount.forEach((k, j) => (next[i + j] += w * k)));
    scatterWays = next;
  }
  let scatterNum = 0n;
  let triggerWays = 0n;
  scatterWays.forEach((w, n) => {
    scatterNum += w * BigInt(SCATTER_PAYS[Math.min(n, SCATTER_PAYS.length - 1)] * LINES);
    if (n >= FREE_SPIN_TRIGGER) triggerWays += w;
  });
  const total = Number(combos);
  const lineUnits = (Number(lineNum) * LINES) / total;
  const scatterUnits = Number(scatterNum) / total;
  const trigger = Number(triggerWays) / total;
  const baseUnits = lineUnits + scatterUnits;
  const freeSpinsPerSession = FREE_SPINS_AWARD / (1 - FREE_SPINS_AWARD * trigger);
  const sessionUnits = freeSpinsPerSession * FREE_SPIN_MULTIPLIER * baseUnits;
  const rtp = (baseUnits + trigger * sessionUnits) / LINES;
  return {
    /** Return to player as a fraction of the bet (0.96 = 96 %). */
    rtp,
    lines: lineUnits / LINES,
    scatters: scatterUnits / LINES,
    freeSpins: (trigger * sessionUnits) / LINES,
    /** Probability that a paid spin starts free spins. */
    trigger,
    freeSpinsPerSession,
  };
}
