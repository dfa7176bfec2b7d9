import type { IntSource } from '../int-source.ts';
import {
  FREE_SPIN_MULTIPLIER,
  FREE_SPIN_TRIGGER,
  FREE_SPINS_AWARD,
  LINE_PAYS,
  LINES,
  PAYLINES,
  REELS,
  ROWS,
  SCATTER_PAYS,
  STRIPS,
  SYM,
  SYMBOL_COUNT,
} from './paytable.ts';

/**
 * The slot's rules as functions. Wins are counted in LINE-BET UNITS (integers): a line pays
 * LINE_PAYS × 1 unit, a scatter pays SCATTER_PAYS × LINES units (it pays on the total bet). The
 * money won is units × (bet / LINES), exact because a bet is a multiple of LINES (decision 022).
 */

export type LineWin = { line: number; symbol: number; count: number; units: number };

/** Pay of one line's five symbols (left to right): the better of the wild run and the symbol run. */
export function linePay(syms: readonly number[]): { symbol: number; count: number; units: number } {
  let wilds = 0;
  while (wilds < REELS && syms[wilds] === SYM.WILD) wilds++;
  const wildUnits = wilds >= 3 ? LINE_PAYS[SYM.WILD][wilds - 3] : 0;
  if (wilds === REELS) return { symbol: SYM.WILD, count: REELS, units: wildUnits };
  const symbol = syms[wilds];
  let count = wilds;
  if (symbol !== SYM.SCATTER) while (count < REELS && (syms[count] === symbol || syms[count] === SYM.WILD)) count++;
  const symUnits = symbol !== SYM.SCATTER && count >= 3 ? LINE_PAYS[symbol][count - 3] : 0;
  if (wildUnits > symUnits) return { symbol: SYM.WILD, count: wilds, units: wildUnits };
  return { symbol, count: symUnits > 0 ? count : 0, units: symUnits };
}

/** Five symbols packed 4 bits each, reel 0 highest. */
export const packLine = (a: number, b: number, c: number, d: number, e: number) => (a << 16) | (b << 12) | (c << 8) | (d << 4) | e;

/** linePay for every packed five-symbol line, built once (the hot path is one lookup per line). */
export const LINE_TABLE: Int32Array = (() => {
  const t = new Int32Array(1 << 20);
  const s = [0, 0, 0, 0, 0];
  for (s[0] = 0; s[0] < SYMBOL_COUNT; s[0]++)
    for (s[1] = 0; s[1] < SYMBOL_COUNT; s[1]++)
      for (s[2] = 0; s[2] < SYMBOL_COUNT; s[2]++)
        for (s[3] = 0; s[3] < SYMBOL_COUNT; s[3]++) for (s[4] = 0; s[4] < SYMBOL_COUNT; s[4]++) t[packLine(s[0], s[1], s[2], s[3], s[4])] = linePay(s).units;
  return t;
})();

const LENGTHS = STRIPS.map((s) => s.length);
/** Each strip followed by its first ROWS-1 stops, so a window never wraps. */
const EXT = STRIPS.map((s) => Int8Array.from([...s, ...s.slice(0, ROWS - 1)]));
/** Scatters visible in a reel's window, by stop. */
const SCATTERS_AT = STRIPS.map((_, r) => Int8Array.from(STRIPS[r], (_s, stop) => countIn(EXT[r], stop, SYM.SCATTER)));
function countIn(ext: Int8Array, stop: number, sym: number) {
  let n = 0;
  for (let row = 0; row < ROWS; row++) if (ext[stop + row] === sym) n++;
  return n;
}
const LINE_ROWS = Int8Array.from(PAYLINES.flat());

export function drawStops(src: IntSource): number[] {
  return LENGTHS.map((len) => src.int(0, len));
}

/** The 5×3 window for the stops: window[reel][row]. */
export function windowAt(stops: readonly number[]): number[][] {
  return stops.map((stop, r) => Array.from({ length: ROWS }, (_, row) => EXT[r][stop + row]));
}

/** Line-bet units of one spin (before any multiplier) and the scatters shown; no allocation. */
export function spinUnits(s0: number, s1: number, s2: number, s3: number, s4: number): number {
  const e0 = EXT[0],
    e1 = EXT[1],
    e2 = EXT[2],
    e3 = EXT[3],
    e4 = EXT[4];
  let units = 0;
  for (let l = 0; l < LINES * REELS; l += REELS) {
    units +=
      LINE_TABLE[packLine(e0[s0 + LINE_ROWS[l]], e1[s1 + LINE_ROWS[l + 1]], e2[s2 + LINE_ROWS[l + 2]], e3[s3 + LINE_ROWS[l + 3]], e4[s4 + LINE_ROWS[l + 4]])];
  }
  return units + SCATTER_PAYS[scattersAt(s0, s1, s2, s3, s4)] * LINES;
}
export const scattersAt = (s0: number, s1: number, s2: number, s3: number, s4: number) =>
  SCATTERS_AT[0][s0] + SCATTERS_AT[1][s1] + SCATTERS_AT[2][s2] + SCATTERS_AT[3][s3] + SCATTERS_AT[4][s4];

/**
 * A whole round's units (base spin plus every free spin it starts) for the simulation: the same
 * draws, in the same order, as `playRound`.
 */
export function roundUnits(src: IntSource): number {
  const l0 = LENGTHS[0],
    l1 = LENGTHS[1],
    l2 = LENGTHS[2],
    l3 = LENGTHS[3],
    l4 = LENGTHS[4];
  let s0 = src.int(0, l0),
    s1 = src.int(0, l1),
    s2 = src.int(0, l2),
    s3 = src.int(0, l3),
    s4 = src.int(0, l4);
  let total = spinUnits(s0, s1, s2, s3, s4);
  let left = scattersAt(s0, s1, s2, s3, s4) >= FREE_SPIN_TRIGGER ? FREE_SPINS_AWARD : 0;
  while (left > 0) {
    left--;
    s0 = src.int(0, l0);
    s1 = src.int(0, l1);
    s2 = src.int(0, l2);
    s3 = src.int(0, l3);
    s4 = src.int(0, l4);
    total += spinUnits(s0, s1, s2, s3, s4) * FREE_SPIN_MULTIPLIER;
    if (scattersAt(s0, s1, s2, s3, s4) >= FREE_SPIN_TRIGGER) left += FREE_SPINS_AWARD;
  }
  return total;
}

export type SpinResult = {
  stops: number[];
  window: number[][];
  lines: LineWin[];
  scatters: number;
  /** All units of this spin, multiplier included. */
  units: number;
  multiplier: number;
  freeSpinsAwarded: number;
};

/** One spin described for the player: window, each paying line, scatters. */
export function evaluateSpin(stops: readonly number[], multiplier: number): SpinResult {
  const window = windowAt(stops);
  const lines: LineWin[] = [];
  PAYLINES.forEach((rows, line) => {
    const pay = linePay(rows.map((row, reel) => window[reel][row]));
    if (pay.units > 0) lines.push({ line, symbol: pay.symbol, count: pay.count, units: pay.units * multiplier });
  });
  const scatters = scattersAt(stops[0], stops[1], stops[2], stops[3], stops[4]);
  const units = (lines.reduce((n, l) => n + l.units / multiplier, 0) + SCATTER_PAYS[scatters] * LINES) * multiplier;
  return { stops: [...stops], window, lines, scatters, units, multiplier, freeSpinsAwarded: scatters >= FREE_SPIN_TRIGGER ? FREE_SPINS_AWARD : 0 };
}

export type RoundResult = { spins: SpinResult[]; units: number };

/** A real round: the base spin, then every free spin it starts, each drawn from `src`. */
export function playRound(src: IntSource): RoundResult {
  const spins = [evaluateSpin(drawStops(src), 1)];
  let left = spins[0].freeSpinsAwarded;
  while (left > 0) {
    left--;
    const spin = evaluateSpin(drawStops(src), FREE_SPIN_MULTIPLIER);
    spins.push(spin);
    left += spin.freeSpinsAwarded;
  }
  return { spins, units: spins.reduce((n, s) => n + s.units, 0) };
}
