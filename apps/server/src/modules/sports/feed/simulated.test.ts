import { describe, expect, it } from 'vitest';
import { SPORTS } from '@wager/contracts';
import { simulatedFeed } from './simulated.ts';
import type { FeedMessage, OddsChangeMessage } from './types.ts';

const AT = new Date('2026-11-22T03:00:00Z');
const plus = (ms: number) => new Date(AT.getTime() + ms);

async function run(seed: string, seconds: number, step = 1000) {
  const feed = simulatedFeed({ seed });
  const out: FeedMessage[] = [...(await feed.poll(null, AT))];
  for (let t = step; t <= seconds * 1000; t += step) out.push(...(await feed.poll(plus(t - step), plus(t))));
  return out;
}

describe('simulated feed', () => {
  it('replays the same messages for the same seed and clock, others for another seed', async () => {
    const a = await run('seed-a', 300);
    const b = await run('seed-a', 300);
    expect(b).toEqual(a);
    expect(a.length).toBeGreaterThan(1000);
    const c = await run('seed-b', 300);
    expect(JSON.stringify(c)).not.toEqual(JSON.stringify(a));
  });

  it('one poll over a window equals many small polls over it (restarts lose and repeat nothing)', async () => {
    const feed = simulatedFeed({ seed: 'seed-a' });
    await feed.poll(null, AT);
    const big = await feed.poll(AT, plus(300_000));
    const fresh = simulatedFeed({ seed: 'seed-a' });
    const small: FeedMessage[] = [];
    for (let t = 0; t < 300; t += 7) small.push(...(await fresh.poll(plus(t * 1000), plus(Math.min(300, t + 7) * 1000))));
    expect(small).toEqual(big);
  });

  it('has prematch and live fixtures of all 12 sports at any moment, with realistic names', async () => {
    for (const at of [AT, new Date('2026-11-23T14:37:00Z'), new Date('2027-02-01T21:10:00Z')]) {
      const snap = await simulatedFeed({ seed: 'wager-sports' }).poll(null, at);
      const fixtures = snap.filter((m) => m.kind === 'fixture');
      const live = new Set(snap.filter((m) => m.kind === 'score').map((m) => m.fixtureRef.split(':')[1]));
      for (const sport of SPORTS) {
        expect(fixtures.filter((f) => f.kind === 'fixture' && f.sport === sport).length, sport).toBeGreaterThan(10);
        if (sport !== 'ufc' && sport !== 'table_tennis' && sport !== 'hockey' && sport !== 'futsal')
          expect(live.has(sport), `${sport} live at ${at.toISOString()}`).toBe(true);
      }
      expect(live.size).toBeGreaterThanOrEqual(9);
      const f = fixtures[0];
      if (f.kind !== 'fixture') throw new Error('no fixture');
      expect(f.league.names.ko).toMatch(/\S/);
      expect(f.home.names.ko).toMatch(/\S/);
      expect(Object.keys(f.league.names).sort()).toEqual(['en', 'ja', 'ko', 'th', 'vi']);
      // spread over the next two days
      const starts = fixtures.map((x) => (x.kind === 'fixture' ? new Date(x.startsAt).getTime() - at.getTime() : 0));
      expect(Math.max(...starts)).toBeGreaterThan(40 * 3600_000);
    }
  });

  it('prices with a realistic overround, quarter lines and specials, and moves prices over time', async () => {
    const snap = await simulatedFeed({ seed: 'wager-sports' }).poll(null, AT);
    const odds = snap.filter((m): m is OddsChangeMessage => m.kind === 'odds_change');
    const preSoccer = odds.find(
      (m) => m.provider === 'primary' && m.fixtureRef.includes(':soccer:') && !snap.some((s) => s.kind === 'score' && s.fixtureRef === m.fixtureRef),
    )!;
    const kinds = new Set(preSoccer.markets.map((m) => m.kind));
    for (const k of ['1x2', 'handicap', 'over_under', 'odd_even', 'first_score', 'correct_score_band']) expect(kinds.has(k), k).toBe(true);
    expect(preSoccer.markets.some((m) => m.line !== null && Math.abs(m.line % 50) === 25)).toBe(true);
    expect(preSoccer.markets.some((m) => m.period === '1h')).toBe(true);
    const main = preSoccer.markets.find((m) => m.kind === '1x2')!;
    const book = main.outcomes.reduce((a, o) => a + 100 / (o.odds ?? 1), 0);
    expect(book).toBeGreaterThan(1.02);
    expect(book).toBeLessThan(1.1);
    const basket = odds.find((m) => m.fixtureRef.includes(':basketball:'))!;
    expect(basket.markets.map((m) => m.kind)).toEqual(expect.arrayContaining(['moneyline', 'first_3pt', 'first_free_throw']));
    for (const m of odds) for (const mk of m.markets) for (const o of mk.outcomes) if (o.odds !== null) expect(o.odds).toBeGreaterThanOrEqual(101);
    // the two providers differ
    const second = odds.find((m) => m.provider === 'secondary' && m.fixtureRef === preSoccer.fixtureRef)!;
    expect(second.markets[0].outcomes).not.toEqual(main.outcomes);
  });

  it('plays matches: scores, bet stops and starts, results, and now and then a void, cancel or rollback', async () => {
    const all = await run('wager-sports', 3 * 3600, 60_000);
    const count = (k: string) => all.filter((m) => m.kind === k).length;
    expect(count('score')).toBeGreaterThan(400);
    expect(count('bet_stop')).toBeGreaterThan(50);
    expect(count('bet_start')).toBeGreaterThan(50);
    expect(count('bet_settlement')).toBeGreaterThan(40);
    const settled = all.find((m) => m.kind === 'bet_settlement' && m.fixtureRef.includes(':soccer:'));
    if (settled?.kind !== 'bet_settlement') throw new Error('no soccer result');
    expect(settled.result.periods['1h']).toBeDefined();
    expect(['home', 'away', 'none']).toContain(settled.result.specials.first_score);
    expect(count('void') + count('bet_cancel') + count('rollback_settlement')).toBeGreaterThan(0);
  }, 120_000);
});
