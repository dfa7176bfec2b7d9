import { describe, expect, it } from 'vitest';
import { decimalToScaled, gradeBet, gradeLine, gradeMarket, legFactor, scoreFor, type FixtureResult, type MarketToGrade } from './grading.ts';

const r = (home: number, away: number, extra: Partial<FixtureResult> = {}): FixtureResult => ({ home, away, ...extra });
const m = (kind: string, outcomes: string[], line: string | null = null, period = 'ft'): MarketToGrade => ({ kind, period, line, outcomes });
const results = (g: ReturnType<typeof gradeMarket>) => Object.fromEntries((g ?? []).map((x) => [x.code, x.deadHeat ? `${x.result}@${x.deadHeat}` : x.result]));

describe('grading a market from a fixture result', () => {
  it('1x2 and moneyline (a tie without a draw outcome refunds both sides)', () => {
    expect(results(gradeMarket(r(2, 1), m('1x2', ['home', 'draw', 'away'])))).toEqual({ home: 'won', draw: 'lost', away: 'lost' });
    expect(results(gradeMarket(r(1, 1), m('1x2', ['home', 'draw', 'away'])))).toEqual({ home: 'lost', draw: 'won', away: 'lost' });
    expect(results(gradeMarket(r(88, 90), m('moneyline', ['home', 'away'])))).toEqual({ home: 'lost', away: 'won' });
    expect(results(gradeMarket(r(3, 3), m('moneyline', ['home', 'away'])))).toEqual({ home: 'void', away: 'void' });
  });

  it('handicap: half lines, whole lines (push → void) and quarter lines (half won / half lost)', () => {
    const h = (line: string, home: number, away: number) => results(gradeMarket(r(home, away), m('handicap', ['home', 'away'], line)));
    expect(h('-1.5', 2, 1)).toEqual({ home: 'lost', away: 'won' });
    expect(h('-1.5', 3, 1)).toEqual({ home: 'won', away: 'lost' });
    expect(h('-1', 2, 1)).toEqual({ home: 'void', away: 'void' });
    expect(h('-0.25', 1, 1)).toEqual({ home: 'half_lost', away: 'half_won' });
    expect(h('-0.75', 2, 1)).toEqual({ home: 'half_won', away: 'half_lost' });
    expect(h('-0.75', 3, 1)).toEqual({ home: 'won', away: 'lost' });
    expect(h('0.25', 1, 1)).toEqual({ home: 'half_won', away: 'half_lost' });
    expect(h('1.25', 0, 1)).toEqual({ home: 'half_won', away: 'half_lost' });
    expect(h('0', 0, 0)).toEqual({ home: 'void', away: 'void' });
  });

  it('over/under with whole, half and quarter lines', () => {
    const ou = (line: string, home: number, away: number) => results(gradeMarket(r(home, away), m('over_under', ['over', 'under'], line)));
    expect(ou('2.5', 2, 1)).toEqual({ over: 'won', under: 'lost' });
    expect(ou('3', 2, 1)).toEqual({ over: 'void', under: 'void' });
    expect(ou('2.75', 2, 1)).toEqual({ over: 'half_won', under: 'half_lost' });
    expect(ou('3.25', 2, 1)).toEqual({ over: 'half_lost', under: 'half_won' });
    expect(ou('2.25', 1, 1)).toEqual({ over: 'half_lost', under: 'half_won' });
    expect(ou('2.25', 1, 0)).toEqual({ over: 'lost', under: 'won' });
    expect(ou('170.5', 88, 90)).toEqual({ over: 'won', under: 'lost' });
  });

  it('odd/even, periods, correct-score bands', () => {
    expect(results(gradeMarket(r(2, 1), m('odd_even', ['odd', 'even'])))).toEqual({ odd: 'won', even: 'lost' });
    expect(results(gradeMarket(r(2, 2), m('odd_even', ['odd', 'even'])))).toEqual({ odd: 'lost', even: 'won' });
    const halves = r(2, 1, {
      periods: [
        { home: 0, away: 1 },
        { home: 2, away: 0 },
      ],
    });
    expect(results(gradeMarket(halves, m('1x2', ['home', 'draw', 'away'], null, '1h')))).toEqual({ home: 'lost', draw: 'lost', away: 'won' });
    expect(results(gradeMarket(halves, m('1x2', ['home', 'draw', 'away'], null, '2h')))).toEqual({ home: 'won', draw: 'lost', away: 'lost' });
    const quarters = r(80, 70, {
      periods: [
        { home: 20, away: 10 },
        { home: 20, away: 20 },
        { home: 20, away: 20 },
        { home: 20, away: 20 },
      ],
    });
    expect(scoreFor(quarters, '1h')).toEqual({ home: 40, away: 30 });
    expect(scoreFor(quarters, 'q2')).toEqual({ home: 20, away: 20 });
    expect(gradeMarket(r(1, 0), m('1x2', ['home', 'draw', 'away'], null, 'q3'))).toBeNull();
    // The feed's shape: periods named by code.
    const named = r(3, 2, {
      periods: [
        { period: 'q1', home: 1, away: 0 },
        { period: 'q2', home: 0, away: 2 },
        { period: 'q3', home: 1, away: 0 },
        { period: 'q4', home: 1, away: 0 },
      ],
    });
    expect(scoreFor(named, 'q2')).toEqual({ home: 0, away: 2 });
    expect(scoreFor(named, '1h')).toEqual({ home: 1, away: 2 });
    expect(scoreFor(named, '2h')).toEqual({ home: 2, away: 0 });
    expect(scoreFor(named, 'set1')).toBeNull();
    expect(scoreFor(r(2, 1, { periods: [{ period: 'set1', home: 25, away: 20 }] }), 'set1')).toEqual({ home: 25, away: 20 });
    const bands = ['1-0', '2-1', 'h3+', 'a3+', 'draw', 'other'];
    expect(results(gradeMarket(r(2, 1), m('correct_score_band', bands)))['2-1']).toBe('won');
    expect(results(gradeMarket(r(4, 0), m('correct_score_band', bands)))['h3+']).toBe('won');
    expect(results(gradeMarket(r(1, 1), m('correct_score_band', bands))).draw).toBe('won');
    expect(Object.values(results(gradeMarket(r(0, 2), m('correct_score_band', bands)))).filter((x) => x === 'won')).toEqual(['won']);
    expect(results(gradeMarket(r(0, 2), m('correct_score_band', bands))).other).toBe('won');
  });

  it('specials name the winner; several winners are a dead heat; null voids the market', () => {
    const sp = (specials: FixtureResult['specials']) => results(gradeMarket(r(1, 1, { specials }), m('first_score', ['home', 'away', 'none'])));
    expect(sp({ first_score: 'away' })).toEqual({ home: 'lost', away: 'won', none: 'lost' });
    expect(sp({ first_score: ['home', 'away'] })).toEqual({ home: 'won@0.5000', away: 'won@0.5000', none: 'lost' });
    expect(sp({ first_score: null })).toEqual({ home: 'void', away: 'void', none: 'void' });
    expect(results(gradeMarket(r(1, 1, { specials: { 'first_3pt:q1': 'home' } }), m('first_3pt', ['home', 'away'], null, 'q1')))).toEqual({
      home: 'won',
      away: 'lost',
    });
    expect(gradeMarket(r(1, 1), m('first_free_throw', ['home', 'away']))).toBeNull();
  });

  it('gradeLine is symmetric: one side half won is the other side half lost', () => {
    for (const line of [-275n, -225n, -175n, -125n, -75n, -25n, 25n, 75n, 125n])
      for (let d = -4; d <= 4; d++) {
        const a = gradeLine(BigInt(d) * 100n, line);
        const b = gradeLine(BigInt(-d) * 100n, -line);
        const mirror = { won: 'lost', lost: 'won', half_won: 'half_lost', half_lost: 'half_won', void: 'void' } as const;
        expect(b).toBe(mirror[a]);
      }
  });
});

describe('bet factors and payouts (integers only)', () => {
  it('leg factors in millionths', () => {
    expect(legFactor('1.95', 'won')).toBe(1_950_000n);
    expect(legFactor('1.95', 'lost')).toBe(0n);
    expect(legFactor('1.95', 'void')).toBe(1_000_000n);
    expect(legFactor('1.95', 'half_won')).toBe(1_475_000n);
    expect(legFactor('1.95', 'half_lost')).toBe(500_000n);
    expect(legFactor('3.00', 'won', '0.3333')).toBe(999_900n);
    expect(decimalToScaled('-0.25', 2)).toBe(-25n);
  });

  it('single results', () => {
    expect(gradeBet(10_000n, 19_500n, [{ odds: '1.95', result: 'won' }])).toMatchObject({ outcome: 'won', winAmount: 19_500n });
    expect(gradeBet(10_000n, 19_500n, [{ odds: '1.95', result: 'lost' }])).toMatchObject({ outcome: 'lost', winAmount: 0n });
    expect(gradeBet(10_000n, 19_500n, [{ odds: '1.95', result: 'void' }])).toMatchObject({ outcome: 'void', winAmount: 10_000n });
    expect(gradeBet(10_000n, 19_500n, [{ odds: '1.95', result: 'void', pushed: true }])).toMatchObject({ outcome: 'draw', winAmount: 10_000n });
    expect(gradeBet(10_000n, 19_500n, [{ odds: '1.95', result: 'half_won' }])).toMatchObject({ outcome: 'won', winAmount: 14_750n });
    expect(gradeBet(10_000n, 19_500n, [{ odds: '1.95', result: 'half_lost' }])).toMatchObject({ outcome: 'won', winAmount: 5_000n });
    expect(gradeBet(10_000n, 40_000n, [{ odds: '4.00', result: 'won', deadHeat: '0.5000' }])).toMatchObject({ outcome: 'won', winAmount: 20_000n });
    // 1,001 × 1.33 / 2 = 665.665 → 665 (rounded down once, at the end).
    expect(gradeBet(1_001n, 1_331n, [{ odds: '1.33', result: 'half_won' }]).winAmount).toBe((1_001n * 1_165_000n) / 1_000_000n);
  });

  it('combinations multiply: a void leg counts 1.00, any lost leg loses, half results and dead heats scale', () => {
    const won = { odds: '2.00', result: 'won' } as const;
    expect(gradeBet(10_000n, 80_000n, [won, won, won])).toMatchObject({ outcome: 'won', winAmount: 80_000n });
    expect(gradeBet(10_000n, 80_000n, [won, { odds: '2.00', result: 'void' }, won])).toMatchObject({ outcome: 'won', winAmount: 40_000n });
    expect(gradeBet(10_000n, 80_000n, [won, { odds: '2.00', result: 'lost' }, { odds: '2.00', result: 'void' }])).toMatchObject({
      outcome: 'lost',
      winAmount: 0n,
    });
    expect(gradeBet(10_000n, 80_000n, [won, { odds: '2.00', result: 'half_won' }, { odds: '2.00', result: 'half_lost' }])).toMatchObject({
      outcome: 'won',
      winAmount: 15_000n,
    });
    expect(
      gradeBet(10_000n, 80_000n, [
        { odds: '2.00', result: 'void' },
        { odds: '2.00', result: 'void', pushed: true },
      ]),
    ).toMatchObject({
      outcome: 'void',
      winAmount: 10_000n,
    });
    // 3 legs at 1.37: exact product, no rounding between legs.
    const legs = [0, 1, 2].map(() => ({ odds: '1.37', result: 'half_won' as const }));
    expect(gradeBet(7_777n, 0n, legs).winAmount).toBe((7_777n * 1_185_000n ** 3n) / 1_000_000n ** 3n);
  });
});
