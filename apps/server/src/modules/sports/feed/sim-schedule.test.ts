import { describe, expect, it } from 'vitest';
import { SPORTS } from '@wager/contracts';
import { fixtureRefs, makePlan } from './sim-plan.ts';

describe('simulated calendar', () => {
  it('never has a team in two matches at once (two days of every sport, three seeds)', () => {
    for (const seed of ['wager-sports', 'seed-a', 'seed-b'])
      for (const sport of SPORTS) {
        const plans = fixtureRefs(sport, Date.UTC(2026, 10, 22), Date.UTC(2026, 10, 24)).map((r) => makePlan(seed, r.ref));
        const byTeam = new Map<string, { ref: string; start: number; end: number }[]>();
        for (const p of plans)
          for (const side of [p.home, p.away]) {
            const key = `${p.league.ref}:${side}`;
            const list = byTeam.get(key) ?? [];
            list.push({ ref: p.ref, start: p.start, end: p.end });
            byTeam.set(key, list);
          }
        const clashes: string[] = [];
        for (const [team, list] of byTeam) {
          list.sort((a, b) => a.start - b.start);
          for (let i = 1; i < list.length; i++) if (list[i].start < list[i - 1].end) clashes.push(`${team}: ${list[i - 1].ref} / ${list[i].ref}`);
        }
        expect(clashes, `${seed} ${sport}`).toEqual([]);
        // Still a full calendar: every team plays, and the sport is live most of the day.
        expect(byTeam.size, sport).toBeGreaterThanOrEqual(6);
      }
  });
});
