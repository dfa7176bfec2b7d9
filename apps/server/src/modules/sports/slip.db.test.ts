import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { updateGameSettings } from '../settings/index.ts';
import { fund, makeFixture, type KitFixture } from './settle-test-kit.ts';
import { cancelSportsBet, placeSportsBet, sportsBetDetail, type PlaceInput } from './slip.ts';

let h: Harness;
let user1: bigint;
let user7: bigint;
let token1: string;
const admin = { type: 'admin' as const, id: 1, ip: '127.0.0.1' };
let n = 0;
const rid = () => `slip-req-${++n}`;

beforeAll(async () => {
  h = await harness();
  const id = async (account: string) => (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = $1`, [account])).rows[0].id;
  user1 = await id('user1');
  user7 = await id('user7');
  await fund(h.db, h.clock, user1, 5_000_000n, 'slip-user1');
  await fund(h.db, h.clock, user7, 50_000_000n, 'slip-user7');
  token1 = await h.login('user', 'user1');
});
afterAll(() => h?.close());

const money = async (u: bigint) => (await getBalances(h.db, u)).money;
const ledgerOk = async () => expect((await verifyLedger(h.db)).problems).toEqual([]);
const game = (board: string, patch: Record<string, unknown>) => updateGameSettings(h.db, h.clock, admin, `sports:${board}`, patch);
const resetGame = (board: string) =>
  game(board, {
    betting_allowed: true,
    duplicate_betting: true,
    round_max_bet: null,
    round_max_win: null,
    cancel_allowed: true,
    cancel_minutes: 30,
    daily_cancel_count: 3,
    inplay_delay_seconds: 5,
  });

const soccer = (startsAt?: Date): Promise<KitFixture> =>
  h.db.tx((sql) =>
    makeFixture(
      sql,
      h.clock,
      [
        { kind: '1x2', odds: { home: '2.10', draw: '3.20', away: '3.50' } },
        { kind: 'handicap', line: '-1.50', odds: { home: '2.40', away: '1.55' } },
        { kind: 'over_under', line: '2.50', odds: { over: '1.90', under: '1.90' } },
      ],
      startsAt,
    ),
  );
const pick = (f: KitFixture, kind = '1x2', code = 'home', line: string | null = null) => {
  const o = f.outcome(kind, code, line);
  return { outcome_id: Number(o.outcomeId), odds: o.odds };
};
const slip = (selections: PlaceInput['selections'], p: Partial<PlaceInput> = {}): PlaceInput => ({
  requestId: rid(),
  board: 'europe',
  amount: 10_000n,
  selections,
  acceptHigherOdds: false,
  ...p,
});
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: { code?: string }) => e.code ?? String(e),
  );

describe(`sports bet slip on ${testEngine}`, () => {
  it('places a single over HTTP: stake held, sports rows, every history column stored, replay answers the first bet', async () => {
    const f = await soccer();
    const before = await money(user1);
    const body = { request_id: 'http-single-1', board: 'europe', amount: '10,000', selections: [pick(f)] };
    const r = await h.call('/api/user/sports/bet/place', body, { token: token1 });
    expect(r.status).toBe(200);
    expect(r.json.data.bet).toMatchObject({
      game_type: 'sports',
      game: 'europe',
      bet_type: 'single',
      odds: '2.10',
      amount: '10000',
      potential_win: '21000',
      status: 'open',
    });
    expect(r.json.data.sports).toMatchObject({ board: 'europe', folders: 1, in_play: false, cancellable: true });
    expect(await money(user1)).toBe(before - 10_000n);
    const id = r.json.data.bet.id as number;
    const rows = await h.db.query(`SELECT board, folders, in_play FROM sports_bets WHERE bet_id = $1`, [id]);
    expect(rows.rows).toEqual([{ board: 'europe', folders: 1, in_play: false }]);
    const sel = (await h.db.query<{ selections: Record<string, unknown>[] }>(`SELECT selections FROM bets WHERE id = $1`, [id])).rows[0].selections;
    expect(sel[0]).toMatchObject({ market: '1x2', pick: 'home', odds: '2.10', line: null, period: 'ft', fixture_id: Number(f.id) });
    expect(sel[0].name).toMatch(/ vs /);

    const again = await h.call('/api/user/sports/bet/place', body, { token: token1 });
    expect(again.json.data.bet.id).toBe(id);
    expect(await money(user1)).toBe(before - 10_000n);
    // A replay after the price moved still answers the first bet (not odds_changed).
    await h.db.query(`UPDATE outcomes SET odds = 2.30 WHERE id = $1`, [f.outcome('1x2', 'home').outcomeId]);
    const late = await h.call('/api/user/sports/bet/place', body, { token: token1 });
    expect(late.json.data.bet.id).toBe(id);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM sports_bet_selections WHERE bet_id = $1`, [id])).rows[0].n).toBe(1);

    const detail = await h.call('/api/user/sports/bet/detail', { id }, { token: token1 });
    expect(detail.json.data.folders[0]).toMatchObject({ market: '1x2', pick: 'home', odds: '2.10', fixture_status: 'release', result: null });
    const history = await h.call('/api/user/bet/history', { game_type: 'sports' }, { token: token1 });
    expect(history.json.data.bets.some((b: { id: number }) => b.id === id)).toBe(true);
    await ledgerOk();
  });

  it("names the teams in the reader's language: the admin's name, else the feed's name in that language", async () => {
    const f = await soccer();
    const teams = (await h.db.query<{ home_team_id: bigint; away_team_id: bigint }>(`SELECT home_team_id, away_team_id FROM fixtures WHERE id = $1`, [f.id]))
      .rows[0];
    await h.db.query(`UPDATE teams SET feed_names = $2 WHERE id = $1`, [teams.home_team_id, JSON.stringify({ ko: '홈 유나이티드', en: 'Home United' })]);
    await h.db.query(`UPDATE teams SET feed_names = $2, names = $3 WHERE id = $1`, [
      teams.away_team_id,
      JSON.stringify({ ko: '원정 시티', en: 'Away City' }),
      JSON.stringify({ ko: '원정팀', en: '' }),
    ]);
    const { bet } = await placeSportsBet(h.deps, user1, slip([pick(f)]));
    const stored = (await h.db.query<{ selections: { name: string }[] }>(`SELECT selections FROM bets WHERE id = $1`, [bet.id])).rows[0].selections;
    expect(stored[0].name).toBe('홈 유나이티드 vs 원정팀');
    const ko = await h.call('/api/user/sports/bet/detail', { id: bet.id }, { token: token1 });
    expect(ko.json.data.folders[0]).toMatchObject({ home: '홈 유나이티드', away: '원정팀' });
    const en = await sportsBetDetail(h.deps, user1, BigInt(bet.id), 'en');
    expect(en.folders[0]).toMatchObject({ home: 'Home United', away: 'Away City' });
    await ledgerOk();
  });

  it('places a 4-fold combination with odds multiplied per leg', async () => {
    const fs = [await soccer(), await soccer(), await soccer(), await soccer()];
    const before = await money(user1);
    const r = await placeSportsBet(
      h.deps,
      user1,
      slip(
        fs.map((f) => pick(f)),
        { amount: 5_000n },
      ),
    );
    expect(r.bet).toMatchObject({ bet_type: 'combo', odds: '19.44', amount: '5000', potential_win: '97200' }); // 2.10 per leg: 4.41, 9.26, 19.44
    expect(await money(user1)).toBe(before - 5_000n);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM sports_bet_selections WHERE bet_id = $1`, [r.bet.id])).rows[0].n).toBe(4);
    await ledgerOk();
  });

  it('refuses changed odds with the new price, takes higher odds when opted in, and holds nothing on refusal', async () => {
    const f = await soccer();
    const o = f.outcome('handicap', 'home', '-1.50');
    await h.db.query(`UPDATE outcomes SET odds = 2.55 WHERE id = $1`, [o.outcomeId]);
    const before = await money(user1);
    const r = await h.call(
      '/api/user/sports/bet/place',
      { request_id: rid(), board: 'europe', amount: 10_000, selections: [{ outcome_id: Number(o.outcomeId), odds: '2.40' }] },
      { token: token1 },
    );
    expect(r.status).toBe(409);
    expect(r.json.error).toMatchObject({ code: 'odds_changed', params: { count: 1, changes: `${o.outcomeId}:2.55` } });
    expect(await money(user1)).toBe(before);
    const higher = slip([{ outcome_id: Number(o.outcomeId), odds: '2.40' }], { acceptHigherOdds: true });
    const ok = await placeSportsBet(h.deps, user1, higher);
    expect(ok.bet.odds).toBe('2.55');
    // Replayed after the price moved again: the first bet, not a second one nor a conflict.
    await h.db.query(`UPDATE outcomes SET odds = 2.60 WHERE id = $1`, [o.outcomeId]);
    expect((await placeSportsBet(h.deps, user1, higher)).bet).toMatchObject({ id: ok.bet.id, odds: '2.55' });
    expect(await codeOf(placeSportsBet(h.deps, user1, { ...higher, amount: 20_000n }))).toBe('idempotency_conflict');
    expect(await money(user1)).toBe(before - 10_000n);
    await ledgerOk();
  });

  it('refuses closed, stopped and suspended folders with their codes', async () => {
    const soon = await soccer(new Date(h.clock.now().getTime() + 30_000));
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(soon)])))).toBe('sports_betting_closed');
    const f = await soccer();
    await h.db.query(`UPDATE leagues SET stopped_types = '{europe}' WHERE id = (SELECT league_id FROM fixtures WHERE id = $1)`, [f.id]);
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(f)])))).toBe('sports_league_stopped');
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(f)], { board: 'cross' })))).toBe('accepted');
    await h.db.query(`UPDATE markets SET status = 'suspended' WHERE id = $1`, [f.outcome('over_under', 'over', '2.50').marketId]);
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(f, 'over_under', 'over', '2.50')], { board: 'cross' })))).toBe('sports_market_closed');
    await h.db.query(`UPDATE fixtures SET on_sale = false WHERE id = $1`, [f.id]);
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(f)], { board: 'cross' })))).toBe('sports_not_on_sale');
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([{ outcome_id: 999_999_999, odds: '2.00' }])))).toBe('sports_outcome_unknown');
    await game('europe', { betting_allowed: false });
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(await soccer())])))).toBe('sports_betting_off');
    await resetGame('europe');
  });

  it('member restrictions, level limits and block settings', async () => {
    const f = await soccer();
    await h.db.query(`UPDATE users SET restrictions = '{"sports_single": true}' WHERE id = $1`, [user1]);
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(f)])))).toBe('activity_restricted');
    await h.db.query(`UPDATE users SET restrictions = '{}' WHERE id = $1`, [user1]);
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(f)], { amount: 500_001n })))).toBe('sports_single_max');
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(f)], { amount: 999n })))).toBe('sports_bet_min');
    const g = await soccer();
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(f), pick(f, 'over_under', 'over', '2.50')])))).toBe('sports_same_game_banned');
    const r = await h.call(
      '/api/admin/settings/update',
      { settings: { sports_block: { two_folder_banned: true } } },
      { token: await h.login('admin', 'admin') },
    );
    expect(r.status).toBe(200);
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(f), pick(g)])))).toBe('sports_two_folder_banned');
    await h.call('/api/admin/settings/update', { settings: { sports_block: { two_folder_banned: false } } }, { token: await h.login('admin', 'admin') });
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(f), pick(g)])))).toBe('accepted');
    // Sports switched off for the site (use_sports) refuses on the server, and back on accepts.
    await h.call('/api/admin/settings/update', { settings: { use_sports: false } }, { token: await h.login('admin', 'admin') });
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(g)])))).toBe('sports_off');
    await h.call('/api/admin/settings/update', { settings: { use_sports: true } }, { token: await h.login('admin', 'admin') });
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(g)])))).toBe('accepted');
    await ledgerOk();
  });

  it('duplicate betting and round totals are decided under the member lock', async () => {
    const f = await soccer();
    await game('europe', { duplicate_betting: false, round_max_bet: 25_000 });
    expect(await codeOf(placeSportsBet(h.deps, user7, slip([pick(f)])))).toBe('accepted');
    expect(await codeOf(placeSportsBet(h.deps, user7, slip([pick(f)])))).toBe('sports_duplicate_bet');
    expect(await codeOf(placeSportsBet(h.deps, user7, slip([pick(f, '1x2', 'draw')])))).toBe('accepted');
    const before = await money(user7);
    expect(await codeOf(placeSportsBet(h.deps, user7, slip([pick(f, '1x2', 'away')])))).toBe('sports_round_bet_max');
    expect(await money(user7)).toBe(before); // the stake posting rolled back with the refusal
    await game('europe', { duplicate_betting: true, round_max_bet: null, round_max_win: 30_000 });
    expect(await codeOf(placeSportsBet(h.deps, user7, slip([pick(f, '1x2', 'away')], { amount: 1_000n })))).toBe('sports_round_win_max'); // 21,000 + 32,000 open already
    await resetGame('europe');
    await ledgerOk();
  });

  it(`50 parallel placements by one member never pass the round total (${testEngine})`, async () => {
    const f = await soccer();
    await game('europe', { round_max_bet: 100_000 });
    const before = await money(user7);
    const codes = await Promise.all(Array.from({ length: 50 }, () => codeOf(placeSportsBet(h.deps, user7, slip([pick(f)], { amount: 10_000n })))));
    expect(codes.filter((c) => c === 'accepted')).toHaveLength(10);
    expect(codes.filter((c) => c !== 'accepted').every((c) => c === 'sports_round_bet_max')).toBe(true);
    expect(await money(user7)).toBe(before - 100_000n);
    await resetGame('europe');
    await ledgerOk();
  });

  it('in play: waits the delay, accepted when nothing moved, refused on an odds change or a bet stop inside the window', async () => {
    const live = async () => {
      const f = await soccer(new Date(h.clock.now().getTime() - 600_000));
      await h.db.query(`UPDATE fixtures SET status = 'progress' WHERE id = $1`, [f.id]);
      return f;
    };
    const waits: number[] = [];
    const quiet = async (ms: number) => {
      waits.push(ms);
      h.clock.advance(ms);
    };
    const f1 = await live();
    const ok = await placeSportsBet(h.deps, user1, slip([pick(f1)], { board: 'inplay' }), quiet);
    expect(ok.sports).toMatchObject({ in_play: true, cancellable: false });
    expect(waits).toEqual([5_000]);

    const f2 = await live();
    const before = await money(user1);
    const oddsMove = async (ms: number) => {
      h.clock.advance(ms);
      await h.db.query(`UPDATE outcomes SET odds = 2.15, updated_at = $2 WHERE id = $1`, [f2.outcome('1x2', 'home').outcomeId, h.clock.now()]);
    };
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(f2)], { board: 'inplay' }), oddsMove))).toBe('sports_inplay_changed');

    const f3 = await live();
    const stopAndResume = async (ms: number) => {
      h.clock.advance(ms);
      await h.db.query(`INSERT INTO feed_messages (provider, kind, fixture_ref, payload, received_at) VALUES ('primary', 'bet_stop', $1, '{}', $2)`, [
        f3.ref,
        h.clock.now(),
      ]);
    };
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(f3)], { board: 'inplay' }), stopAndResume))).toBe('sports_inplay_changed');
    expect(await money(user1)).toBe(before);
    // A prematch board does not take an in-play match, and an in-play board no prematch one.
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(f1)], { board: 'europe' }), quiet))).toBe('sports_betting_closed');
    expect(await codeOf(placeSportsBet(h.deps, user1, slip([pick(await soccer())], { board: 'inplay' }), quiet))).toBe('sports_board_mismatch');
    await ledgerOk();
  });

  it('cancellation: refunds, replays, and refuses after the time limit, past the daily count, once started, or when restricted', async () => {
    await resetGame('europe');
    const t0 = h.clock.now();
    const f = await soccer(new Date(t0.getTime() + 5 * 3_600_000));
    const place = () => placeSportsBet(h.deps, user1, slip([pick(f)], { amount: 2_000n }));
    const before = await money(user1);
    const a = await place();
    const r = await h.call('/api/user/sports/bet/cancel', { bet_id: a.bet.id }, { token: token1 });
    expect(r.status).toBe(200);
    expect(r.json.data.bet).toMatchObject({ status: 'cancelled' });
    expect(await money(user1)).toBe(before);
    const again = await h.call('/api/user/sports/bet/cancel', { bet_id: a.bet.id }, { token: token1 });
    expect(again.json.data.bet).toMatchObject({ status: 'cancelled' });
    expect(await money(user1)).toBe(before);

    const late = await place();
    h.clock.advance(31 * 60_000);
    expect(await codeOf(cancelSportsBet(h.deps, user1, BigInt(late.bet.id)))).toBe('sports_cancel_expired');

    await game('europe', { daily_cancel_count: 2 });
    const b = await place();
    await cancelSportsBet(h.deps, user1, BigInt(b.bet.id));
    const c = await place();
    expect(await codeOf(cancelSportsBet(h.deps, user1, BigInt(c.bet.id)))).toBe('sports_cancel_daily_limit');

    await game('europe', { daily_cancel_count: null });
    await h.db.query(`UPDATE users SET restrictions = '{"bet_cancel": true}' WHERE id = $1`, [user1]);
    expect(await codeOf(cancelSportsBet(h.deps, user1, BigInt(c.bet.id)))).toBe('activity_restricted');
    await h.db.query(`UPDATE users SET restrictions = '{}' WHERE id = $1`, [user1]);

    // A combination: its earliest match decides the time limits; one started match closes it.
    const early = await soccer(new Date(h.clock.now().getTime() + 15 * 60_000));
    const combo = await placeSportsBet(h.deps, user1, slip([pick(f), pick(early)], { amount: 2_000n }));
    h.clock.advance(6 * 60_000);
    expect(await codeOf(cancelSportsBet(h.deps, user1, BigInt(combo.bet.id)))).toBe('sports_cancel_closed'); // 9 min to go, limit 10
    await h.db.query(`UPDATE fixtures SET status = 'progress' WHERE id = $1`, [early.id]);
    expect(await codeOf(cancelSportsBet(h.deps, user1, BigInt(combo.bet.id)))).toBe('sports_cancel_started');

    await h.db.query(`UPDATE fixtures SET status = 'progress' WHERE id = $1`, [f.id]);
    expect(await codeOf(cancelSportsBet(h.deps, user1, BigInt(c.bet.id)))).toBe('sports_cancel_started');
    expect(await codeOf(cancelSportsBet(h.deps, user7, BigInt(c.bet.id)))).toBe('bet_not_found');
    await resetGame('europe');
    await ledgerOk();
  });

  it('quote: current odds, availability with the refusing code, and the member limits', async () => {
    const f = await soccer();
    await h.db.query(`UPDATE outcomes SET active = false WHERE id = $1`, [f.outcome('1x2', 'draw').outcomeId]);
    const r = await h.call(
      '/api/user/sports/slip/quote',
      { board: 'cross', outcome_ids: [pick(f).outcome_id, pick(f, '1x2', 'draw').outcome_id, 999_999_999] },
      { token: await h.login('user', 'user1') }, // the clock moved past the idle limit above
    );
    expect(r.status).toBe(200);
    expect(r.json.data.outcomes.map((o: { available: boolean; reason: string | null }) => [o.available, o.reason])).toEqual([
      [true, null],
      [false, 'sports_outcome_inactive'],
      [false, 'sports_outcome_unknown'],
    ]);
    expect(r.json.data.limits).toMatchObject({ min_bet: '1000', max_bet: '1000000', single_max: '500000', inplay_delay_seconds: 0 });
  });
});
