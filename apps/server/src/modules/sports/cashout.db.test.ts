import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { AppError } from '../../platform/errors.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { cashOutSportsBet, quoteCashouts } from './cashout.ts';
import { enterResult } from './results.ts';
import { fund, makeFixture, placeSportsBet, type KitFixture } from './settle-test-kit.ts';

/**
 * Cash-out (decision 048) against a real database: priced from current odds with the 5 % default
 * margin, refused while a selection is stopped or suspended and when the feed stops betting during
 * the in-play delay, a retry answering the first cash-out, partial then full, and a cash-out
 * racing the settlement of the same bet (only PostgreSQL really runs them at once).
 */

let h: Harness;
let u: bigint;
const admin = { type: 'admin' as const, id: 1, ip: '127.0.0.1' };
let n = 0;
const rid = () => `co-${process.pid}-${++n}`;
const noSleep = async () => {};

beforeAll(async () => {
  h = await harness();
  u = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user1'`)).rows[0].id;
  await fund(h.db, h.clock, u, 10_000_000n, 'co-user1');
});
afterAll(() => h?.close());

const money = async () => (await getBalances(h.db, u)).money;
const betRow = async (id: bigint) =>
  (
    await h.db.query<{ status: string; amount: bigint; potential_win: bigint; win_amount: bigint; settle_count: number }>(
      `SELECT status, amount, potential_win, win_amount, settle_count FROM bets WHERE id = $1`,
      [id],
    )
  ).rows[0];
const outbox = async (id: bigint) =>
  (
    await h.db.query<{ stage: number; kind: string; amount: bigint; status: string; win: bigint }>(
      `SELECT stage, kind, amount, status, win FROM bet_outbox WHERE bet_id = $1 ORDER BY id`,
      [id],
    )
  ).rows;
const ledgerOk = async () => expect((await verifyLedger(h.db)).problems).toEqual([]);

const fixture = () => h.db.tx((sql) => makeFixture(sql, h.clock, [{ kind: '1x2', odds: { home: '2.10', draw: '3.20', away: '3.50' } }]));
const setOdds = (f: KitFixture, code: string, odds: string) =>
  h.db.query(`UPDATE outcomes SET odds = $2 WHERE id = $1`, [f.outcome('1x2', code).outcomeId, odds]);

/** A single on the home win at 2.10 as the slip places it (bet row, selections, sports_bets row). */
async function single(f: KitFixture, amount = 10_000n, board = 'cross') {
  const bet = await placeSportsBet(h.db, h.clock, u, [f.outcome('1x2', 'home')], amount, rid());
  await h.db.query(`INSERT INTO sports_bets (bet_id, board, folders, in_play) VALUES ($1, $2, 1, false)`, [bet.id, board]);
  return bet;
}

const refusedWith = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return (e as AppError).code;
};

describe(`sports cash-out on ${testEngine}`, () => {
  it('cashes out in full at the current price, through the ledger once; a retry answers the first cash-out', async () => {
    const f = await fixture();
    const bet = await single(f);
    await setOdds(f, 'home', '1.50');
    // 10,000 × 2.10 / 1.50 × 0.95
    expect((await quoteCashouts(h.deps, u, [bet.id])).offers).toEqual([{ bet_id: Number(bet.id), available: true, value: '13300', reason: null }]);
    const before = await money();
    const requestId = rid();
    const a = await cashOutSportsBet(h.deps, u, { requestId, betId: bet.id, offered: 13_300n }, noSleep);
    expect(a.cashout).toEqual({ value: '13300', stake: '10000', full: true, remaining_stake: '0', remaining_potential: '0' });
    expect(a.bet).toMatchObject({ status: 'cashout', win_amount: '13300' });
    expect(await money()).toBe(before + 13_300n);
    // The same request again, even with the price moved: the first answer, nothing paid twice.
    await setOdds(f, 'home', '1.20');
    expect(await cashOutSportsBet(h.deps, u, { requestId, betId: bet.id, offered: 13_300n }, noSleep)).toEqual(a);
    expect(await money()).toBe(before + 13_300n);
    // A new request on the cashed-out bet is refused; the commission outbox has its settlement.
    expect(await refusedWith(cashOutSportsBet(h.deps, u, { requestId: rid(), betId: bet.id, offered: 1n }, noSleep))).toBe('cashout_not_open');
    expect(await outbox(bet.id)).toEqual([{ stage: 1, kind: 'accrue', amount: 10_000n, status: 'cashout', win: 13_300n }]);
    // The result arrives later: the cashed-out bet is not paid again.
    await enterResult(h.db, h.clock, admin, f.id, { home: 2, away: 0 }, { mode: 'enter' });
    expect(await betRow(bet.id)).toMatchObject({ status: 'cashout', win_amount: 13_300n });
    expect(await money()).toBe(before + 13_300n);
    await ledgerOk();
  });

  it('is refused when the offer fell below what the member saw, after a bet stop and while the market is suspended', async () => {
    const f = await fixture();
    const bet = await single(f);
    const try_ = (offered: bigint) => refusedWith(cashOutSportsBet(h.deps, u, { requestId: rid(), betId: bet.id, offered }, noSleep));
    // Offer is 9,500 at unchanged odds.
    expect(await try_(9_501n)).toBe('cashout_price_changed');
    await h.db.query(`UPDATE fixtures SET bet_stop = true WHERE id = $1`, [f.id]);
    expect(await try_(1n)).toBe('cashout_suspended');
    expect((await quoteCashouts(h.deps, u, [bet.id])).offers[0]).toMatchObject({ available: false, reason: 'cashout_suspended' });
    await h.db.query(`UPDATE fixtures SET bet_stop = false WHERE id = $1`, [f.id]);
    await h.db.query(`UPDATE markets SET status = 'suspended' WHERE fixture_id = $1`, [f.id]);
    expect(await try_(1n)).toBe('cashout_suspended');
    await h.db.query(`UPDATE markets SET status = 'open' WHERE fixture_id = $1`, [f.id]);
    expect(await betRow(bet.id)).toMatchObject({ status: 'open', amount: 10_000n, settle_count: 0 });
    expect((await outbox(bet.id)).length).toBe(0);
    await ledgerOk();
  });

  it('in play: waits the in-play delay and is refused when the feed stopped betting on the match meanwhile', async () => {
    const f = await fixture();
    const bet = await single(f, 10_000n, 'live');
    await h.db.query(`UPDATE fixtures SET status = 'progress' WHERE id = $1`, [f.id]);
    const before = await money();
    let slept = 0;
    const stopDuringDelay = async (ms: number) => {
      slept = ms;
      h.clock.advance(ms);
      await h.db.query(`INSERT INTO feed_messages (provider, kind, fixture_ref, payload, received_at) VALUES ('test', 'bet_stop', $1, '{}', $2)`, [
        f.ref,
        h.clock.now(),
      ]);
    };
    expect(await refusedWith(cashOutSportsBet(h.deps, u, { requestId: rid(), betId: bet.id, offered: 9_500n }, stopDuringDelay))).toBe('cashout_suspended');
    expect(slept).toBe(5_000); // the board's default in-play delay
    expect(await money()).toBe(before);
    // Without a stop in the window it goes through once the delay has passed.
    h.clock.advance(1_000);
    const quiet = async (ms: number) => h.clock.advance(ms);
    const a = await cashOutSportsBet(h.deps, u, { requestId: rid(), betId: bet.id, offered: 9_500n }, quiet);
    expect(a.cashout.value).toBe('9500');
    expect(await money()).toBe(before + 9_500n);
    await ledgerOk();
  });

  it('partial then full: the rest of the stake keeps its proportional potential win and settles at it', async () => {
    const f = await fixture();
    const bet = await single(f);
    const before = await money();
    // Full offer 9,500; 3,000 of it takes ⌈3,000 × 10,000 / 9,500⌉ = 3,158 of the stake.
    const p = await cashOutSportsBet(h.deps, u, { requestId: rid(), betId: bet.id, offered: 9_500n, amount: 3_000n }, noSleep);
    expect(p.cashout).toEqual({ value: '3000', stake: '3158', full: false, remaining_stake: '6842', remaining_potential: '14368' });
    expect(await betRow(bet.id)).toMatchObject({ status: 'open', amount: 6_842n, potential_win: 14_368n, settle_count: 1 });
    expect(await money()).toBe(before + 3_000n);
    // The rest: ⌊6,842 × 0.95⌋ = 6,499 (3,000 + 6,499 ≤ 9,500: a split never pays more than the whole).
    expect((await quoteCashouts(h.deps, u, [bet.id])).offers[0].value).toBe('6499');
    const second = await cashOutSportsBet(h.deps, u, { requestId: rid(), betId: bet.id, offered: 6_499n, amount: 2_000n }, noSleep);
    expect(second.cashout).toMatchObject({ value: '2000', stake: '2106', remaining_stake: '4736' });
    const full = await cashOutSportsBet(h.deps, u, { requestId: rid(), betId: bet.id, offered: 1n }, noSleep);
    expect(full.cashout).toMatchObject({ full: true, stake: '4736' });
    expect(await money()).toBe(before + 3_000n + 2_000n + BigInt(full.cashout.value));
    expect((await outbox(bet.id)).map((r) => [r.stage, r.amount, r.status, r.win])).toEqual([
      [1, 3_158n, 'cashout', 3_000n],
      [2, 2_106n, 'cashout', 2_000n],
      [3, 4_736n, 'cashout', BigInt(full.cashout.value)],
    ]);
    await ledgerOk();
  });

  it('a partly cashed-out bet that wins pays its reduced potential win', async () => {
    const f = await fixture();
    const bet = await single(f);
    const before = await money();
    await cashOutSportsBet(h.deps, u, { requestId: rid(), betId: bet.id, offered: 9_500n, amount: 3_000n }, noSleep);
    await enterResult(h.db, h.clock, admin, f.id, { home: 1, away: 0 }, { mode: 'enter' });
    expect(await betRow(bet.id)).toMatchObject({ status: 'won', amount: 6_842n, win_amount: 14_368n });
    expect(await money()).toBe(before + 3_000n + 14_368n);
    await ledgerOk();
  });

  it('a cash-out racing the settlement of the same bet: exactly one of them pays', async () => {
    for (let round = 0; round < 6; round++) {
      const f = await fixture();
      const bet = await single(f);
      const before = await money();
      const [cash, settled] = await Promise.allSettled([
        cashOutSportsBet(h.deps, u, { requestId: rid(), betId: bet.id, offered: 9_500n }, noSleep),
        enterResult(h.db, h.clock, admin, f.id, { home: 1, away: 0 }, { mode: 'enter' }),
      ]);
      expect(settled.status).toBe('fulfilled');
      const row = await betRow(bet.id);
      const cashouts = (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bet_cashouts WHERE bet_id = $1`, [bet.id])).rows[0].n;
      if (cash.status === 'fulfilled') {
        expect(row).toMatchObject({ status: 'cashout', win_amount: 9_500n });
        expect(cashouts).toBe(1);
        expect(await money()).toBe(before + 9_500n);
      } else {
        expect(['cashout_not_open', 'cashout_unavailable', 'cashout_price_changed']).toContain((cash.reason as AppError).code);
        expect(row).toMatchObject({ status: 'won', win_amount: 21_000n });
        expect(cashouts).toBe(0);
        expect(await money()).toBe(before + 21_000n);
      }
      expect((await outbox(bet.id)).filter((r) => r.kind === 'accrue').length).toBe(1);
    }
    await ledgerOk();
  });
});
