/**
 * "Lucky Sevens" — the house vendor's 5-reel, 3-row, 20-line slot, as data. Everything the engine
 * and the exact RTP calculation read is here; changing a strip or a pay changes the stated RTP,
 * which `rtp.test.ts` recomputes (decision 022).
 */

/** Symbol ids (small integers so a line's five symbols pack into one table index). */
export const SYM = { WILD: 0, SCATTER: 1, SEVEN: 2, BELL: 3, MELON: 4, PLUM: 5, A: 6, K: 7, Q: 8, J: 9 } as const;
export const SYMBOL_NAMES = ['wild', 'scatter', 'seven', 'bell', 'melon', 'plum', 'a', 'k', 'q', 'j'] as const;
export const SYMBOL_COUNT = SYMBOL_NAMES.length;
export const REELS = 5;
export const ROWS = 3;

/**
 * Line pays in multiples of the line bet for 3, 4 and 5 of a kind from the leftmost reel.
 * The wild substitutes for every symbol except the scatter and pays on its own too; a line
 * pays the better of its wild run and its symbol run.
 */
export const LINE_PAYS: readonly (readonly [number, number, number])[] = [
  [25, 100, 500], // wild
  [0, 0, 0], // scatter (pays anywhere, see SCATTER_PAYS)
  [20, 80, 300], // seven
  [15, 50, 200], // bell
  [10, 40, 150], // melon
  [8, 30, 100], // plum
  [7, 20, 80], // A
  [6, 18, 70], // K
  [5, 15, 60], // Q
  [4, 12, 50], // J
];

/** Scatter pays anywhere on the screen, in multiples of the TOTAL bet, by count (index = count). */
export const SCATTER_PAYS = [0, 0, 0, 2, 10, 50] as const;
/** 3 or more scatters start this many free spins (retriggerable: 3+ again adds as many). */
export const FREE_SPINS_AWARD = 10;
/** Every win during free spins is multiplied by this. */
export const FREE_SPIN_MULTIPLIER = 2;
export const FREE_SPIN_TRIGGER = 3;

/** 20 fixed paylines: the row (0 top, 1 middle, 2 bottom) on each reel. */
export const PAYLINES: readonly (readonly [number, number, number, number, number])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];
export const LINES = PAYLINES.length;

/**
 * Stops per symbol on each reel (index = symbol id). Each reel has one scatter, so a window shows
 * at most one per reel.
 */
export const REEL_COUNTS: readonly (readonly number[])[] = [
  //W  S  7  B  M  P  A  K  Q  J
  [2, 1, 2, 3, 3, 4, 4, 4, 5, 4],
  [3, 1, 2, 3, 3, 4, 4, 4, 4, 4],
  [3, 1, 2, 3, 3, 4, 4, 4, 4, 4],
  [3, 1, 2, 3, 3, 4, 4, 4, 4, 4],
  [2, 1, 2, 3, 3, 4, 4, 4, 5, 4],
];

/**
 * A reel strip from its counts: each symbol's stops spread evenly around the reel (a fixed,
 * reel-dependent phase per symbol so the reels differ), ties broken by symbol id. Deterministic.
 */
export function spreadStrip(counts: readonly number[], reel: number): number[] {
  const slots: { pos: number; sym: number }[] = [];
  counts.forEach((n, sym) => {
    const phase = (sym * 0.37 + reel * 0.61) % 1;
    for (let i = 0; i < n; i++) slots.push({ pos: ((i + phase) / n) % 1, sym });
  });
  return slots.sort((a, b) => a.pos - b.pos || a.sym - b.sym).map((s) => s.sym);
}

/** The reel strips; the window shows rows stop, stop+1, stop+2 (wrapping). */
export const STRIPS: readonly (readonly number[])[] = REEL_COUNTS.map((c, reel) => spreadStrip(c, reel));

/** The stated RTP (percent, two decimals): `exactRtp()` of the data above; rtp.test.ts keeps them equal. */
export const STATED_RTP_PERCENT = 96.23;
