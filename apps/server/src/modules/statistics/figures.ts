/**
 * The figures a statistics row keeps (migration 025, decision 030), in one order used by the
 * fold, the rebuild and the reads. Counts and money are both bigint here.
 */
export const FIGURES = [
  'bet_count',
  'bet_amount',
  'win_count',
  'win_amount',
  'lose_count',
  'lose_amount',
  'valid_amount',
  'single_count',
  'single_amount',
  'combo_count',
  'combo_amount',
  'rolling',
] as const;
export type Figure = (typeof FIGURES)[number];
export type Figures = Record<Figure, bigint>;

/** 'all' is every game type together; the others are the rolling game types (decision 027). */
export const ALL = 'all';

export const zero = (): Figures => Object.fromEntries(FIGURES.map((f) => [f, 0n])) as Figures;

export function addInto(into: Figures, d: Figures, sign = 1n) {
  for (const f of FIGURES) into[f] += d[f] * sign;
  return into;
}

export const isZero = (d: Figures) => FIGURES.every((f) => d[f] === 0n);

/** What one settlement adds (sign 1) or takes back (sign −1). Cancelled bets and open ones count nothing. */
export function settlementFigures(s: Settlement, sign: bigint): Figures {
  return addSettlement(zero(), s, sign);
}

type Settlement = { result: string | null; amount: bigint; win: bigint; combo: boolean };

/** Adds one settlement into `into` in place (the drain's fold: no figures object per bet). */
export function addSettlement(into: Figures, s: Settlement, sign: bigint): Figures {
  if (s.result === null || s.result === 'cancelled' || s.result === 'open') return into;
  into.bet_count += sign;
  into.bet_amount += sign * s.amount;
  into.win_amount += sign * s.win;
  if (s.result === 'won') into.win_count += sign;
  if (s.result === 'lost') {
    into.lose_count += sign;
    into.lose_amount += sign * s.amount;
  }
  if (s.result === 'won' || s.result === 'lost') into.valid_amount += sign * s.amount;
  if (s.combo) {
    into.combo_count += sign;
    into.combo_amount += sign * s.amount;
  } else {
    into.single_count += sign;
    into.single_amount += sign * s.amount;
  }
  return into;
}

/** The rolling game types of a zeus group (spec §2 `gameType`) and of a bet family. */
export const GROUP_TYPES: Record<string, string[]> = {
  slot: ['slot'],
  casino: ['casino'],
  casinoslot: ['casino', 'slot'],
  sports: ['sports_single', 'sports_combination'],
  minigame: ['minigame', 'powerball_single', 'powerball_combination'],
};
