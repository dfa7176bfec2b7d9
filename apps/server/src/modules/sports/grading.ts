/**
 * Grading (pure): from a fixture's result to each outcome's result, and from a bet's legs to its
 * payout. Money math is integers only: odds are hundredths, factors are millionths (the scale of
 * `sports_bet_selections.factor`), dead-heat factors ten-thousandths (`outcomes.dead_heat_factor`).
 */

export type OutcomeResult = 'won' | 'lost' | 'void' | 'half_won' | 'half_lost';
export type Score = { home: number; away: number };
/**
 * A fixture result as entered by the feed or an admin: the full-time score, period scores (an
 * array in play order, or keyed by the market's period code), and specials: for a market kind
 * (or `kind:period`) the winning outcome code(s); several codes are a dead heat.
 */
export type FixtureResult = Score & {
  periods?: (Score & { period?: string })[] | Record<string, Score>;
  specials?: Record<string, string | string[] | null>;
};
export type MarketToGrade = { kind: string; period: string; line: string | null; outcomes: string[] };
export type Graded = { code: string; result: OutcomeResult; deadHeat: string | null };

export const FACTOR_SCALE = 1_000_000n;

/** A decimal string ("-0.25", "1.95", "0.5000") as an integer at 10^places, exactly (truncating extra places). */
export function decimalToScaled(value: string, places: number): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) throw new Error(`invalid decimal ${value}`);
  const frac = (m[3] ?? '').padEnd(places, '0').slice(0, places);
  const n = BigInt(m[2]) * 10n ** BigInt(places) + BigInt(frac || '0');
  return m[1] ? -n : n;
}

export function scaledToDecimal(n: bigint, places: number): string {
  const neg = n < 0n;
  const a = neg ? -n : n;
  const s = 10n ** BigInt(places);
  return `${neg ? '-' : ''}${a / s}.${String(a % s).padStart(places, '0')}`;
}

/**
 * The score a market is settled on: full time, or one period. Periods named by code (the feed's
 * and the admin form's shape) are looked up by the market's code; a half asked of a game played
 * in quarters adds its two quarters; plain scores in play order are indexed by the code's number.
 */
export function scoreFor(r: FixtureResult, period: string): Score | null {
  if (period === 'ft' || period === '') return { home: r.home, away: r.away };
  const p = r.periods;
  if (!p) return null;
  if (!Array.isArray(p)) return p[period] ?? null;
  const named = p as (Score & { period?: string })[];
  const exact = named.find((x) => x.period === period);
  if (exact) return { home: exact.home, away: exact.away };
  const n = /(\d+)/.exec(period);
  if (!n) return null;
  const i = Number(n[1]) - 1;
  const half = /^(\d)h$/.test(period);
  if (half && named.some((x) => x.period !== undefined)) {
    const a = named.find((x) => x.period === `q${i * 2 + 1}`);
    const b = named.find((x) => x.period === `q${i * 2 + 2}`);
    return a && b ? { home: a.home + b.home, away: a.away + b.away } : null;
  }
  if (named.some((x) => x.period !== undefined)) return null;
  if (half && p.length === 4) {
    const a = p[i * 2];
    const b = p[i * 2 + 1];
    return a && b ? { home: a.home + b.home, away: a.away + b.away } : null;
  }
  return p[i] ?? null;
}

/** -1 lost, 0 push, 1 won: one side of a line (diff already includes the line, in hundredths). */
const sign = (diff: bigint) => (diff > 0n ? 1 : diff < 0n ? -1 : 0);

/**
 * A line bet graded on `margin` (the picked side's margin in hundredths, e.g. home − away) plus
 * `line` (hundredths). Quarter lines (…25 / …75) are two half stakes on the neighbouring lines:
 * win + push = half won, loss + push = half lost.
 */
export function gradeLine(margin: bigint, line: bigint): OutcomeResult {
  if (line % 50n === 0n) return ([null, 'lost', 'void', 'won'] as const)[sign(margin + line) + 2] as OutcomeResult;
  const a = sign(margin + line - 25n);
  const b = sign(margin + line + 25n);
  const s = a + b;
  return s === 2 ? 'won' : s === -2 ? 'lost' : s === 1 ? 'half_won' : s === -1 ? 'half_lost' : 'void';
}

const allVoid = (m: MarketToGrade): Graded[] => m.outcomes.map((code) => ({ code, result: 'void', deadHeat: null }));

/** Winning codes named in the result's specials: several winners tie (dead heat, factor 1/n). */
function fromWinners(m: MarketToGrade, winners: string[]): Graded[] {
  if (winners.length === 0) return allVoid(m);
  const dh = winners.length > 1 ? scaledToDecimal(10_000n / BigInt(winners.length), 4) : null;
  return m.outcomes.map((code) => (winners.includes(code) ? { code, result: 'won', deadHeat: dh } : { code, result: 'lost', deadHeat: null }));
}

/** Correct-score band codes: "2-1" exact, "h3+" home by 3 or more, "a3+", "draw", "other". */
function bandWins(code: string, s: Score, codes: string[]): boolean {
  const exact = /^(\d+)-(\d+)$/.exec(code);
  if (exact) return Number(exact[1]) === s.home && Number(exact[2]) === s.away;
  const by = /^([ha])(\d+)\+$/.exec(code);
  if (by) return (by[1] === 'h' ? s.home - s.away : s.away - s.home) >= Number(by[2]);
  if (code === 'draw') return s.home === s.away && !codes.includes(`${s.home}-${s.away}`);
  if (code === 'other') return !codes.some((c) => c !== 'other' && bandWins(c, s, codes));
  return false;
}

/**
 * Results of every outcome of one market. Unknown kinds and missing scores grade nothing
 * (null): the market waits for a result that covers it (an admin enters it, or the feed's own
 * per-outcome results).
 */
export function gradeMarket(r: FixtureResult, m: MarketToGrade): Graded[] | null {
  const special = r.specials?.[`${m.kind}:${m.period}`] ?? r.specials?.[m.kind];
  if (special !== undefined) return special === null ? allVoid(m) : fromWinners(m, Array.isArray(special) ? special : [special]);
  const s = scoreFor(r, m.period);
  if (!s) return null;
  const diff = BigInt(s.home - s.away) * 100n;
  const total = BigInt(s.home + s.away) * 100n;
  const line = m.line === null ? 0n : decimalToScaled(m.line, 2);
  const by = (pick: (code: string) => OutcomeResult | null): Graded[] | null => {
    const out: Graded[] = [];
    for (const code of m.outcomes) {
      const result = pick(code);
      if (!result) return null;
      out.push({ code, result, deadHeat: null });
    }
    return out;
  };
  switch (m.kind) {
    case '1x2': {
      const w = s.home > s.away ? 'home' : s.home < s.away ? 'away' : 'draw';
      return fromWinners(m, [w]);
    }
    case 'moneyline':
      // No draw outcome offered: a tie refunds both sides.
      return s.home === s.away && !m.outcomes.includes('draw') ? allVoid(m) : fromWinners(m, [s.home > s.away ? 'home' : s.home < s.away ? 'away' : 'draw']);
    case 'handicap':
      // The line is the home side's handicap; the away side gets its opposite.
      return by((c) => (c === 'home' ? gradeLine(diff, line) : c === 'away' ? gradeLine(-diff, -line) : null));
    case 'over_under':
      return by((c) => (c === 'over' ? gradeLine(total, -line) : c === 'under' ? gradeLine(-total, line) : null));
    case 'odd_even':
      return fromWinners(m, [(s.home + s.away) % 2 === 1 ? 'odd' : 'even']);
    case 'correct_score_band':
      return fromWinners(
        m,
        m.outcomes.filter((c) => bandWins(c, s, m.outcomes)),
      );
    default:
      return null;
  }
}

/**
 * One leg's factor in millionths: won = odds (× dead-heat factor), lost = 0, void = 1,
 * half won = (1 + odds) / 2, half lost = 1/2.
 */
export function legFactor(odds: string, result: OutcomeResult, deadHeat: string | null = null): bigint {
  const h = decimalToScaled(odds, 2);
  switch (result) {
    case 'won':
      return deadHeat === null ? h * 10_000n : h * decimalToScaled(deadHeat, 4);
    case 'lost':
      return 0n;
    case 'void':
      return FACTOR_SCALE;
    case 'half_won':
      return (100n + h) * 5_000n;
    case 'half_lost':
      return FACTOR_SCALE / 2n;
  }
}

export type Leg = { odds: string; result: OutcomeResult; deadHeat?: string | null; pushed?: boolean };
export type BetGrade = { outcome: 'won' | 'lost' | 'draw' | 'void'; winAmount: bigint; factors: bigint[] };

/**
 * A bet's result from its legs: the stake times the product of the factors, rounded down to the
 * won (one division at the end, so nothing is lost between legs). Every leg plainly won pays the
 * bet's `potentialWin` (what the slip showed, from combined odds rounded to 2 places). Every leg
 * void refunds the stake: `draw` when all were pushes (the match was played on the line), else
 * `void`.
 */
export function gradeBet(stake: bigint, potentialWin: bigint, legs: Leg[]): BetGrade {
  const factors = legs.map((l) => legFactor(l.odds, l.result, l.deadHeat ?? null));
  if (factors.some((f) => f === 0n)) return { outcome: 'lost', winAmount: 0n, factors };
  if (legs.every((l) => l.result === 'void')) return { outcome: legs.every((l) => l.pushed) ? 'draw' : 'void', winAmount: stake, factors };
  if (legs.every((l) => l.result === 'won' && !l.deadHeat)) return { outcome: 'won', winAmount: potentialWin, factors };
  let num = stake;
  let den = 1n;
  for (const f of factors) {
    num *= f;
    den *= FACTOR_SCALE;
  }
  return { outcome: 'won', winAmount: num / den, factors };
}
