import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsText } from '../../platform/metrics.ts';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { betListEntropy, GAMES, runScheduler } from './service.ts';

// Issue 21 metrics: the scheduler counts each round it draws, once, after the draw commits.
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());

/** The value of one series in the exposition text (0 when the series does not exist yet). */
async function value(series: string) {
  const text = (await metricsText()).body;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe(`draw metrics on ${testEngine}`, () => {
  it('a mini-game draw counts once per round drawn', async () => {
    const g = GAMES.get('ntry_eos2')!;
    const series = `minigame_draws_total{game="${g.key}"}`;
    const drawn = async () =>
      (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM minigame_rounds WHERE game = $1 AND drawn_at IS NOT NULL', [g.key])).rows[0].n;
    const tick = () => runScheduler(h.deps, { entropy: betListEntropy, games: [g] });
    await tick();
    const before = { metric: await value(series), drawn: await drawn() };
    h.clock.advance(3 * g.intervalSeconds * 1000);
    await tick();
    await tick(); // a second pass over the same rounds draws nothing again
    const made = (await drawn()) - before.drawn;
    expect(made).toBeGreaterThan(0);
    expect(await value(series)).toBe(before.metric + made);
  });
});
