import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPORTS } from '@wager/contracts';
import { harness, type Harness } from '../../test/app.ts';
import { feedJob } from './feed/job.ts';
import { simulatedFeed } from './feed/simulated.ts';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await harness();
  token = await h.login('user', 'user1');
}, 60_000);
afterAll(async () => h?.close());

const count = async (sql: string, params: unknown[] = []) => Number((await h.db.query<{ n: number }>(sql, params)).rows[0].n);

describe('feed job on the simulated feed', () => {
  it('fills an empty database with prematch and live games of every sport on its first run', async () => {
    const t0 = performance.now();
    await feedJob(h.deps, simulatedFeed({ seed: 'wager-sports' })).run();
    const ms = performance.now() - t0;
    expect(ms).toBeLessThan(30_000);
    const bySport = await h.db.query<{ sport: string; pre: number; live: number }>(
      `SELECT sport, count(*) FILTER (WHERE status = 'release')::int AS pre, count(*) FILTER (WHERE status = 'progress')::int AS live FROM fixtures GROUP BY sport`,
    );
    expect(bySport.rows.map((r) => r.sport).sort()).toEqual([...SPORTS].sort());
    for (const r of bySport.rows) expect(r.pre, r.sport).toBeGreaterThan(5);
    expect(bySport.rows.filter((r) => r.live > 0).length).toBeGreaterThanOrEqual(9);
    expect(await count(`SELECT count(*)::int AS n FROM outcomes WHERE primary_odds IS NOT NULL AND secondary_odds IS NOT NULL AND active`)).toBeGreaterThan(
      1000,
    );
    expect(await count(`SELECT count(*)::int AS n FROM sports`)).toBe(12);

    const sports = await h.call('/api/user/sports/sports', { board: 'europe' }, { token });
    expect(sports.status).toBe(200);
    for (const s of sports.json.data.sports) expect(s.count, s.code).toBeGreaterThan(0);
    expect(sports.json.data.sports.find((s: any) => s.code === 'soccer').name).toBe('축구');
    const inplay = await h.call('/api/user/sports/sports', { board: 'inplay' }, { token });
    expect(inplay.json.data.sports.filter((s: any) => s.count > 0).length).toBeGreaterThanOrEqual(9);
  }, 60_000);

  it('continues after a restart from its cursor: no duplicates, no second snapshot', async () => {
    const fixtures = await count(`SELECT count(*)::int AS n FROM fixtures`);
    const logged = await count(`SELECT count(*)::int AS n FROM feed_messages`);
    h.clock.advance(5_000);
    const restarted = feedJob(h.deps, simulatedFeed({ seed: 'wager-sports' }));
    await restarted.run();
    const added = (await count(`SELECT count(*)::int AS n FROM feed_messages`)) - logged;
    // five seconds of feed, not another snapshot of every fixture
    expect(added).toBeLessThan(200);
    expect(await count(`SELECT count(*)::int AS n FROM fixtures`)).toBeGreaterThanOrEqual(fixtures);
    expect(await count(`SELECT count(*)::int AS n FROM (SELECT feed_ref FROM fixtures GROUP BY feed_ref HAVING count(*) > 1) d`)).toBe(0);
    // a few minutes of play move prices and scores
    for (let i = 0; i < 12; i++) {
      h.clock.advance(15_000);
      await restarted.run();
    }
    expect(await count(`SELECT count(*)::int AS n FROM feed_messages WHERE kind = 'score'`)).toBeGreaterThan(10);

    // a clock set back (browser tests) restarts from a snapshot instead of stalling
    h.clock.advance(-3 * 3600_000);
    await restarted.run();
    const cursor = await h.db.query<{ polled_to: Date }>(`SELECT polled_to FROM feed_cursors WHERE feed = 'simulated'`);
    expect(cursor.rows[0].polled_to.getTime()).toBe(h.clock.now().getTime());
  }, 60_000);
});
