import { describe, expect, it } from 'vitest';
import { MINIGAME_KEYS, GAME_KEY } from '@wager/contracts';
import { drawStream } from '../../platform/fair.ts';
import { drawResult, outcomeOf } from './draw.ts';
import { GAMES, findPick, settingsKey } from './games/catalogue.ts';
import { finishOf, ladderWinners } from './games/ladder.ts';
import { POWERBALL_MULTIPLE, POWERBALL_SINGLE, powerballWinners } from './games/powerball.ts';
import { effectiveOdds } from './odds.ts';
import { currentNumber, dayNumber, slotOf } from './schedule.ts';
import { streaks } from './stats.ts';

const seed = 'c'.repeat(64);

describe('catalogue', () => {
  it('has every game of the contract with a valid settings key, a positive interval and unique market and pick keys', () => {
    expect([...GAMES.keys()].sort()).toEqual([...MINIGAME_KEYS].sort());
    for (const g of GAMES.values()) {
      expect(settingsKey(g.key)).toMatch(GAME_KEY);
      expect(g.intervalSeconds).toBeGreaterThanOrEqual(60);
      const markets = g.family.markets.map((m) => m.key);
      expect(new Set(markets).size).toBe(markets.length);
      for (const m of g.family.markets) {
        expect(new Set(m.picks.map((p) => p.key)).size).toBe(m.picks.length);
        for (const p of m.picks) expect(p.odds).toMatch(/^\d+\.\d{2}$/);
      }
      for (const s of g.family.statMarkets) expect(markets).toContain(s);
    }
    expect(GAMES.get('ntry_eos3')!.intervalSeconds).toBe(180);
    expect(GAMES.get('bepick_eos5')!.route).toBe('/game/powerball/bepick/eos5');
    // every game, the house ones too, has a member page to be played on
    const routes = [...GAMES.values()].map((g) => g.route);
    expect(routes.every((r) => r !== null && /^\/game\/(powerball|minigame)\//.test(r))).toBe(true);
    expect(new Set(routes).size).toBe(GAMES.size);
    expect(findPick(GAMES.get('ntry_eos1')!, 'sum_size', 'medium')?.market.kind).toBe('single');
    expect(findPick(GAMES.get('ntry_eos1')!, 'power_oe_uo', 'odd_under')?.market.kind).toBe('combo');
    expect(findPick(GAMES.get('ntry_eos1')!, 'sum_size', 'huge')).toBeNull();
  });
});

describe('powerball markets', () => {
  const w = (balls: number[], power: number) => powerballWinners({ balls, power });
  it('reads every market at its boundaries', () => {
    // sum 72: even, under, medium; power 4: even, under
    expect(w([10, 11, 12, 19, 20], 4)).toEqual({
      power_oe: 'even',
      power_uo: 'under',
      sum_oe: 'even',
      sum_uo: 'under',
      sum_size: 'medium',
      power_oe_uo: 'even_under',
      sum_oe_uo: 'even_under',
      sum_oe_size: 'even_medium',
      sum_power_oe: 'even_even',
    });
    // sum 73: odd, over, medium; power 5: odd, over
    expect(w([10, 11, 12, 20, 20], 5)).toMatchObject({
      power_oe: 'odd',
      power_uo: 'over',
      sum_oe: 'odd',
      sum_uo: 'over',
      sum_size: 'medium',
      power_oe_uo: 'odd_over',
      sum_power_oe: 'odd_odd',
    });
    expect(w([1, 2, 3, 4, 54], 0).sum_size).toBe('small'); // 64
    expect(w([1, 2, 3, 4, 55], 9)).toMatchObject({ sum_size: 'medium', power_oe: 'odd', power_uo: 'over' }); // 65
    expect(w([10, 20, 20, 15, 15], 1).sum_size).toBe('medium'); // 80
    expect(w([10, 20, 20, 15, 16], 1)).toMatchObject({ sum_size: 'large', sum_oe_size: 'odd_large' }); // 81
    expect(w([24, 25, 26, 27, 28], 0)).toMatchObject({ sum_size: 'large', sum_oe_uo: 'even_over' }); // 130
    expect(w([1, 2, 3, 4, 5], 3)).toMatchObject({ sum_size: 'small', sum_oe_size: 'odd_small', power_oe_uo: 'odd_under' }); // 15
  });

  it('returns 89–98 % on every pick, by exact enumeration of the 98,280 ball sets × 10 power balls', () => {
    const sums = new Map<number, number>();
    const rec = (start: number, left: number, acc: number) => {
      if (left === 0) return void sums.set(acc, (sums.get(acc) ?? 0) + 1);
      for (let b = start; b <= 28; b++) rec(b + 1, left - 1, acc + b);
    };
    rec(1, 5, 0);
    const total = [...sums.values()].reduce((a, b) => a + b, 0) * 10;
    expect(total).toBe(982_800);
    const wins = new Map<string, number>();
    for (const [sum, n] of sums)
      for (let power = 0; power < 10; power++)
        for (const [m, p] of Object.entries(w([sum, 0, 0, 0, 0], power))) wins.set(`${m}:${p}`, (wins.get(`${m}:${p}`) ?? 0) + n);
    for (const table of [POWERBALL_SINGLE, POWERBALL_MULTIPLE])
      for (const [m, picks] of Object.entries(table))
        for (const [p, odds] of Object.entries(picks)) {
          const rtp = ((wins.get(`${m}:${p}`) ?? 0) / total) * Number(odds);
          expect(rtp, `${m}:${p}`).toBeGreaterThan(0.89);
          expect(rtp, `${m}:${p}`).toBeLessThan(0.98);
        }
  });
});

describe('ladder', () => {
  it('finishes by start and lines (좌3짝, 좌4홀, 우3홀, 우4짝)', () => {
    expect(finishOf('left', 3)).toBe('even');
    expect(finishOf('left', 4)).toBe('odd');
    expect(finishOf('right', 3)).toBe('odd');
    expect(finishOf('right', 4)).toBe('even');
    expect(ladderWinners({ start: 'right', lines: 4, finish: 'even' })).toEqual({ start: 'right', lines: 'line4', finish: 'even', combo: 'right4even' });
  });

  it('reads the keno ladder from the first and last keno balls', () => {
    const g = GAMES.get('ntry_kenoladder')!;
    for (let n = 1; n <= 50; n++) {
      const r = drawResult(g, seed, n, 'e');
      if (r.draw.family !== 'ladder') throw new Error('not a ladder');
      expect(r.draw.balls).toHaveLength(20);
      expect(r.draw.start).toBe(r.draw.balls![0] % 2 === 1 ? 'left' : 'right');
      expect(r.draw.lines).toBe(r.draw.balls![19] % 2 === 1 ? 3 : 4);
      expect(r.draw.finish).toBe(finishOf(r.draw.start, r.draw.lines));
    }
  });
});

describe('draws of every game', () => {
  it('are valid, replay from the same seed, and every pick returns 70–99 % over 20,000 simulated rounds', () => {
    for (const g of GAMES.values()) {
      if (g.key !== 'ntry_eos1' && g.family.family === 'powerball') continue; // same family: once is enough
      const n = 20_000;
      const won = new Map<string, number>();
      const refunded = new Map<string, number>();
      for (let i = 1; i <= n; i++) {
        const r = drawResult(g, seed, i, 'sim');
        for (const m of g.family.markets)
          for (const p of m.picks) {
            const o = outcomeOf(r, m.key, p.key);
            if (o === 'won') won.set(`${m.key}:${p.key}`, (won.get(`${m.key}:${p.key}`) ?? 0) + 1);
            if (o === 'draw') refunded.set(`${m.key}:${p.key}`, (refunded.get(`${m.key}:${p.key}`) ?? 0) + 1);
          }
      }
      for (const m of g.family.markets) {
        // Markets with many picks (roulette numbers) have too few hits per pick for a tight bound.
        const tol = m.picks.length > 10 ? 0.25 : 0.05;
        for (const p of m.picks) {
          const k = `${m.key}:${p.key}`;
          const rtp = ((won.get(k) ?? 0) * Number(p.odds) + (refunded.get(k) ?? 0)) / n;
          expect(rtp, `${g.key} ${k}`).toBeGreaterThan(0.7 - tol);
          expect(rtp, `${g.key} ${k}`).toBeLessThan(0.99 + tol);
        }
      }
      expect(drawResult(g, seed, 7, 'x')).toEqual(drawResult(g, seed, 7, 'x'));
    }
  });

  it('depends on the seed, the round number and the entropy', () => {
    const g = GAMES.get('ntry_speedkeno')!;
    const base = drawResult(g, seed, 1, 'e');
    expect(drawResult(g, 'd'.repeat(64), 1, 'e')).not.toEqual(base);
    expect(drawResult(g, seed, 2, 'e')).not.toEqual(base);
    expect(drawResult(g, seed, 1, 'f')).not.toEqual(base);
  });

  it('powerball draws five distinct balls of 1–28 and a power ball of 0–9, straight from the documented stream', () => {
    const g = GAMES.get('bepick_eos2')!;
    const r = drawResult(g, seed, 123, 'abc');
    const s = drawStream(seed, 'bepick_eos2:123:abc');
    expect(r.draw).toEqual({ family: 'powerball', balls: s.pickDistinct(5, 1, 28), power: s.int(0, 10), sum: (r.draw as { sum: number }).sum });
    if (r.draw.family !== 'powerball') throw new Error('family');
    expect(new Set(r.draw.balls).size).toBe(5);
    expect(r.draw.sum).toBe(r.draw.balls.reduce((a, b) => a + b, 0));
  });
});

describe('settlement of a selection', () => {
  it('wins the winning pick, loses the others, refunds a market without a winner', () => {
    const cock = GAMES.get('cockfight')!;
    const result = { draw: { family: 'cockfight' as const, winner: 'draw' as const }, winners: cock.family.winners({ family: 'cockfight', winner: 'draw' }) };
    expect(outcomeOf(result, 'winner', 'meron')).toBe('draw');
    expect(outcomeOf(result, 'draw', 'draw')).toBe('won');
    const meron = { draw: { family: 'cockfight' as const, winner: 'meron' as const }, winners: cock.family.winners({ family: 'cockfight', winner: 'meron' }) };
    expect(outcomeOf(meron, 'winner', 'meron')).toBe('won');
    expect(outcomeOf(meron, 'winner', 'wala')).toBe('lost');
    expect(outcomeOf(meron, 'draw', 'draw')).toBe('lost');
    const zero = GAMES.get('roulette')!.family.winners({ family: 'roulette', number: 0, color: 'green' });
    expect(zero).toMatchObject({ color: 'green', number: '0' });
    const triple = GAMES.get('bepick_marukhan')!.family.winners({ family: 'dice', dice: [4, 4, 4], sum: 12 });
    expect(triple).toEqual({ size: 'triple', sum_oe: 'triple', oe_size: 'triple', triple: 'yes' });
  });
});

describe('schedule', () => {
  it('maps a time to its slot: bets from the previous draw until closing', () => {
    const now = new Date('2026-11-22T03:00:30Z');
    const n = currentNumber(now, 60);
    const slot = slotOf(n, 60, 10);
    expect(slot.drawsAt.toISOString()).toBe('2026-11-22T03:01:00.000Z');
    expect(slot.opensAt.toISOString()).toBe('2026-11-22T03:00:00.000Z');
    expect(slot.closesAt.toISOString()).toBe('2026-11-22T03:00:50.000Z');
    expect(currentNumber(new Date('2026-11-22T03:01:00Z'), 60)).toBe(n + 1);
    expect(slotOf(n, 60, 600).closesAt).toEqual(slot.opensAt); // closing longer than the round: no betting time
  });

  it('counts rounds of the local day from 1 (midnight draw is the last of the day)', () => {
    // KST (+540): 2026-11-22 00:05 local = 2026-11-21T15:05Z
    expect(dayNumber(new Date('2026-11-21T15:05:00Z'), 300, 540)).toBe(1);
    expect(dayNumber(new Date('2026-11-21T15:10:00Z'), 300, 540)).toBe(2);
    expect(dayNumber(new Date('2026-11-22T15:00:00Z'), 300, 540)).toBe(288);
    expect(dayNumber(new Date('2026-11-22T15:01:00Z'), 60, 540)).toBe(1);
  });
});

describe('odds after settings', () => {
  it('adds the adjustment in hundredths, floors at 1.01 and caps at the highest odds', () => {
    expect(effectiveOdds('1.95', { odds_adjust: 0, highest_odds: 100 })).toBe('1.95');
    expect(effectiveOdds('1.95', { odds_adjust: -5, highest_odds: null })).toBe('1.90');
    expect(effectiveOdds('1.95', { odds_adjust: 10, highest_odds: null })).toBe('2.05');
    expect(effectiveOdds('1.05', { odds_adjust: -50, highest_odds: null })).toBe('1.01');
    expect(effectiveOdds('35.00', { odds_adjust: 0, highest_odds: 20 })).toBe('20.00');
  });
});

describe('streak chart', () => {
  it('starts a column when the result changes and skips rounds without one', () => {
    const r = (day: number, p?: string) => ({
      day_number: day,
      result: p ? { draw: { family: 'cockfight' as const, winner: 'meron' as const }, winners: { m: p } } : null,
    });
    const s = streaks([r(1, 'odd'), r(2, 'odd'), r(3, 'even'), r(4), r(5, 'even'), r(6, 'odd')], 'm');
    expect(s.columns).toEqual([
      { pick: 'odd', count: 2, day_numbers: [1, 2] },
      { pick: 'even', count: 2, day_numbers: [3, 5] },
      { pick: 'odd', count: 1, day_numbers: [6] },
    ]);
    expect(s.counts).toEqual({ odd: 3, even: 2 });
  });
});
