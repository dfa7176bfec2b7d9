import { describe, expect, it } from 'vitest';
import { SPORTS } from '@wager/contracts';
import { priceCapOf } from './odds-model.ts';
import { fixtureRefs, makePlan, marketsAt, stateAt, type Plan } from './sim-plan.ts';
import { simulatedFeed } from './simulated.ts';
import type { OddsChangeMessage } from './types.ts';

const DAY = Date.UTC(2026, 10, 22);
const plansOf = (sport: (typeof SPORTS)[number]) => fixtureRefs(sport, DAY, DAY + 6 * 3600_000).map((r) => makePlan('wager-sports', r.ref));
/** Every 2 minutes of each match's play (breaks included). */
function liveStates(p: Plan) {
  const out: ReturnType<typeof stateAt>[] = [];
  for (let t = p.start + 30_000; t < p.end; t += 120_000) out.push(stateAt(p, t));
  return out;
}

describe('simulated clocks and periods per sport', () => {
  it('baseball reads innings with their top or bottom half and no minute', () => {
    const states = plansOf('baseball').flatMap(liveStates);
    expect(states.length).toBeGreaterThan(50);
    for (const s of states) {
      expect(s.score.period).toMatch(/^i\d{1,2}[tb]$/);
      expect(s.score.minute).toBeNull();
    }
    expect(states.some((s) => s.score.period?.endsWith('t'))).toBe(true);
    expect(states.some((s) => s.score.period?.endsWith('b'))).toBe(true);
  });

  it('sets and maps carry no minute; quarters, periods and rounds count the minute of the period', () => {
    const expectations: [(typeof SPORTS)[number], RegExp, number | null][] = [
      ['tennis', /^(set\d|break)$/, null],
      ['volleyball', /^(set\d|break)$/, null],
      ['table_tennis', /^(set\d|break)$/, null],
      ['esports', /^(map\d|break)$/, null],
      ['basketball', /^(q\d|break)$/, 12],
      ['american_football', /^(q\d|break)$/, 15],
      ['hockey', /^(p\d|break)$/, 20],
      ['ufc', /^(r\d|break)$/, 8],
      ['soccer', /^(1h|2h|ht)$/, 90],
    ];
    for (const [sport, period, most] of expectations) {
      const states = plansOf(sport).flatMap(liveStates);
      expect(states.length, sport).toBeGreaterThan(10);
      for (const s of states) {
        expect(s.score.period, sport).toMatch(period);
        if (most === null) expect(s.score.minute, sport).toBeNull();
        else if (s.score.minute !== null) expect(s.score.minute, sport).toBeLessThanOrEqual(most);
      }
      if (most !== null && sport !== 'soccer')
        expect(
          states.some((s) => s.score.minute !== null && s.score.minute > 0),
          sport,
        ).toBe(true);
    }
    // Soccer keeps the match minute: the second half counts on from 46.
    expect(
      plansOf('soccer')
        .flatMap(liveStates)
        .some((s) => s.score.period === '2h' && (s.score.minute ?? 0) > 45),
    ).toBe(true);
  });
});

describe('simulated live prices', () => {
  it('move fixture by fixture through the minute, not in one burst (no 6 s window holds over 30 % of a minute)', async () => {
    const feed = simulatedFeed({ seed: 'wager-sports' });
    const at = Date.UTC(2026, 10, 22, 3, 0, 0);
    await feed.poll(null, new Date(at));
    const perSecond = new Map<number, number>();
    for (let s = 1; s <= 600; s++) {
      for (const m of await feed.poll(new Date(at + (s - 1) * 1000), new Date(at + s * 1000))) {
        if (m.kind !== 'odds_change' || m.provider !== 'primary') continue;
        const p = feed.plan(m.fixtureRef);
        const t = Date.parse((m as OddsChangeMessage).at);
        if (t > p.start && t < p.end) perSecond.set(s, (perSecond.get(s) ?? 0) + 1);
      }
    }
    let total = 0;
    for (let minute = 0; minute < 10; minute++) {
      const counts = Array.from({ length: 60 }, (_, i) => perSecond.get(minute * 60 + i + 1) ?? 0);
      const sum = counts.reduce((a, b) => a + b, 0);
      total += sum;
      let worst = 0;
      for (let i = 0; i + 6 <= 60; i++)
        worst = Math.max(
          worst,
          counts.slice(i, i + 6).reduce((a, b) => a + b, 0),
        );
      expect(sum, `minute ${minute}`).toBeGreaterThan(20);
      expect(worst / sum, `minute ${minute}: ${worst} of ${sum} in 6 s`).toBeLessThanOrEqual(0.3);
    }
    // About one repricing a minute per live fixture (30-45 live at once).
    expect(total).toBeGreaterThan(200);
  });

  it('are capped per market kind: long shots of a correct score and a result market go past 50.00', () => {
    let highest: Record<string, number> = {};
    for (const sport of ['soccer', 'hockey'] as const)
      for (const p of plansOf(sport))
        for (let t = p.start; t < p.end; t += 5 * 60_000)
          for (const m of marketsAt(p, t, 'primary'))
            for (const o of m.outcomes)
              if (o.odds !== null) {
                expect(o.odds, m.kind).toBeLessThanOrEqual(priceCapOf(m.kind));
                highest = { ...highest, [m.kind]: Math.max(highest[m.kind] ?? 0, o.odds) };
              }
    expect(highest.correct_score_band).toBeGreaterThan(5000);
    expect(highest['1x2']).toBeGreaterThan(5000);
    expect(priceCapOf('correct_score_band')).toBeGreaterThan(priceCapOf('over_under'));
  });
});
