/**
 * How the simulated feed plays each sport: scoring model, periods and their real-time length,
 * how many fixtures it schedules, and which markets it prices (lines are chosen once per
 * fixture around its expectation, so market refs stay stable).
 */
import type { SportCode } from '@wager/contracts';

export type Model = 'poisson' | 'points' | 'series' | 'fight';
export type PeriodMarket = { period: string; kinds: ('1x2' | 'moneyline' | 'handicap' | 'over_under')[]; total?: number };

export type SportSim = {
  model: Model;
  /** Fixtures per 30-minute slot published 6 h ahead (plus one every 2 h published 48 h ahead). */
  perSlot: number;
  /** Minutes between the starts of the fixtures of one slot. */
  spacingMin: number;
  /** Play periods in order (series: the most sets/maps a match can have). */
  periods: string[];
  periodMin: number;
  breakMin: number;
  /** A longer break after this many periods (half time). */
  longBreakAfter?: number;
  longBreakMin?: number;
  /** poisson: mean goals of the match; points: mean total. */
  mean: number;
  /** points: spread of the margin and total; poisson/points: margin per unit of strength. */
  sdDiff?: number;
  sdTotal?: number;
  strengthScale: number;
  /** points: values one scoring play can be worth, with weights. */
  plays?: [value: number, weight: number][];
  /** Scoring is a dangerous moment: bet stop around it (goal, touchdown, run). */
  stopOnScore: boolean;
  /** series: sets/maps needed to win; how a set's points look. */
  need?: number;
  setKind?: 'volley' | 'tt' | 'tennis' | 'map';
  /** 1x2 (draw possible at full time) or moneyline. */
  draw: boolean;
  /** Handicap and total lines offsets (hundredths) around the main line; empty = market not offered. */
  handicapOffsets: number[];
  totalOffsets: number[];
  /** Fixed lines instead of the computed main line (run lines, set handicaps, set totals). */
  fixedHandicaps?: number[];
  fixedTotals?: number[];
  oddEven: boolean;
  firstScore: boolean;
  basketSpecials?: boolean;
  bands?: boolean;
  periodMarkets: PeriodMarket[];
};

export const SPORT_SIMS: Record<SportCode, SportSim> = {
  soccer: {
    model: 'poisson',
    perSlot: 2,
    spacingMin: 15,
    periods: ['1h', '2h'],
    periodMin: 45,
    breakMin: 15,
    mean: 2.6,
    strengthScale: 1,
    stopOnScore: true,
    draw: true,
    handicapOffsets: [-25, 0, 25],
    totalOffsets: [-25, 0, 25],
    oddEven: true,
    firstScore: true,
    bands: true,
    periodMarkets: [{ period: '1h', kinds: ['1x2', 'handicap', 'over_under'], total: 150 }],
  },
  basketball: {
    model: 'points',
    perSlot: 1,
    spacingMin: 0,
    periods: ['q1', 'q2', 'q3', 'q4'],
    periodMin: 12,
    breakMin: 2,
    longBreakAfter: 2,
    longBreakMin: 8,
    mean: 200,
    sdDiff: 12,
    sdTotal: 15,
    strengthScale: 9,
    plays: [
      [2, 60],
      [3, 25],
      [1, 15],
    ],
    stopOnScore: false,
    draw: false,
    handicapOffsets: [-300, 0, 300],
    totalOffsets: [-500, 0, 500],
    oddEven: true,
    firstScore: false,
    basketSpecials: true,
    periodMarkets: [
      { period: '1h', kinds: ['handicap', 'over_under'] },
      { period: 'q1', kinds: ['handicap', 'over_under'] },
    ],
  },
  baseball: {
    model: 'poisson',
    perSlot: 1,
    spacingMin: 0,
    periods: ['i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'i7', 'i8', 'i9'],
    periodMin: 8,
    breakMin: 0,
    mean: 8.8,
    strengthScale: 1,
    stopOnScore: true,
    draw: false,
    handicapOffsets: [],
    fixedHandicaps: [-150, 150],
    totalOffsets: [-100, 0, 100],
    oddEven: true,
    firstScore: true,
    periodMarkets: [{ period: 'i1', kinds: ['over_under'], total: 50 }],
  },
  volleyball: {
    model: 'series',
    perSlot: 1,
    spacingMin: 0,
    periods: ['set1', 'set2', 'set3', 'set4', 'set5'],
    periodMin: 22,
    breakMin: 3,
    mean: 0,
    strengthScale: 0.25,
    stopOnScore: false,
    need: 3,
    setKind: 'volley',
    draw: false,
    handicapOffsets: [],
    fixedHandicaps: [-150, 150],
    totalOffsets: [],
    fixedTotals: [350, 450],
    oddEven: false,
    firstScore: false,
    periodMarkets: [{ period: 'set1', kinds: ['moneyline', 'over_under'], total: 4550 }],
  },
  table_tennis: {
    model: 'series',
    perSlot: 2,
    spacingMin: 15,
    periods: ['set1', 'set2', 'set3', 'set4', 'set5'],
    periodMin: 9,
    breakMin: 1,
    mean: 0,
    strengthScale: 0.25,
    stopOnScore: false,
    need: 3,
    setKind: 'tt',
    draw: false,
    handicapOffsets: [],
    fixedHandicaps: [-150, 150],
    totalOffsets: [],
    fixedTotals: [350],
    oddEven: false,
    firstScore: false,
    periodMarkets: [{ period: 'set1', kinds: ['moneyline', 'over_under'], total: 1850 }],
  },
  hockey: {
    model: 'poisson',
    perSlot: 1,
    spacingMin: 0,
    periods: ['p1', 'p2', 'p3'],
    periodMin: 20,
    breakMin: 8,
    mean: 5.8,
    strengthScale: 1,
    stopOnScore: true,
    draw: true,
    handicapOffsets: [],
    fixedHandicaps: [-150, 150],
    totalOffsets: [-100, 0],
    oddEven: true,
    firstScore: true,
    periodMarkets: [{ period: 'p1', kinds: ['1x2', 'over_under'], total: 150 }],
  },
  tennis: {
    model: 'series',
    perSlot: 1,
    spacingMin: 0,
    periods: ['set1', 'set2', 'set3'],
    periodMin: 35,
    breakMin: 2,
    mean: 0,
    strengthScale: 0.25,
    stopOnScore: false,
    need: 2,
    setKind: 'tennis',
    draw: false,
    handicapOffsets: [],
    fixedHandicaps: [-150, 150],
    totalOffsets: [],
    fixedTotals: [250],
    oddEven: false,
    firstScore: false,
    periodMarkets: [{ period: 'set1', kinds: ['moneyline', 'over_under'], total: 950 }],
  },
  american_football: {
    model: 'points',
    perSlot: 1,
    spacingMin: 0,
    periods: ['q1', 'q2', 'q3', 'q4'],
    periodMin: 15,
    breakMin: 2,
    longBreakAfter: 2,
    longBreakMin: 10,
    mean: 45,
    sdDiff: 13,
    sdTotal: 13,
    strengthScale: 7,
    plays: [
      [7, 60],
      [3, 40],
    ],
    stopOnScore: true,
    draw: false,
    handicapOffsets: [-300, 0, 300],
    totalOffsets: [-300, 0, 300],
    oddEven: true,
    firstScore: true,
    periodMarkets: [{ period: '1h', kinds: ['handicap', 'over_under'] }],
  },
  esports: {
    model: 'series',
    perSlot: 1,
    spacingMin: 0,
    periods: ['map1', 'map2', 'map3'],
    periodMin: 35,
    breakMin: 5,
    mean: 0,
    strengthScale: 0.25,
    stopOnScore: false,
    need: 2,
    setKind: 'map',
    draw: false,
    handicapOffsets: [],
    fixedHandicaps: [-150, 150],
    totalOffsets: [],
    fixedTotals: [250],
    oddEven: false,
    firstScore: false,
    periodMarkets: [{ period: 'map1', kinds: ['moneyline'] }],
  },
  ufc: {
    model: 'fight',
    perSlot: 2,
    spacingMin: 15,
    periods: ['r1', 'r2', 'r3'],
    periodMin: 8,
    breakMin: 2,
    mean: 0,
    strengthScale: 0.3,
    stopOnScore: true,
    draw: false,
    handicapOffsets: [],
    totalOffsets: [],
    oddEven: false,
    firstScore: false,
    periodMarkets: [],
  },
  futsal: {
    model: 'poisson',
    perSlot: 1,
    spacingMin: 0,
    periods: ['1h', '2h'],
    periodMin: 20,
    breakMin: 10,
    mean: 6,
    strengthScale: 1,
    stopOnScore: true,
    draw: true,
    handicapOffsets: [-100, 0, 100],
    totalOffsets: [-100, 0, 100],
    oddEven: true,
    firstScore: true,
    periodMarkets: [{ period: '1h', kinds: ['1x2', 'over_under'] }],
  },
  handball: {
    model: 'points',
    perSlot: 1,
    spacingMin: 0,
    periods: ['1h', '2h'],
    periodMin: 30,
    breakMin: 10,
    mean: 56,
    sdDiff: 4.5,
    sdTotal: 6,
    strengthScale: 4,
    plays: [[1, 1]],
    stopOnScore: false,
    draw: true,
    handicapOffsets: [-200, 0, 200],
    totalOffsets: [-200, 0, 200],
    oddEven: true,
    firstScore: false,
    periodMarkets: [{ period: '1h', kinds: ['1x2', 'over_under'] }],
  },
};
