import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MinigameKey } from '@wager/contracts';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { updateGameSettings } from '../settings/index.ts';
import { betListEntropy, checkVerification, GAMES, runScheduler } from './service.ts';
import { hashSeed } from '../../platform/fair.ts';
import { crashWhenSettling } from '../../test/crash.ts';
import { currentNumber, slotOf } from './schedule.ts';

let h: Harness;
let token: string;
let uid: bigint;
const admin = { type: 'admin' as const, id: 1n, ip: '127.0.0.1' };

beforeAll(async () => {
  h = await harness();
  token = await h.login('user', 'user4');
  uid = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user4'`)).rows[0].id;
});
afterAll(() => h?.close());

const tick = (...keys: MinigameKey[]) => runScheduler(h.deps, { entropy: betListEntropy, games: keys.map((k) => GAMES.get(k)!) });
const money = async () => (await getBalances(h.db, uid)).money;
const ledgerOk = async () => expect((await verifyLedger(h.db)).problems).toEqual([]);
let seq = 0;
const bet = (game: MinigameKey, round_id: number, market: string, pick: string, amount: number | string = 1000, extra: object = {}, t = token) =>
  h.call('/api/user/minigame/bet', { game, round_id, market, pick, amount, request_id: `mg-req-${++seq}`, ...extra }, { token: t });
const current = async (game: MinigameKey) => (await h.call('/api/user/minigame/round', { game }, { token })).json.data;
/**
 * Starts a game's scheduler a second before the round taking bets at `time` opens, so that round
 * is the game's first and its commitment was published before it opened (decision 049).
 */
const startBefore = async (game: MinigameKey, time: string) => {
  const g = GAMES.get(game)!;
  const opens = slotOf(currentNumber(new Date(time), g.intervalSeconds), g.intervalSeconds, 0).opensAt;
  const now = h.clock.now();
  h.clock.set(new Date(opens.getTime() - 1000));
  await tick(game);
  h.clock.set(now);
};
/** Moves the clock; a fresh session, since a test's half hour would expire the old one. */
const at = async (time: string) => {
  h.clock.set(time);
  token = await h.login('user', 'user4');
};
const rounds = (game: string) =>
  h.db.query<{ number: bigint; status: string }>(`SELECT number, status FROM minigame_rounds WHERE game = $1 ORDER BY number`, [game]).then((r) => r.rows);

describe(`mini games on ${testEngine}`, () => {
  it('lists every game with its markets, odds and the member limits; the round call gives the countdown times', async () => {
    const r = await h.call('/api/user/minigame/games', {}, { token });
    expect(r.status).toBe(200);
    expect(r.json.data.games).toHaveLength(GAMES.size);
    const eos1 = r.json.data.games.find((g: { key: string }) => g.key === 'ntry_eos1');
    expect(eos1).toMatchObject({
      board: 'ntry',
      family: 'powerball',
      interval_seconds: 60,
      closing_seconds: 10,
      limits: { min_bet: '1000', max_bet: '4000000' },
    });
    expect(eos1.markets.find((m: { key: string }) => m.key === 'power_oe')).toEqual({
      key: 'power_oe',
      kind: 'single',
      picks: [
        { key: 'odd', odds: '1.95' },
        { key: 'even', odds: '1.95' },
      ],
    });
    expect((await h.call('/api/user/minigame/games', {})).status).toBe(401);

    await startBefore('ntry_eos1', '2026-11-22T03:00:00Z');
    await tick('ntry_eos1');
    const c = await current('ntry_eos1');
    expect(c.server_time).toBe('2026-11-22T03:00:00.000Z');
    expect(c.current).toMatchObject({
      status: 'open',
      opens_at: '2026-11-22T03:00:00.000Z',
      closes_at: '2026-11-22T03:00:50.000Z',
      draws_at: '2026-11-22T03:01:00.000Z',
      result: null,
    });
    expect(c.current.day_number).toBe(12 * 60 + 1); // 12:01 KST
  });

  it('keeps its settings under the admin game-settings calls, one key per game, seeded with mini-game closing times', async () => {
    const adminToken = await h.login('admin', 'admin');
    const list = (await h.call('/api/admin/game-settings/list', {}, { token: adminToken })).json.data.games;
    for (const key of GAMES.keys()) expect(list.map((g: { game: string }) => g.game)).toContain(`minigame:${key}`);
    const got = await h.call('/api/admin/game-settings/get', { game: 'minigame:bepick_marukhan' }, { token: adminToken });
    expect(got.json.data.settings).toMatchObject({ closing_seconds: 15, cancel_seconds: 25, cancel_minutes: 5 });
    const upd = await h.call('/api/admin/game-settings/update', { game: 'minigame:roulette', settings: { odds_adjust: -5 } }, { token: adminToken });
    expect(upd.status).toBe(200);
    const roulette = (await h.call('/api/user/minigame/games', { game: 'roulette' }, { token })).json.data.games[0];
    expect(roulette.markets.find((m: { key: string }) => m.key === 'color').picks[0].odds).toBe('1.90');
  });

  it('settles every Powerball market: one winning pick per market, read from the drawn balls, paid exactly once', async () => {
    const game = 'ntry_eos1';
    const { current: round } = await current(game);
    const before = await money();
    const eos1 = GAMES.get(game)!;
    const placed: { id: number; market: string; pick: string; odds: string }[] = [];
    for (const m of eos1.family.markets)
      for (const p of m.picks) {
        const r = await bet(game, round.id, m.key, p.key, 1000);
        expect(r.status, JSON.stringify(r.json)).toBe(200);
        expect(r.json.data.bet).toMatchObject({ game_type: 'minigame', game, round: String(round.number), bet_type: m.kind, amount: '1000', status: 'open' });
        placed.push({ id: r.json.data.bet.id, market: m.key, pick: p.key, odds: p.odds });
      }
    expect(placed).toHaveLength(29);
    expect(await money()).toBe(before - 29_000n);

    await at('2026-11-22T03:00:50Z');
    expect((await bet(game, round.id, 'power_oe', 'odd')).json.error.code).toBe('minigame_round_closed');
    await tick(game);
    expect((await h.call('/api/minigame/verify', { game, round: round.number })).json.data).toMatchObject({ status: 'closed', seed: null, result: null });
    await at('2026-11-22T03:01:00Z');
    await tick(game);

    const v = (await h.call('/api/minigame/verify', { game, round: round.number })).json.data;
    expect(v.status).toBe('settled');
    const { balls, power } = v.result.draw;
    const sum = balls.reduce((a: number, b: number) => a + b, 0);
    const oe = (n: number) => (n % 2 ? 'odd' : 'even');
    const expected: Record<string, string> = {
      power_oe: oe(power),
      power_uo: power < 5 ? 'under' : 'over',
      sum_oe: oe(sum),
      sum_uo: sum < 73 ? 'under' : 'over',
      sum_size: sum < 65 ? 'small' : sum < 81 ? 'medium' : 'large',
    };
    expected.power_oe_uo = `${expected.power_oe}_${expected.power_uo}`;
    expected.sum_oe_uo = `${expected.sum_oe}_${expected.sum_uo}`;
    expected.sum_oe_size = `${expected.sum_oe}_${expected.sum_size}`;
    expected.sum_power_oe = `${expected.sum_oe}_${expected.power_oe}`;

    const mine = (await h.call('/api/user/minigame/myBets', { game, round_id: round.id }, { token })).json.data;
    expect(mine.total).toBe(29);
    let paid = 0n;
    for (const p of placed) {
      const b = mine.bets.find((x: { id: number }) => x.id === p.id) ?? (await h.call('/api/user/bet/detail', { id: p.id }, { token })).json.data.bet;
      const shouldWin = expected[p.market] === p.pick;
      expect(b.status, `${p.market}:${p.pick}`).toBe(shouldWin ? 'won' : 'lost');
      if (shouldWin) {
        expect(b.win_amount).toBe(String((1000n * BigInt(p.odds.replace('.', ''))) / 100n));
        paid += BigInt(b.win_amount);
      }
    }
    expect(Object.keys(expected).every((m) => placed.some((p) => p.market === m && p.pick === expected[m]))).toBe(true);
    expect(await money()).toBe(before - 29_000n + paid);
    const counts = await h.db.query<{ settle_count: number }>(`SELECT settle_count FROM bets WHERE game = $1`, [game]);
    expect(counts.rows.length).toBeGreaterThanOrEqual(29);
    expect(counts.rows.every((r) => r.settle_count === 1)).toBe(true);
    await tick(game); // another pass pays nothing more
    expect(await money()).toBe(before - 29_000n + paid);
    await ledgerOk();
  });

  it('settles every ladder market against the drawn start and lines', async () => {
    const game = 'ntry_powerladder';
    await startBefore(game, '2026-11-22T03:05:00Z');
    await at('2026-11-22T03:05:00Z');
    await tick(game);
    const { current: round } = await current(game);
    expect(round.draws_at).toBe('2026-11-22T03:10:00.000Z');
    const placed: { id: number; market: string; pick: string }[] = [];
    for (const m of GAMES.get(game)!.family.markets)
      for (const p of m.picks) placed.push({ id: (await bet(game, round.id, m.key, p.key, 2000)).json.data.bet.id, market: m.key, pick: p.key });
    await at('2026-11-22T03:10:00Z');
    await tick(game);
    const { last } = await current(game);
    expect(last.number).toBe(round.number);
    const { start, lines, finish } = last.result.draw;
    expect(finish).toBe((start === 'left') === (lines === 3) ? 'even' : 'odd');
    const expected: Record<string, string> = { start, lines: `line${lines}`, finish, combo: `${start}${lines}${finish}` };
    for (const p of placed) {
      const b = (await h.call('/api/user/bet/detail', { id: p.id }, { token })).json.data.bet;
      expect(b.status, `${p.market}:${p.pick}`).toBe(expected[p.market] === p.pick ? 'won' : 'lost');
    }
    expect(placed.filter((p) => expected[p.market] === p.pick)).toHaveLength(4);
    await ledgerOk();
  });

  it('survives a restart mid-round: missed rounds are made, drawn and settled once, none skipped or repeated', async () => {
    const game = 'bepick_eos2';
    await startBefore(game, '2026-11-22T03:20:10Z');
    await at('2026-11-22T03:20:10Z');
    await tick(game);
    const { current: round } = await current(game);
    expect(round.draws_at).toBe('2026-11-22T03:22:00.000Z');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await bet(game, round.id, 'sum_oe', i % 2 ? 'odd' : 'even', 1000)).json.data.bet.id);
    const before = await money();
    // The server stops; it comes back 7½ minutes later (the draws of 03:22, 03:24 and 03:26 passed).
    await at('2026-11-22T03:27:40Z');
    // The first pass after the restart fails while settling (a crash between batches): the
    // database refuses to settle the third bet.
    const heal = await crashWhenSettling(h.db, BigInt(ids[2]));
    try {
      await expect(runScheduler(h.deps, { entropy: betListEntropy, games: [GAMES.get(game)!], batch: 2 })).rejects.toThrow('crash while settling');
    } finally {
      await heal();
    }
    const settledEarly = await h.db.query(`SELECT count(*)::int AS n FROM bets WHERE game = $1 AND status <> 'open'`, [game]);
    expect(settledEarly.rows[0].n).toBe(2); // the first batch committed, the second rolled back
    await runScheduler(h.deps, { entropy: betListEntropy, games: [GAMES.get(game)!], batch: 2 });
    await tick(game);
    const all = await rounds(game);
    const numbers = all.map((r) => Number(r.number));
    expect(numbers).toEqual([round.number, round.number + 1, round.number + 2, round.number + 3]);
    expect(all.map((r) => r.status)).toEqual(['settled', 'settled', 'settled', 'open']);
    const bets = await h.db.query<{ status: string; settle_count: number; win_amount: bigint }>(
      `SELECT status, settle_count, win_amount FROM bets WHERE game = $1`,
      [game],
    );
    expect(bets.rows.map((b) => b.settle_count)).toEqual([1, 1, 1, 1, 1]);
    const wins = bets.rows.reduce((a, b) => a + b.win_amount, 0n);
    expect(await money()).toBe(before + wins);
    // the chain index runs on without a gap
    const idx = await h.db.query<{ chain_index: number }>(`SELECT chain_index FROM minigame_rounds WHERE game = $1 ORDER BY number`, [game]);
    const first = idx.rows[0].chain_index;
    expect(idx.rows.map((r) => r.chain_index)).toEqual([first, first + 1, first + 2, first + 3]);
    await ledgerOk();
  });

  it('verifies a past round from public data, and detects a seed changed after the commitment', async () => {
    const game = 'bepick_eos2';
    const hist = (await h.call('/api/user/minigame/history', { game }, { token })).json.data;
    expect(hist.total).toBe(3);
    const past = hist.rounds[1];
    const v = (await h.call('/api/minigame/verify', { game, round: past.number })).json.data; // no login
    expect(v.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(v.entropy_source).toBe('bet-list-sha256');
    expect(v.result).toEqual(past.result);
    const report = checkVerification(v);
    expect(report.checks.map((c) => [c.name, c.ok])).toEqual([
      ['algorithm', true],
      ['anchor', true],
      ['link', true],
      ['result', true],
    ]);
    const chains = (await h.call('/api/minigame/commitments', { game })).json.data.chains;
    expect(chains.map((c: { anchor: string }) => c.anchor)).toContain(v.chain.anchor);

    // A forged seed fails the chain even when its result would be "consistent"
    expect(checkVerification({ ...v, seed: hashSeed(v.seed) }).ok).toBe(false);
    expect(checkVerification({ ...v, entropy: 'other' }).checks.find((c) => c.name === 'result')!.ok).toBe(false);
    // The operator rewrites a stored seed after the commitment: the public data no longer verifies.
    await h.db.query(`UPDATE minigame_rounds SET seed = $3 WHERE game = $1 AND number = $2`, [game, past.number, 'f'.repeat(64)]);
    const forged = (await h.call('/api/minigame/verify', { game, round: past.number })).json.data;
    const bad = checkVerification(forged);
    expect(bad.ok).toBe(false);
    expect(bad.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['anchor', 'link', 'result']);
    await h.db.query(`UPDATE minigame_rounds SET seed = $3 WHERE game = $1 AND number = $2`, [game, past.number, v.seed]);
    expect((await h.call('/api/minigame/verify', { game, round: 1 })).json.error.code).toBe('minigame_round_not_found');
  });

  it('shows history pages and streak columns', async () => {
    const game = 'bepick_eos2';
    const page = (await h.call('/api/user/minigame/history', { game, skip: 1, limit: 2 }, { token })).json.data;
    expect(page.rounds).toHaveLength(2);
    expect(page.rounds[0].number).toBeGreaterThan(page.rounds[1].number);
    const stats = (await h.call('/api/user/minigame/stats', { game, rounds: 10 }, { token })).json.data;
    expect(stats.rounds).toBe(3);
    const oe = stats.markets.find((m: { market: string }) => m.market === 'sum_oe');
    expect(oe.columns.reduce((a: number, c: { count: number }) => a + c.count, 0)).toBe(3);
    expect(Object.values(oe.counts).reduce((a: number, b) => a + (b as number), 0)).toBe(3);
  });

  it('applies the game and level limits, round totals, duplicates and odds changes; replays a request id', async () => {
    const game = 'ntry_eos3';
    await startBefore(game, '2026-11-22T03:30:00Z');
    await at('2026-11-22T03:30:00Z');
    await tick(game);
    const { current: round } = await current(game);
    const code = async (p: Promise<{ json: { error?: { code: string } } }>) => (await p).json.error?.code;
    expect(await code(bet(game, round.id, 'power_oe', 'third'))).toBe('minigame_pick_unknown');
    expect(await code(bet(game, round.id, 'power_oe', 'odd', 999))).toBe('minigame_bet_min');
    expect(await code(bet(game, round.id, 'power_oe', 'odd', 'abc'))).toBe('invalid_amount');
    expect(await code(bet(game, 999_999, 'power_oe', 'odd'))).toBe('minigame_round_not_found');
    expect(await code(bet('ntry_eos1', round.id, 'power_oe', 'odd'))).toBe('minigame_round_not_found');
    expect(await code(bet(game, round.id, 'power_oe', 'odd', 1000, { odds: '1.90' }))).toBe('odds_changed');
    await updateGameSettings(h.db, h.clock, admin, `minigame:${game}`, {
      levels: { '4': { allowed: true, min_bet: 1000, max_bet: 50_000, max_win: 80_000, single_max: 30_000 } },
    });
    expect(await code(bet(game, round.id, 'power_oe_uo', 'odd_under', 50_001))).toBe('minigame_bet_max');
    expect(await code(bet(game, round.id, 'power_oe', 'odd', 30_001))).toBe('minigame_single_max');
    expect(await code(bet(game, round.id, 'power_oe_uo', 'odd_under', 20_000))).toBe('minigame_win_max'); // 92,000 > 80,000
    await updateGameSettings(h.db, h.clock, admin, `minigame:${game}`, { round_max_bet: 5000, round_max_win: 9_000, duplicate_betting: false });
    const first = await bet(game, round.id, 'sum_oe', 'odd', 3000);
    expect(first.status).toBe(200);
    // the same request id again answers with the first bet, even once the rules would refuse it
    const replay = await h.call(
      '/api/user/minigame/bet',
      { game, round_id: round.id, market: 'sum_oe', pick: 'odd', amount: 3000, request_id: `mg-req-${seq}` },
      { token },
    );
    expect(replay.json.data.bet.id).toBe(first.json.data.bet.id);
    expect(await code(bet(game, round.id, 'sum_oe', 'even', 1000))).toBe('minigame_duplicate_bet');
    expect(await code(bet(game, round.id, 'sum_uo', 'under', 2001))).toBe('minigame_round_bet_max');
    expect(await code(bet(game, round.id, 'sum_uo', 'under', 2000))).toBe('minigame_round_win_max'); // 5,850 + 3,900 > 9,000
    await updateGameSettings(h.db, h.clock, admin, `minigame:${game}`, {
      levels: { '4': { allowed: false, min_bet: 1000, max_bet: 50_000, max_win: 80_000, single_max: 30_000 } },
    });
    expect(await code(bet(game, round.id, 'power_uo', 'over'))).toBe('minigame_level_not_allowed');
    await updateGameSettings(h.db, h.clock, admin, `minigame:${game}`, { betting_allowed: false });
    expect(await code(bet(game, round.id, 'power_uo', 'over'))).toBe('minigame_betting_off');
    // Mini games switched off for the site (use_minigame) refuse on the server.
    const adminToken = await h.login('admin', 'admin');
    await h.call('/api/admin/settings/update', { settings: { use_minigame: false } }, { token: adminToken });
    expect(await code(bet(game, round.id, 'power_uo', 'over'))).toBe('minigame_off');
    await h.call('/api/admin/settings/update', { settings: { use_minigame: true } }, { token: adminToken });
    expect(await code(bet(game, round.id, 'power_uo', 'over'))).toBe('minigame_betting_off');
    await updateGameSettings(h.db, h.clock, admin, `minigame:${game}`, { betting_allowed: true, odds_adjust: -5 });
    const games = (await h.call('/api/user/minigame/games', { game }, { token })).json.data.games;
    expect(games[0].markets[0].picks[0].odds).toBe('1.90');
    expect(games[0].limits).toBeNull();
    await ledgerOk();
  });

  it('cancels an open bet within the game rules and refunds it', async () => {
    const game = 'ntry_eos5';
    await startBefore(game, '2026-11-22T03:35:00Z');
    await at('2026-11-22T03:35:00Z');
    await tick(game);
    const { current: round } = await current(game);
    const before = await money();
    const b = (await bet(game, round.id, 'power_oe', 'odd', 5000)).json.data.bet;
    const cancel = (id: number) => h.call('/api/user/minigame/cancel', { bet_id: id }, { token });
    const c = await cancel(b.id);
    expect(c.json.data.bet.status).toBe('cancelled');
    expect(await money()).toBe(before);
    expect((await cancel(b.id)).json.error.code).toBe('minigame_bet_not_open');
    const other = await h.login('user', 'user5');
    const b2 = (await bet(game, round.id, 'power_oe', 'odd', 5000)).json.data.bet;
    expect((await h.call('/api/user/minigame/cancel', { bet_id: b2.id }, { token: other })).json.error.code).toBe('bet_not_found');
    await updateGameSettings(h.db, h.clock, admin, `minigame:${game}`, { daily_cancel_count: 1 });
    expect((await cancel(b2.id)).json.error.code).toBe('minigame_cancel_daily_limit');
    await updateGameSettings(h.db, h.clock, admin, `minigame:${game}`, { daily_cancel_count: null, cancel_allowed: false });
    expect((await cancel(b2.id)).json.error.code).toBe('minigame_cancel_off');
    await updateGameSettings(h.db, h.clock, admin, `minigame:${game}`, { cancel_allowed: true });
    await at('2026-11-22T03:39:21Z'); // cancel_seconds 40 before the 03:40 draw
    expect((await cancel(b2.id)).json.error.code).toBe('minigame_cancel_closed');
    await at('2026-11-22T03:40:00Z');
    await tick(game);
    expect((await h.call('/api/user/bet/detail', { id: b2.id }, { token })).json.data.bet.status).toMatch(/won|lost/);
    // the cancelled bet is part of the round's bet list but not settled again
    expect((await h.call('/api/user/bet/detail', { id: b.id }, { token })).json.data.bet.status).toBe('cancelled');
    await ledgerOk();
  });
});
