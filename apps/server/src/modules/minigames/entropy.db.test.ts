import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { drawResult } from './draw.ts';
import * as repo from './repo.ts';
import { slotOf } from './schedule.ts';
import {
  CHAINED_ENTROPY,
  chainedEntropy,
  chainedEntropyOf,
  betListEntropy,
  GAMES,
  jobs,
  placeMinigameBet,
  runScheduler,
  type EntropySource,
} from './service.ts';

// Decisions 019 and 049: the external entropy of a round is fixed only once betting on it has
// closed, so nobody (the operator included) knows a result while bets are taken; it chains the
// previous round's entropy, the close time and the bet list, so a round nobody bet on is no
// constant; and any past round, of either recipe, is recomputed from public data alone, here by
// the `npm run verify:round` command itself.

let h: Harness;
let userId: bigint;
const game = 'ntry_eos3' as const;
/** Every call of the entropy source: the round and the clock when it ran. */
const fixes: { number: number; closesAt: Date; at: Date }[] = [];
const watched: EntropySource = {
  name: chainedEntropy.name,
  fix: async (sql, r) => {
    fixes.push({ number: r.number, closesAt: r.closesAt, at: h.clock.now() });
    return chainedEntropy.fix(sql, r);
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

let url: string | undefined;
const listening = async () => (url ??= await h.app.listen({ port: 0, host: '127.0.0.1' }));

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
    // Started mid-slot: the first round is the next one, taking bets from its opening (decision 049).
    const round = (await repo.currentAndLast(h.db, game, h.clock.now())).current!;
    number = Number(round.number);
    expect(round.opens_at.getTime()).toBeGreaterThan(h.clock.now().getTime());
    await expect(place(round.id, 'odd')).rejects.toMatchObject({ code: 'minigame_round_not_open' });
    h.clock.set(round.opens_at);
    await tick();
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
    // The chained recipe over public inputs: the chain's anchor (no round before this one), the
    // close time, and the three bets as `id:stake:market:pick`.
    const inputs = (await publicData(number)).entropy_inputs;
    const ids = (await h.db.query<{ id: bigint }>(`SELECT id FROM bets WHERE game = $1 AND round = $2 ORDER BY id`, [game, String(number)])).rows;
    expect(inputs).toEqual({
      previous: (await publicData(number)).chain.anchor,
      previous_from: 'anchor',
      closes_at: round.closes_at.toISOString(),
      bets: ids.map((b, i) => `${b.id}:1000:power_oe:${['odd', 'even', 'odd'][i]}`),
    });
    expect(closed.entropy_source).toBe(CHAINED_ENTROPY);
    expect(closed.entropy).toBe(chainedEntropyOf(inputs));
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
      const url = await listening();
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
  it("the live job's default source: rounds nobody bet on each get their own entropy, chained to the round before", async () => {
    const job = jobs(h.deps)[0];
    const start = number + 1;
    const entropies: string[] = [];
    for (let n = start; n < start + 3; n++) {
      h.clock.set(slotOf(n, GAMES.get(game)!.intervalSeconds, 0).drawsAt);
      await job.run();
    }
    for (let n = start; n < start + 3; n++) {
      const v = await publicData(n);
      expect(v).toMatchObject({ status: 'settled', entropy_source: CHAINED_ENTROPY });
      const row = await repo.roundByNumber(h.db, game, n);
      expect(v.entropy_inputs).toEqual({
        bets: [],
        previous_from: 'round',
        previous: (await publicData(n - 1)).entropy,
        closes_at: row.closes_at.toISOString(),
      });
      expect(v.entropy).toBe(chainedEntropyOf(v.entropy_inputs));
      entropies.push(v.entropy);
    }
    // The old recipe gave every empty round sha256(''): now no two rounds share a value.
    expect(new Set(entropies).size).toBe(3);
    expect(entropies).not.toContain('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it(
    'a round closed under the first recipe (bet-list-sha256) still verifies, and the next chained round hashes its entropy',
    { timeout: 120_000 },
    async () => {
      const last = (await repo.lastNumber(h.db, game))!;
      const old = await repo.roundByNumber(h.db, game, last);
      h.clock.set(old.draws_at);
      await runScheduler(h.deps, { entropy: betListEntropy, games: [GAMES.get(game)!] });
      const oldData = await publicData(last);
      expect(oldData).toMatchObject({ status: 'settled', entropy_source: 'bet-list-sha256', entropy_inputs: null });
      const next = await repo.roundByNumber(h.db, game, last + 1);
      h.clock.set(next.draws_at);
      await tick();
      const nextData = await publicData(last + 1);
      expect(nextData.entropy_inputs.previous).toBe(oldData.entropy);
      const url = await listening();
      try {
        const a = await verifyRound(last, url);
        expect(a.out).toContain('entropy bet-list-sha256');
        expect(a.out).not.toMatch(/ entropy:/);
        expect(a.out.trim().split('\n').at(-1)).toBe('match');
        const b = await verifyRound(last + 1, url);
        expect(b.out).toMatch(/ok {7}entropy: /);
        expect(b.out.trim().split('\n').at(-1)).toBe('match');
        // A stored entropy that is not the recipe's answer is reported.
        await h.db.query(`UPDATE minigame_rounds SET entropy = $3 WHERE game = $1 AND number = $2`, [game, last + 1, 'f'.repeat(64)]);
        const bad = await verifyRound(last + 1, url);
        expect(bad.out).toMatch(/MISMATCH entropy/);
        expect(bad.code).toBe(1);
      } finally {
        await h.db.query(`UPDATE minigame_rounds SET entropy = $3 WHERE game = $1 AND number = $2`, [game, last + 1, nextData.entropy]);
      }
    },
  );
});
