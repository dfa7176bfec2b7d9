/**
 * Fair probabilities for the simulated feed's markets, from a distribution of the final
 * score (home − away margin and total), then provider prices with an overround. Floats are
 * fine here: this is the feed's own model; prices leave it as integer hundredths.
 */

/** Final-score distribution: P(margin = d), P(total = t), and the joint when it is known. */
export type ScoreDist = { diff: Map<number, number>; total: Map<number, number>; joint?: Map<string, number> };

function poissonPmf(lambda: number, max: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

const add = (m: Map<number, number>, k: number, p: number) => m.set(k, (m.get(k) ?? 0) + p);

/** Independent Poisson goals on top of the current score (`joint` only when asked: correct-score bands). */
export function poissonDist(lh: number, la: number, cur = { home: 0, away: 0 }, withJoint = false): ScoreDist {
  const max = Math.max(8, Math.ceil(Math.max(lh, la) * 2 + 6));
  const ph = poissonPmf(lh, max);
  const pa = poissonPmf(la, max);
  const diff = new Map<number, number>();
  const total = new Map<number, number>();
  const joint = withJoint ? new Map<string, number>() : undefined;
  for (let i = 0; i <= max; i++) {
    if (ph[i] < 1e-10) continue;
    for (let j = 0; j <= max; j++) {
      const p = ph[i] * pa[j];
      if (p < 1e-10) continue;
      const h = cur.home + i;
      const a = cur.away + j;
      add(diff, h - a, p);
      add(total, h + a, p);
      if (joint) joint.set(`${h}-${a}`, (joint.get(`${h}-${a}`) ?? 0) + p);
    }
  }
  return { diff, total, joint };
}

function normCdf(x: number) {
  // Abramowitz–Stegun 7.1.26 through erf.
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

function discreteNormal(mean: number, sd: number): Map<number, number> {
  const m = new Map<number, number>();
  const s = Math.max(sd, 0.3);
  for (let k = Math.floor(mean - 6 * s); k <= Math.ceil(mean + 6 * s); k++) {
    const p = normCdf((k + 0.5 - mean) / s) - normCdf((k - 0.5 - mean) / s);
    if (p > 1e-12) m.set(k, p);
  }
  return m;
}

/** High-scoring sports: margin and total as independent discretised normals. */
export function normalDist(meanDiff: number, sdDiff: number, meanTotal: number, sdTotal: number): ScoreDist {
  return { diff: discreteNormal(meanDiff, sdDiff), total: discreteNormal(meanTotal, sdTotal) };
}

/** Best-of series (sets, maps): `need` wins, home wins each with probability q. */
export function seriesDist(q: number, need: number, cur = { home: 0, away: 0 }): ScoreDist {
  const diff = new Map<number, number>();
  const total = new Map<number, number>();
  const joint = new Map<string, number>();
  const walk = (h: number, a: number, p: number) => {
    if (h === need || a === need) {
      add(diff, h - a, p);
      add(total, h + a, p);
      joint.set(`${h}-${a}`, (joint.get(`${h}-${a}`) ?? 0) + p);
      return;
    }
    walk(h + 1, a, p * q);
    walk(h, a + 1, p * (1 - q));
  };
  walk(Math.min(cur.home, need), Math.min(cur.away, need), 1);
  return { diff, total, joint };
}

const sum = (m: Map<number, number>, f: (k: number) => boolean) => {
  let s = 0;
  for (const [k, p] of m) if (f(k)) s += p;
  return s;
};

export const prob1x2 = (d: ScoreDist): number[] => [sum(d.diff, (k) => k > 0), sum(d.diff, (k) => k === 0), sum(d.diff, (k) => k < 0)];
/** Two-way winner; a tie (overtime, extra innings) is shared in proportion. */
export function probMoneyline(d: ScoreDist): number[] {
  const [h, , a] = prob1x2(d);
  return [h / (h + a), a / (h + a)];
}

/**
 * A line market's two sides as effective probabilities (a push returns the stake, so the fair
 * price is 1 + P(lose)/P(win)); quarter lines are half the stake on each neighbouring line.
 * `line100` in hundredths: the home handicap, or the total.
 */
function lineProbs(m: Map<number, number>, line100: number, value: (k: number) => number): number[] {
  const halves = line100 % 50 === 0 ? [line100] : [line100 - 25, line100 + 25];
  let win = 0;
  let lose = 0;
  for (const l of halves)
    for (const [k, p] of m) {
      const v = value(k) * 100 + l;
      if (v > 0) win += p / halves.length;
      else if (v < 0) lose += p / halves.length;
    }
  const t = win + lose || 1;
  return [win / t, lose / t];
}
export const probHandicap = (d: ScoreDist, line100: number) => lineProbs(d.diff, line100, (k) => k);
/** [over, under]: over wins when total − line > 0. */
export const probTotal = (d: ScoreDist, line100: number) => lineProbs(d.total, -line100, (k) => k);
export const probOddEven = (d: ScoreDist): number[] => {
  const odd = sum(d.total, (k) => Math.abs(k) % 2 === 1);
  return [odd, 1 - odd];
};

/** Correct-score bands (codes as the grader reads them). */
export const BAND_CODES = ['1-0', '2-0', '2-1', '0-0', '1-1', '2-2', '0-1', '0-2', '1-2', 'h3+', 'a3+', 'other'];
export function probBands(d: ScoreDist): number[] {
  const joint = d.joint ?? new Map<string, number>();
  const out = BAND_CODES.map(() => 0);
  for (const [k, p] of joint) {
    const [h, a] = k.split('-').map(Number);
    let i = BAND_CODES.indexOf(k);
    if (i < 0) i = h - a >= 3 ? BAND_CODES.indexOf('h3+') : a - h >= 3 ? BAND_CODES.indexOf('a3+') : BAND_CODES.indexOf('other');
    out[i] += p;
  }
  return out;
}

/** [home, none, away] for the first score given scoring rates and no score yet. */
export function probFirstScore(lh: number, la: number): number[] {
  const none = Math.exp(-(lh + la));
  const share = lh + la > 0 ? lh / (lh + la) : 0.5;
  return [(1 - none) * share, none, (1 - none) * (1 - share)];
}

/**
 * The most a provider quotes, per market kind (hundredths): long shots of a correct score go
 * far, a result market's outsider less, line markets least (decision 052). The house's own
 * `highest_odds` setting caps what players see on top of this.
 */
export const PRICE_CAPS: Record<string, number> = { correct_score_band: 50_100, '1x2': 25_100, moneyline: 25_100, first_score: 25_100 };
export const DEFAULT_PRICE_CAP = 10_100;
export const priceCapOf = (kind: string) => PRICE_CAPS[kind] ?? DEFAULT_PRICE_CAP;

/**
 * Provider prices in hundredths: probabilities scaled by (1 + overround), each nudged by
 * `noise` (a relative factor, e.g. 0.01 = 1 %), clamped to [1.01, cap].
 */
export function price(probs: number[], overround: number, noise: number[] = [], cap = DEFAULT_PRICE_CAP): number[] {
  return probs.map((p, i) => {
    const q = Math.max(1e-4, Math.min(0.995, p)) * (1 + overround) * (1 + (noise[i] ?? 0));
    return Math.max(101, Math.min(cap, Math.floor(100 / q)));
  });
}
