import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { drawResult } from './draw.ts';
import * as repo from './repo.ts';
import { betListEntropy, GAMES, placeMinigameBet, runScheduler, type EntropySource } from './service.ts';

// Decision 019: the external entropy of a round is fixed only once betting on it has closed, so
// nobody (the operator included) knows a result while bets are taken; and any past round is
// recomputed from public data alone, here by the `npm run verify:round` command itself.

let h: Harness;
let userId: bigint;
const game = 'ntry_eos3' as const;
/** Every call of the entropy source: the round and the clock when it ran. */
const fixes: { number: number; closesAt: Date; at: Date }[] = [];
const watched: EntropySource = {
  name: betListEntropy.name,
  fix: async (sql, r) => {
    fixes.push({ number: r.number, closesAt: r.closesAt, at: h.clock.now() });
    return betListEntropy.fix(sql, r);
  },
};
const tick = () => runScheduler(h.deps, { entropy: watched, games: [GAMES.get(game)!] });
let seq = 0;
const place = (roundId: bigint, pick: string) =>
  placeMinigameBet(h.deps, userId, { game, roundId, market: 'power_oe', pick, amount: 1000n, requestId: `entropy-${++seq}-xxxxxx` });
const publicData = async (round: number) => (await h.call('/api/minigame/verify', { game, round })).json.data;

const root = path.resolve(import.meta.dirname, '../../../../..');
const run = promisify(execFile);
/** The command a player runs, against this app over HTTP; its exit code and what it printed. */
async function verifyRound(round: number, url: string) {
  try {
    const r = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/verify-round.ts', game, String(round), '--url', url], { cwd: root });
    return { code: 0, out: r.stdout };
  } catch (e) {
    const f = e as { code: number; stdout: string; stderr: string };
    return { code: f.code, out: f.stdout + f.stderr };
  }
}

beforeAll(async () => {
  h = await harness();
  userId = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user6'`)).rows[0].id;
});
afterAll(() => h?.close());

describe(`entropy and public verification on ${testEngine}`, () => {
  let number = 0;

  it('fixes the entropy once, after betting closed; before the draw nothing of the result is public', async () => {
    h.clock.set('2026-11-23T06:00:30Z');
    await tick();
    const round = (await repo.currentAndLast(h.db, game, h.clock.now())).current!;
    number = Number(round.number);
    await place(round.id, 'odd');
    await place(round.id, 'even');
    h.clock.set(new Date(round.closes_at.getTime() - 1000));
    await tick();
    expect(fixes.filter((f) => f.number === number)).toEqual([]);
    expect((await repo.getRound(h.db, round.id)).entropy).toBeNull();
    const open = await publicData(number);
    expect(open).toMatchObject({ status: 'open', seed: null, entropy: null, result: null, entropy_source: 'pending' });
    await place(round.id, 'odd'); // still taken a second before the close, so it is in the entropy

    h.clock.set(round.closes_at);
    await tick();
    await tick();
    const mine = fixes.filter((f) => f.number === number);
    expect(mine).toHaveLength(1);
    expect(mine[0].at.getTime()).toBeGreaterThanOrEqual(round.closes_at.getTime());
    const closed = await repo.getRound(h.db, round.id);
    expect(closed.status).toBe('closed');
    expect(closed.entropy).toBe(await repo.betListDigest(h.db, game, String(number)));
    await expect(place(round.id, 'even')).rejects.toMatchObject({ code: 'minigame_round_closed' });
    // Closed but not drawn: the entropy is public now, the seed and result not yet.
    expect(await publicData(number)).toMatchObject({ status: 'closed', seed: null, result: null, entropy: closed.entropy });

    h.clock.set(round.draws_at);
    await tick();
    const drawn = await repo.getRound(h.db, round.id);
    expect(drawn.status).toBe('settled');
    expect(drawn.entropy).toBe(closed.entropy);
    // The draw used that entropy: recomputed with it, the stored result comes out; with another, not.
    expect(drawResult(GAMES.get(game)!, drawn.seed!, number, closed.entropy!)).toEqual(drawn.result);
    expect(drawResult(GAMES.get(game)!, drawn.seed!, number, 'f'.repeat(64))).not.toEqual(drawn.result);
  });

  it(
    '`npm run verify:round` recomputes the past round from the public call, and reports a seed changed after the commitment',
    { timeout: 120_000 },
    async () => {
      const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
      const good = await verifyRound(number, url);
      expect(good.out).toContain(`${game} round ${number}`);
      expect(good.out.trim().split('\n').at(-1)).toBe('match');
      expect(good.code).toBe(0);

      const { seed } = (await h.db.query<{ seed: string }>(`SELECT seed FROM minigame_rounds WHERE game = $1 AND number = $2`, [game, number])).rows[0];
      await h.db.query(`UPDATE minigame_rounds SET seed = $3 WHERE game = $1 AND number = $2`, [
        game,
        number,
        seed.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      ]);
      try {
        const bad = await verifyRound(number, url);
        expect(bad.out).toMatch(/MISMATCH anchor/);
        expect(bad.out.trim().split('\n').at(-1)).toBe('mismatch');
        expect(bad.code).toBe(1);
      } finally {
        await h.db.query(`UPDATE minigame_rounds SET seed = $3 WHERE game = $1 AND number = $2`, [game, number, seed]);
      }
      expect((await verifyRound(99_999_999, url)).code).toBe(2);
    },
  );
});
