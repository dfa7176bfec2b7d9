import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { chainedEntropy, GAMES, jobs, runScheduler } from './service.ts';

// Decision 049: every commitment is published before the first round it covers opens, at the
// scheduler's start on an empty database and while it runs (chains are published ahead, never at
// a round's opening), and after a downtime longer than a chain.

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());

type Row = { game: string; number: bigint; opens_at: Date; published_at: Date };
/** Every round with the publication time of the chain its seed comes from. */
const roundsWithChains = async () =>
  (
    await h.db.query<Row>(
      `SELECT r.game, r.number, r.opens_at, c.published_at FROM minigame_rounds r JOIN minigame_chains c ON c.id = r.chain_id ORDER BY r.game, r.number`,
    )
  ).rows;
const late = (rows: Row[]) => rows.filter((r) => r.published_at >= r.opens_at).map((r) => `${r.game} ${r.number}`);

describe(`seed-chain commitments on ${testEngine}`, () => {
  it("the scheduler started mid-slot on an empty database publishes every game's first chain before its first round opens", async () => {
    expect((await h.db.query(`SELECT 1 FROM minigame_rounds`)).rows).toHaveLength(0);
    h.clock.set('2026-11-23T06:00:30Z');
    const job = jobs(h.deps)[0];
    await job.run();
    for (const g of GAMES.values()) {
      const chain = (
        await h.db.query<{ published_at: Date }>(`SELECT published_at FROM minigame_chains WHERE game = $1 ORDER BY first_number LIMIT 1`, [g.key])
      ).rows[0];
      const round = (await h.db.query<{ opens_at: Date }>(`SELECT opens_at FROM minigame_rounds WHERE game = $1 ORDER BY number LIMIT 1`, [g.key])).rows[0];
      expect(chain, g.key).toBeDefined();
      expect(round, g.key).toBeDefined();
      expect(chain.published_at.getTime(), g.key).toBeLessThan(round.opens_at.getTime());
    }

    // Ten minutes of running: every round made meanwhile has a commitment older than its opening.
    for (let i = 1; i <= 20; i++) {
      h.clock.set(new Date(Date.parse('2026-11-23T06:00:30Z') + i * 30_000));
      await job.run();
    }
    const rows = await roundsWithChains();
    expect(rows.length).toBeGreaterThan(GAMES.size * 2);
    expect(late(rows)).toEqual([]);
  });

  it('after a downtime longer than a chain, no round is made under a chain published after it opened', { timeout: 120_000 }, async () => {
    const g = GAMES.get('ntry_speedkeno')!; // 5-minute rounds: a chain of 288 covers one day
    h.clock.set('2026-11-25T06:02:10Z');
    await runScheduler(h.deps, { entropy: chainedEntropy, games: [g] });
    const rows = (await roundsWithChains()).filter((r) => r.game === g.key);
    expect(late(rows)).toEqual([]);
    // The rounds the first chain covered were drawn late; the ones after it are a gap; the newest
    // round is the next slot, opening after its chain was published now.
    const newest = rows.at(-1)!;
    expect(newest.published_at.getTime()).toBe(h.clock.now().getTime());
    expect(newest.opens_at.getTime()).toBeGreaterThan(h.clock.now().getTime());
    const chains = (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM minigame_chains WHERE game = $1`, [g.key])).rows[0].n;
    expect(chains).toBe(2);
  });
});
