import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { crashWhenSettling } from '../../test/crash.ts';
import { getBalances, HOUSE, transfer, verifyLedger } from '../ledger/index.ts';
import { cancelFixture, enterResult, recalculate } from './results.ts';
import * as repo from './repo-results.ts';
import { fund, makeFixture, placeSportsBet, type KitFixture } from './settle-test-kit.ts';
import { settleJob } from './settle-job.ts';
import { runSettleQueue } from './settlement.ts';

let h: Harness;
const users: bigint[] = [];
const admin = { type: 'admin' as const, id: 1, ip: '127.0.0.1' };
let n = 0;
const rid = () => `st-${++n}`;

beforeAll(async () => {
  h = await harness();
  for (const account of ['user1', 'user2', 'user3']) {
    const id = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = $1`, [account])).rows[0].id;
    await fund(h.db, h.clock, id, 10_000_000n, `st-${account}`);
    users.push(id);
  }
});
afterAll(() => h?.close());

const money = async (u: bigint) => (await getBalances(h.db, u)).money;
const bet = async (id: bigint) =>
  (
    await h.db.query<{ status: string; win_amount: bigint; settle_count: number; cancelled_by: string | null }>(
      `SELECT status, win_amount, settle_count, cancelled_by FROM bets WHERE id = $1`,
      [id],
    )
  ).rows[0];
const ledgerOk = async () => expect((await verifyLedger(h.db)).problems).toEqual([]);

const soccer = () =>
  h.db.tx((sql) =>
    makeFixture(sql, h.clock, [
      { kind: '1x2', odds: { home: '2.10', draw: '3.20', away: '3.50' } },
      { kind: 'handicap', line: '-0.25', odds: { home: '1.90', away: '1.95' } },
      { kind: 'handicap', line: '-1', odds: { home: '2.50', away: '1.50' } },
      { kind: 'over_under', line: '2.75', odds: { over: '2.00', under: '1.80' } },
      { kind: 'first_score', odds: { home: '1.80', away: '2.20', none: '9.00' } },
    ]),
  );

describe(`sports settlement on ${testEngine}`, () => {
  it('settles every result kind exactly: won, lost, push, half won, half lost, dead heat; per-leg results stored', async () => {
    const f = await soccer();
    const [u] = users;
    const before = await money(u);
    const won = await placeSportsBet(h.db, h.clock, u, [f.outcome('1x2', 'home')], 10_000n, rid());
    const lost = await placeSportsBet(h.db, h.clock, u, [f.outcome('1x2', 'away')], 10_000n, rid());
    const push = await placeSportsBet(h.db, h.clock, u, [f.outcome('handicap', 'home', '-1')], 10_000n, rid());
    const halfWon = await placeSportsBet(h.db, h.clock, u, [f.outcome('over_under', 'over', '2.75')], 10_000n, rid());
    const halfLost = await placeSportsBet(h.db, h.clock, u, [f.outcome('over_under', 'under', '2.75')], 10_000n, rid());
    const dh = await placeSportsBet(h.db, h.clock, u, [f.outcome('first_score', 'home')], 10_000n, rid());
    expect(await money(u)).toBe(before - 60_000n);

    const r = await enterResult(h.db, h.clock, admin, f.id, { home: 2, away: 1, specials: { first_score: ['home', 'away'] } }, { mode: 'enter' });
    expect(r.finished).toBe(true);
    expect(await bet(won.id)).toMatchObject({ status: 'won', win_amount: 21_000n, settle_count: 1 });
    expect(await bet(lost.id)).toMatchObject({ status: 'lost', win_amount: 0n });
    expect(await bet(push.id)).toMatchObject({ status: 'draw', win_amount: 10_000n });
    expect(await bet(halfWon.id)).toMatchObject({ status: 'won', win_amount: 15_000n });
    expect(await bet(halfLost.id)).toMatchObject({ status: 'won', win_amount: 5_000n });
    expect(await bet(dh.id)).toMatchObject({ status: 'won', win_amount: 9_000n });
    expect(await money(u)).toBe(before - 60_000n + 21_000n + 10_000n + 15_000n + 5_000n + 9_000n);
    const legs = (await h.db.query(`SELECT result, factor::text FROM sports_bet_selections WHERE bet_id = $1`, [halfWon.id])).rows;
    expect(legs).toEqual([{ result: 'half_won', factor: '1.500000' }]);
    expect((await repo.queueOf(h.db, f.id))[0]).toMatchObject({ action: 'settle', settled: 6 });
    expect((await repo.queueOf(h.db, f.id))[0].done_at).not.toBeNull();
    await ledgerOk();
  });

  it('a combination counts a void leg as 1.00 and waits for every fixture; a lost leg loses it', async () => {
    const a = await soccer();
    const b = await soccer();
    const [u] = users;
    const before = await money(u);
    const combo = await placeSportsBet(
      h.db,
      h.clock,
      u,
      [a.outcome('1x2', 'home'), a.outcome('handicap', 'home', '-1'), b.outcome('1x2', 'draw')],
      10_000n,
      rid(),
    );
    const loser = await placeSportsBet(h.db, h.clock, u, [a.outcome('1x2', 'home'), b.outcome('1x2', 'away')], 10_000n, rid());
    await enterResult(h.db, h.clock, admin, a.id, { home: 1, away: 0 }, { mode: 'enter' });
    expect((await bet(combo.id)).status).toBe('open'); // fixture b undecided
    await enterResult(h.db, h.clock, admin, b.id, { home: 0, away: 0 }, { mode: 'enter' });
    // 10,000 × 2.10 × 1.00 (push on -1 at 1-0) × 3.20
    expect(await bet(combo.id)).toMatchObject({ status: 'won', win_amount: 67_200n });
    expect(await bet(loser.id)).toMatchObject({ status: 'lost', win_amount: 0n });
    expect(await money(u)).toBe(before - 20_000n + 67_200n);
    // The history list reads a combination's folder results from bets.selections.
    const stored = (await h.db.query<{ selections: { pick: string; result: string }[] }>(`SELECT selections FROM bets WHERE id = $1`, [combo.id])).rows[0]
      .selections;
    expect(stored.map((x) => `${x.pick}:${x.result}`)).toEqual(['home:won', 'home:void', 'draw:won']);
    await ledgerOk();
  });

  it('re-entry recalls a paid prize and settles again; a player who spent it needs force, the rest is written off', async () => {
    const f = await soccer();
    const [u1, u2] = users;
    const b1 = await placeSportsBet(h.db, h.clock, u1, [f.outcome('1x2', 'home')], 100_000n, rid());
    const b2 = await placeSportsBet(h.db, h.clock, u2, [f.outcome('1x2', 'away')], 100_000n, rid());
    const m1 = await money(u1);
    const m2 = await money(u2);
    await enterResult(h.db, h.clock, admin, f.id, { home: 1, away: 0 }, { mode: 'enter' });
    expect(await money(u1)).toBe(m1 + 210_000n);
    await expect(enterResult(h.db, h.clock, admin, f.id, { home: 1, away: 0 }, { mode: 'enter' })).rejects.toMatchObject({ code: 'sports_result_exists' });

    // Corrected: away won. The home prize is recalled, the away bet paid.
    await enterResult(h.db, h.clock, admin, f.id, { home: 0, away: 1 }, { mode: 'reenter' });
    expect(await bet(b1.id)).toMatchObject({ status: 'lost', win_amount: 0n, settle_count: 2 });
    expect(await bet(b2.id)).toMatchObject({ status: 'won', win_amount: 350_000n, settle_count: 2 });
    expect(await money(u1)).toBe(m1);
    expect(await money(u2)).toBe(m2 + 350_000n);
    await ledgerOk();

    // u2 spends all but 50,000 of it; re-entering home wins again must be forced.
    const spend = (await money(u2)) - 50_000n;
    await h.db.tx((sql) =>
      transfer(sql, h.clock, {
        idempotencyKey: 'st:spend',
        kind: 'test.spend',
        reason: { type: 'test', id: 'spend' },
        from: { user: u2, asset: 'money' },
        to: { house: HOUSE.withdrawals, asset: 'money' },
        amount: spend,
      }),
    );
    await expect(enterResult(h.db, h.clock, admin, f.id, { home: 1, away: 0 }, { mode: 'reenter' })).rejects.toMatchObject({
      code: 'sports_recall_shortfall',
      details: { params: { count: 1, amount: '300000' } },
    });
    expect(await bet(b2.id)).toMatchObject({ status: 'won', settle_count: 2 });
    await enterResult(h.db, h.clock, admin, f.id, { home: 1, away: 0 }, { mode: 'reenter', force: true });
    expect(await bet(b2.id)).toMatchObject({ status: 'lost', settle_count: 3 });
    expect(await bet(b1.id)).toMatchObject({ status: 'won', win_amount: 210_000n, settle_count: 3 });
    expect(await money(u2)).toBe(0n);
    expect((await repo.queueOf(h.db, f.id))[0]).toMatchObject({ action: 'resettle', written_off: 300_000n });
    await ledgerOk();
    await fund(h.db, h.clock, u2, 10_000_000n, 'st-refill');
  });

  it('cancel-all with refund leaves settled bets standing; with recovery every bet is cancelled and prizes recalled', async () => {
    const f = await soccer();
    const [u1, u2] = users;
    const settled = await placeSportsBet(h.db, h.clock, u1, [f.outcome('1x2', 'home')], 10_000n, rid());
    const combo = await placeSportsBet(h.db, h.clock, u2, [f.outcome('1x2', 'home'), f.outcome('first_score', 'home')], 1_000n, rid());
    await h.db.query(`UPDATE outcomes SET result = CASE code WHEN 'home' THEN 'won' ELSE 'lost' END WHERE market_id = ANY($1::bigint[])`, [
      [f.outcome('1x2', 'home').marketId, f.outcome('first_score', 'home').marketId].map(String),
    ]);
    await repo.enqueue(h.db, f.id, 'settle', {}, 'test', h.clock.now());
    await runSettleQueue(h.db, h.clock);
    expect((await bet(settled.id)).status).toBe('won');
    expect((await bet(combo.id)).status).toBe('won');
    const open = await placeSportsBet(h.db, h.clock, u2, [f.outcome('over_under', 'over', '2.75')], 10_000n, rid());
    const m1 = await money(u1);
    const m2 = await money(u2);
    await cancelFixture(h.db, h.clock, admin, f.id, { mode: 'refund' });
    expect(await bet(open.id)).toMatchObject({ status: 'cancelled', win_amount: 10_000n });
    expect(await bet(settled.id)).toMatchObject({ status: 'won', win_amount: 21_000n });
    expect(await money(u2)).toBe(m2 + 10_000n);
    expect(await money(u1)).toBe(m1);

    await cancelFixture(h.db, h.clock, admin, f.id, { mode: 'recover' });
    expect(await bet(settled.id)).toMatchObject({ status: 'cancelled', win_amount: 10_000n });
    // The recalled combination no longer shows its folders' old results.
    const folders = (await h.db.query<{ selections: { result?: string }[] }>(`SELECT selections FROM bets WHERE id = $1`, [combo.id])).rows[0].selections;
    expect(await bet(combo.id)).toMatchObject({ status: 'cancelled' });
    expect(folders.map((x) => x.result ?? null)).toEqual([null, null]);
    expect(await money(u1)).toBe(m1 - 21_000n + 10_000n);
    expect((await h.db.query(`SELECT status, on_sale FROM fixtures WHERE id = $1`, [f.id])).rows[0]).toEqual({ status: 'cancelled', on_sale: false });
    await ledgerOk();
  });

  it('feed: rollback of a settlement reopens bets exactly; cancel of a time window (even settled bets); rollback of that cancel; the commission outbox mirrors it', async () => {
    const f = await soccer();
    const [u1, u2] = users;
    const m1 = await money(u1);
    const early = await placeSportsBet(h.db, h.clock, u1, [f.outcome('1x2', 'home')], 10_000n, rid());
    h.clock.advance(60_000);
    const windowStart = h.clock.now();
    const late = await placeSportsBet(h.db, h.clock, u2, [f.outcome('1x2', 'home')], 20_000n, rid());
    h.clock.advance(60_000);
    const m2 = await money(u2);
    await h.db.query(`UPDATE outcomes SET result = CASE code WHEN 'home' THEN 'won' ELSE 'lost' END WHERE market_id = $1`, [f.outcome('1x2', 'home').marketId]);
    await repo.enqueue(h.db, f.id, 'settle', {}, 'feed', h.clock.now());
    await runSettleQueue(h.db, h.clock);
    expect(await money(u1)).toBe(m1 + 11_000n);

    // rollback_settlement: both back to open, the prizes recalled.
    await repo.enqueue(h.db, f.id, 'rollback', { by: 'feed', what: 'settlement' }, 'feed', h.clock.now());
    await runSettleQueue(h.db, h.clock);
    expect(await bet(early.id)).toMatchObject({ status: 'open', win_amount: 0n });
    expect(await money(u1)).toBe(m1 - 10_000n);
    expect(await money(u2)).toBe(m2);
    await ledgerOk();

    // Settled again, then the feed cancels bets placed in [windowStart, +60 s): the late bet only.
    await repo.enqueue(h.db, f.id, 'settle', {}, 'feed', h.clock.now());
    await runSettleQueue(h.db, h.clock);
    expect(await money(u2)).toBe(m2 + 42_000n);
    const end = new Date(windowStart.getTime() + 60_000).toISOString();
    await repo.enqueue(h.db, f.id, 'cancel_window', { by: 'feed', start: windowStart.toISOString(), end, markets: ['1x2:ft:'] }, 'feed', h.clock.now());
    await runSettleQueue(h.db, h.clock);
    expect(await bet(late.id)).toMatchObject({ status: 'cancelled', win_amount: 20_000n });
    expect(await bet(early.id)).toMatchObject({ status: 'won' });
    expect(await money(u2)).toBe(m2 + 20_000n);
    await ledgerOk();

    // rollback_cancel: the late bet is open again (stake taken back) and, its outcome decided, settled again.
    await repo.enqueue(h.db, f.id, 'rollback', { by: 'feed', what: 'cancel', start: windowStart.toISOString(), end }, 'feed', h.clock.now());
    await runSettleQueue(h.db, h.clock);
    expect(await bet(late.id)).toMatchObject({ status: 'won', win_amount: 42_000n });
    expect(await money(u2)).toBe(m2 + 42_000n);
    await ledgerOk();

    // Each change of the late bet is an outbox row (decision 027): every settlement an accrue at its
    // stage, every re-opening a reverse of the stage it undoes (the cancel counts as a settlement).
    const mine = (
      await h.db.query<{ kind: string; stage: number; status: string; amount: bigint }>(
        'SELECT kind, stage, status, amount FROM bet_outbox WHERE bet_id = $1 ORDER BY id',
        [late.id],
      )
    ).rows.map((r) => `${r.kind}:${r.stage}:${r.status}:${r.amount}`);
    expect(mine).toEqual([
      'accrue:1:won:20000',
      'reverse:1:open:20000',
      'accrue:2:won:20000',
      'reverse:2:open:20000',
      'accrue:3:cancelled:20000',
      'reverse:3:open:20000',
      'accrue:4:won:20000',
    ]);
  });

  it('two workers on one item at once (the admin call and the job, batches not aligned): each bet settled once, a re-entry leaves the money exact', async () => {
    const f: KitFixture = await soccer();
    const ids: bigint[] = [];
    for (let i = 0; i < 30; i++)
      ids.push((await placeSportsBet(h.db, h.clock, users[i % 3], [f.outcome('1x2', i % 2 ? 'home' : 'away')], 1_000n + BigInt(i), rid())).id);
    const grade = async (home: string) => {
      await h.db.query(`UPDATE outcomes SET result = CASE code WHEN $2 THEN 'won' ELSE 'lost' END WHERE market_id = $1`, [
        f.outcome('1x2', 'home').marketId,
        home,
      ]);
    };
    await grade('home');
    await h.db.query(`UPDATE fixtures SET result = '{"home":1,"away":0}' WHERE id = $1`, [f.id]);
    const before = await Promise.all(users.map(money));
    const q = await repo.enqueue(h.db, f.id, 'settle', {}, 'feed', h.clock.now());
    await Promise.all([runSettleQueue(h.db, h.clock, { batchSize: 4, onlyItem: q }), runSettleQueue(h.db, h.clock, { batchSize: 5 })]);
    const counts = (await h.db.query<{ settle_count: number }>(`SELECT settle_count FROM bets WHERE id = ANY($1::bigint[])`, [ids.map(String)])).rows;
    expect(counts.map((r) => r.settle_count)).toEqual(ids.map(() => 1));
    await grade('away');
    const q2 = await repo.enqueue(h.db, f.id, 'resettle', { force: true }, 'feed', h.clock.now());
    await Promise.all([runSettleQueue(h.db, h.clock, { batchSize: 5, onlyItem: q2 }), runSettleQueue(h.db, h.clock, { batchSize: 4 })]);
    const rows = (
      await h.db.query<{ status: string; settle_count: number; amount: bigint; win_amount: bigint; user_id: bigint }>(
        `SELECT * FROM bets WHERE id = ANY($1::bigint[])`,
        [ids.map(String)],
      )
    ).rows;
    expect(rows.filter((r) => r.status !== 'open')).toHaveLength(30);
    // A bet both workers reach is recalled and paid again twice (as before the overlap): only the money must be exact.
    expect(rows.every((r) => r.settle_count >= 2)).toBe(true);
    // Final money: the away winners paid once (the home payouts recalled), nothing else.
    expect(rows.filter((r) => r.win_amount > 0n)).toHaveLength(15);
    for (const [i, u] of users.entries()) expect(await money(u)).toBe(before[i] + rows.filter((r) => r.user_id === u).reduce((a, r) => a + r.win_amount, 0n));
    await ledgerOk();
  });

  it('a crash between batches pays nobody twice and forgets nobody: the restart resumes after the last committed batch', async () => {
    const f: KitFixture = await soccer();
    const ids: bigint[] = [];
    for (let i = 0; i < 30; i++)
      ids.push((await placeSportsBet(h.db, h.clock, users[i % 3], [f.outcome('1x2', i % 2 ? 'home' : 'away')], 1_000n + BigInt(i), rid())).id);
    await h.db.query(`UPDATE outcomes SET result = CASE code WHEN 'home' THEN 'won' ELSE 'lost' END WHERE market_id = $1`, [f.outcome('1x2', 'home').marketId]);
    await h.db.query(`UPDATE fixtures SET result = '{"home":1,"away":0}' WHERE id = $1`, [f.id]);
    const before = await Promise.all(users.map(money));
    await repo.enqueue(h.db, f.id, 'settle', {}, 'feed', h.clock.now());
    await expect(
      runSettleQueue(h.db, h.clock, {
        batchSize: 4,
        afterBatch: (k) => {
          if (k === 3) throw new Error('simulated crash');
        },
      }),
    ).rejects.toThrow('simulated crash');
    const mid = (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bets WHERE id = ANY($1::bigint[]) AND status <> 'open'`, [ids.map(String)]))
      .rows[0].n;
    expect(mid).toBe(12);
    // A second crash INSIDE a batch (the database refuses to settle the batch's second bet, after
    // the ledger posting): that batch rolls back whole, nothing of it is paid.
    const second = (
      await h.db.query<{ id: bigint }>(`SELECT id FROM bets WHERE id = ANY($1::bigint[]) AND status = 'open' ORDER BY id LIMIT 1 OFFSET 1`, [ids.map(String)])
    ).rows[0].id;
    const heal = await crashWhenSettling(h.db, second);
    try {
      await expect(runSettleQueue(h.db, h.clock, { batchSize: 4 })).rejects.toThrow('crash while settling');
    } finally {
      await heal();
    }
    const after = (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bets WHERE id = ANY($1::bigint[]) AND status <> 'open'`, [ids.map(String)]))
      .rows[0].n;
    expect(after).toBe(12);
    await ledgerOk();
    await runSettleQueue(h.db, h.clock, { batchSize: 4 });
    const rows = (
      await h.db.query<{ status: string; settle_count: number; amount: bigint; win_amount: bigint; user_id: bigint }>(
        `SELECT * FROM bets WHERE id = ANY($1::bigint[])`,
        [ids.map(String)],
      )
    ).rows;
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.settle_count === 1 && r.status !== 'open')).toBe(true);
    for (const [i, u] of users.entries()) {
      const won = rows.filter((r) => r.user_id === u && r.status === 'won').reduce((a, r) => a + (r.amount * 210n) / 100n, 0n);
      expect(await money(u)).toBe(before[i] + won);
    }
    const tx = (await h.db.query<{ n: number }>(`SELECT count(DISTINCT settled_tx)::int AS n FROM bets WHERE id = ANY($1::bigint[])`, [ids.map(String)]))
      .rows[0].n;
    expect(tx).toBe(8); // 30 bets in batches of 4
    await ledgerOk();
  });

  it('recalculate regrades from the stored result after a market was fixed by hand', async () => {
    const f = await soccer();
    const [u] = users;
    const b = await placeSportsBet(h.db, h.clock, u, [f.outcome('handicap', 'home', '-0.25')], 10_000n, rid());
    await enterResult(h.db, h.clock, admin, f.id, { home: 1, away: 1 }, { mode: 'enter' });
    expect(await bet(b.id)).toMatchObject({ status: 'won', win_amount: 5_000n });
    await h.db.query(`UPDATE outcomes SET result = 'won' WHERE id = $1`, [f.outcome('handicap', 'home', '-0.25').outcomeId]);
    await recalculate(h.db, h.clock, admin, f.id);
    expect(await bet(b.id)).toMatchObject({ status: 'won', win_amount: 5_000n, settle_count: 2 });
    await ledgerOk();
  });

  it('modify grades only what is still open (a special added later); settled bets stay as they are', async () => {
    const f = await soccer();
    const [u] = users;
    const main = await placeSportsBet(h.db, h.clock, u, [f.outcome('1x2', 'home')], 10_000n, rid());
    const special = await placeSportsBet(h.db, h.clock, u, [f.outcome('first_score', 'away')], 10_000n, rid());
    await enterResult(h.db, h.clock, admin, f.id, { home: 1, away: 2 }, { mode: 'enter' });
    expect(await bet(main.id)).toMatchObject({ status: 'lost', settle_count: 1 });
    expect((await bet(special.id)).status).toBe('open');
    await expect(enterResult(h.db, h.clock, admin, 999_999n, { home: 0, away: 0 }, { mode: 'modify' })).rejects.toMatchObject({
      code: 'sports_fixture_not_found',
    });
    const m = await money(u);
    await enterResult(h.db, h.clock, admin, f.id, { home: 1, away: 2, specials: { first_score: 'away' } }, { mode: 'modify' });
    expect(await bet(special.id)).toMatchObject({ status: 'won', win_amount: 22_000n, settle_count: 1 });
    expect(await bet(main.id)).toMatchObject({ status: 'lost', settle_count: 1 });
    expect(await money(u)).toBe(m + 22_000n);
    await ledgerOk();
  });

  it("batches read windows of the fixture's legs: windows whose bets are all settled are passed over, combos on other fixtures come whole", async () => {
    const f = await soccer();
    const g = await soccer();
    const [u] = users;
    // Five bets settled by hand first (the "won" filter leaves them out), then three open ones,
    // one of them a combo with a leg on another fixture.
    const settled = [];
    for (let i = 0; i < 5; i++) settled.push(await placeSportsBet(h.db, h.clock, u, [f.outcome('1x2', 'home')], 1_000n, rid()));
    await h.db.query(`UPDATE bets SET status = 'void' WHERE id = ANY($1::bigint[])`, [settled.map((b) => String(b.id))]);
    const open = [
      await placeSportsBet(h.db, h.clock, u, [f.outcome('1x2', 'away')], 1_000n, rid()),
      await placeSportsBet(h.db, h.clock, u, [g.outcome('1x2', 'home'), f.outcome('1x2', 'draw')], 1_000n, rid()),
      await placeSportsBet(h.db, h.clock, u, [f.outcome('over_under', 'over', '2.75')], 1_000n, rid()),
    ];
    const filter = { statuses: ['open'], markets: null, from: null, to: null, cancelledBy: null };
    const seen: bigint[][] = [];
    for (let cursor = 0n; ;) {
      const rows = await repo.nextBatch(h.db, f.id, cursor, 2, filter);
      if (rows.length === 0) break;
      seen.push([...new Set(rows.map((r) => r.bet_id))]);
      // Every leg of a bet comes with it, also the one on the other fixture.
      for (const b of new Set(rows.map((r) => r.bet_id))) expect(rows.filter((r) => r.bet_id === b).length).toBe(b === open[1].id ? 2 : 1);
      cursor = rows[rows.length - 1].bet_id;
    }
    expect(seen.flat()).toEqual(open.map((b) => b.id));
    // The settled ones are never handed out.
    for (const b of settled) expect(seen.flat()).not.toContain(b.id);
    await h.db.query(`UPDATE bets SET status = 'open' WHERE id = ANY($1::bigint[])`, [settled.map((b) => String(b.id))]);
  });

  it('the background job drains the queue; a poll with nothing queued changes nothing', async () => {
    const f = await soccer();
    const b = await placeSportsBet(h.db, h.clock, users[0], [f.outcome('1x2', 'draw')], 10_000n, rid());
    const job = settleJob(h.deps);
    expect(job.name).toBe('sports-settle');
    await job.run();
    await h.db.query(`UPDATE outcomes SET result = CASE code WHEN 'draw' THEN 'won' ELSE 'lost' END WHERE market_id = $1`, [f.outcome('1x2', 'draw').marketId]);
    await repo.enqueue(h.db, f.id, 'settle', { by: 'feed' }, 'feed', h.clock.now());
    await job.run();
    expect(await bet(b.id)).toMatchObject({ status: 'won', win_amount: 32_000n });
    expect(await repo.openItems(h.db, 10)).toEqual([]);
    await ledgerOk();
  });
});
