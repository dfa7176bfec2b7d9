import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { updateGameSettings } from '../settings/index.ts';
import * as repo from './repo.ts';
import { betListEntropy, GAMES, placeMinigameBet, runScheduler } from './service.ts';

// Meaningful on PostgreSQL (TEST_DATABASE_URL): PGlite runs one transaction at a time.
let h: Harness;
const users: bigint[] = [];
const admin = { type: 'admin' as const, id: 1n, ip: '127.0.0.1' };
const game = 'ntry_eos2' as const;
const tick = () => runScheduler(h.deps, { entropy: betListEntropy, games: [GAMES.get(game)!] });

beforeAll(async () => {
  h = await harness();
  for (const a of ['user3', 'user4', 'user5', 'user6', 'user7'])
    users.push((await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = $1`, [a])).rows[0].id);
});
afterAll(() => h?.close());

let seq = 0;
const place = (userId: bigint, roundId: bigint, market: string, pick: string, amount = 1000n) =>
  placeMinigameBet(h.deps, userId, { game, roundId, market, pick, amount, requestId: `race-${++seq}-xxxxxx` });

describe(`mini-game races on ${testEngine}`, () => {
  it('round totals are decided under the member lock: 20 concurrent bets against a 10,000 round maximum place exactly 10', async () => {
    // Started a second before the round opens: its commitment is published first (decision 049).
    h.clock.set('2026-11-22T03:59:59Z');
    await tick();
    h.clock.set('2026-11-22T04:00:00Z');
    await tick();
    const round = (await repo.currentAndLast(h.db, game, h.clock.now())).current!;
    await updateGameSettings(h.db, h.clock, admin, `minigame:${game}`, { round_max_bet: 10_000 });
    const markets = GAMES.get(game)!.family.markets;
    const picks = markets.flatMap((m) => m.picks.map((p) => [m.key, p.key] as const));
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => place(users[1], round.id, ...picks[i])));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(10);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('minigame_round_bet_max');
    const staked = await h.db.query<{ s: bigint }>(`SELECT sum(amount)::bigint AS s FROM bets WHERE user_id = $1 AND game = $2 AND round = $3`, [
      users[1],
      game,
      String(round.number),
    ]);
    expect(staked.rows[0].s).toBe(10_000n);
    await updateGameSettings(h.db, h.clock, admin, `minigame:${game}`, { round_max_bet: null });
    expect((await verifyLedger(h.db)).problems).toEqual([]);
  });

  it('closing waits for bets in flight: every bet that got in is in the entropy and settled, the rest were refused', async () => {
    const round = (await repo.currentAndLast(h.db, game, h.clock.now())).current!;
    const before = await Promise.all(users.map(async (u) => (await getBalances(h.db, u)).money));
    h.clock.set(new Date(round.closes_at.getTime() - 1));
    const bets = Array.from({ length: 60 }, (_, i) => place(users[i % users.length], round.id, 'sum_oe', i % 2 ? 'odd' : 'even', 1000n + BigInt(i)));
    // The close runs while the bets are in flight: some got past the clock check, some did not.
    const settled = Promise.allSettled(bets);
    await Promise.race(bets); // the first bet is in; the others are on their way
    h.clock.set(round.closes_at);
    const [results] = await Promise.all([settled, tick()]);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(0);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('minigame_round_closed');
    const closed = await repo.getRound(h.db, round.id);
    expect(closed.status).toBe('closed');
    // No bet slipped in after the entropy was fixed from the bet list.
    expect(await repo.betListDigest(h.db, game, String(round.number))).toBe(closed.entropy);
    h.clock.set(round.draws_at);
    await tick();
    expect((await repo.getRound(h.db, round.id)).status).toBe('settled');
    const open = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bets WHERE game = $1 AND round = $2 AND status = 'open'`, [
      game,
      String(round.number),
    ]);
    expect(open.rows[0].n).toBe(0);
    // Each member's money moved by exactly their placed stakes and winnings on this round.
    for (const [i, u] of users.entries()) {
      const r = await h.db.query<{ staked: bigint; won: bigint }>(
        `SELECT coalesce(sum(amount), 0)::bigint AS staked, coalesce(sum(win_amount), 0)::bigint AS won FROM bets WHERE user_id = $1 AND game = $2 AND round = $3`,
        [u, game, String(round.number)],
      );
      const earlier = i === 1 ? 10_000n : 0n; // user4's ten bets of the test before are on this round too
      expect((await getBalances(h.db, u)).money, `user ${u}`).toBe(before[i] - (r.rows[0].staked - earlier) + r.rows[0].won);
    }
    expect((await verifyLedger(h.db)).problems).toEqual([]);
  });
});
