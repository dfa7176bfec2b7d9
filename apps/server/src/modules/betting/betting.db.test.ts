import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { observe } from '../../platform/db.ts';
import { getBalances, shardOf, verifyLedger } from '../ledger/index.ts';
import { placeBet, settleBet } from './service.ts';
import { minigameBetInput } from '../../test/bets.ts';
import { holdRows } from '../../test/locks.ts';

let h: Harness;
let uid: bigint;
beforeAll(async () => {
  h = await harness();
  uid = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user4'`)).rows[0].id;
});
afterAll(() => h?.close());

const bet = (requestId: string, amount: bigint, odds = '1.95') =>
  h.db.tx((sql) => placeBet(sql, h.clock, minigameBetInput(uid, requestId, { amount, odds, round: '77' })));

describe(`bets on ${testEngine}`, () => {
  it('holds the stake, replays a request id, and refuses more than the held money', async () => {
    const b = await bet('b-1', 10_000n);
    expect(b).toMatchObject({ status: 'open', potential_win: 19_500n, money_before: 400_000n, money_after: 390_000n });
    expect((await bet('b-1', 10_000n)).id).toBe(b.id);
    expect((await getBalances(h.db, uid)).money).toBe(390_000n);
    await expect(bet('b-2', 10_000_000n)).rejects.toMatchObject({ code: 'insufficient_funds' });
  });

  it('pays a win, keeps a loss, refunds a void, and settles only once', async () => {
    const w = await bet('b-3', 10_000n);
    const l = await bet('b-4', 10_000n);
    const v = await bet('b-5', 10_000n);
    expect((await getBalances(h.db, uid)).money).toBe(360_000n);
    await h.db.tx((sql) => settleBet(sql, h.clock, w.id, 'won'));
    await h.db.tx((sql) => settleBet(sql, h.clock, l.id, 'lost'));
    await h.db.tx((sql) => settleBet(sql, h.clock, v.id, 'void'));
    expect((await getBalances(h.db, uid)).money).toBe(360_000n + 19_500n + 10_000n);
    await expect(h.db.tx((sql) => settleBet(sql, h.clock, w.id, 'won'))).rejects.toMatchObject({ code: 'bet_settled' });
    expect((await verifyLedger(h.db)).problems).toEqual([]);
  });

  it('lists the history with filters, summary and detail; other players cannot read it', async () => {
    const t = await h.login('user', 'user4');
    const all = await h.call('/api/user/bet/history', {}, { token: t });
    expect(all.json.data.total).toBe(4);
    expect(all.json.data.summary).toEqual({ amount: '40000', win_amount: '29500', count: 4 });
    const won = await h.call('/api/user/bet/history', { status: 'won' }, { token: t });
    expect(won.json.data.bets).toHaveLength(1);
    expect(won.json.data.bets[0]).toMatchObject({ odds: '1.95', amount: '10000', win_amount: '19500', game_type: 'minigame' });
    expect((await h.call('/api/user/bet/history', { game_type: 'sports' }, { token: t })).json.data.total).toBe(0);
    expect((await h.call('/api/user/bet/history', { startedAt: '2020-01-01', endedAt: '2020-01-02' }, { token: t })).json.data.total).toBe(0);
    const id = won.json.data.bets[0].id;
    expect((await h.call('/api/user/bet/detail', { id }, { token: t })).json.data.bet.id).toBe(id);
    const other = await h.login('user', 'user5');
    expect((await h.call('/api/user/bet/detail', { id }, { token: other })).status).toBe(404);
  });

  it('seeded demo bets are in the ledger like real ones', async () => {
    const t = await h.login('user', 'user1');
    const r = await h.call('/api/user/bet/history', { startedAt: '2020-01-01', endedAt: '2030-12-31' }, { token: t });
    expect(r.json.data.total).toBe(3);
    expect(r.json.data.bets.map((b: any) => b.status).sort()).toEqual(['lost', 'open', 'won']);
  });

  it('a warmed-up bet is BEGIN + 1 statement + COMMIT; with a loss limit set, 5, refused past the limit (decision 012)', async () => {
    const counted = (requestId: string, amount: bigint) => {
      const seen: string[] = [];
      const placed = h.db.tx((sql) =>
        placeBet(
          observe(sql, (text) => seen.push(text)),
          h.clock,
          {
            userId: uid,
            gameType: 'minigame',
            game: 'EOS 파워볼 1분',
            round: '78',
            betType: 'single',
            selections: [{ name: 'EOS1', pick: '짝', odds: '2' }],
            odds: '2',
            amount,
            requestId,
          },
        ),
      );
      return { seen, placed };
    };
    // A request id whose ledger key hashes to the same house shard as warm-1 keeps the account ids cached.
    const key = (r: string) => `bet:place:${uid}:${r}`;
    await bet('warm-1', 1_000n);
    const ids = Array.from({ length: 200 }, (_, i) => `warm-${i + 2}`).filter((r) => shardOf(key(r)) === shardOf(key('warm-1')));
    const before = (await getBalances(h.db, uid)).money;

    const first = counted(ids[0], 1_000n);
    const b = await first.placed;
    // One statement: the member lock is the posting's guard (decision 012, third pass).
    expect(first.seen).toHaveLength(1);
    // The row built from the attached insert is the row in the table.
    expect(b).toEqual((await h.db.query(`SELECT * FROM bets WHERE id = $1`, [b.id])).rows[0]);
    expect(b).toMatchObject({ odds: '2.00', money_before: before, money_after: before - 1_000n, potential_win: 2_000n, status: 'open' });

    await h.db.query(`INSERT INTO member_limits (user_id, loss_daily, updated_at) VALUES ($1, 1000000000000, now())`, [uid]);
    const limited = counted(ids[1], 1_000n);
    await limited.placed;
    // With a limit: the guard says no (nothing written), the replay probe, the lock, the loss sum, the posting.
    expect(limited.seen).toHaveLength(5);

    await h.db.query(`UPDATE member_limits SET loss_daily = 1 WHERE user_id = $1`, [uid]);
    const refused = counted(ids[2], 1_000n);
    await expect(refused.placed).rejects.toMatchObject({ code: 'loss_limit_daily' });
    expect(refused.seen).toHaveLength(4);
    expect((await getBalances(h.db, uid)).money).toBe(before - 2_000n);
    expect((await h.db.query(`SELECT 1 FROM bets WHERE user_id = $1 AND request_id = $2`, [uid, ids[2]])).rows).toEqual([]);
    expect((await verifyLedger(h.db)).problems).toEqual([]);
  });

  it('the folded guard holds the member lock: a bet waits while another transaction holds the member', async () => {
    await h.db.query('DELETE FROM member_limits WHERE user_id = $1', [uid]);
    const member = await holdRows(h.db, 'SELECT id FROM users WHERE id = $1 FOR UPDATE', [uid]);
    let done = false;
    const placed = bet(`lock-wait-${Date.now()}`, 1_000n).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toBe(false);
    await member.release();
    await placed;
    expect(done).toBe(true);
  });

  it('outside a transaction: a warmed-up bet is one statement, no BEGIN/COMMIT; a loss limit opens one', async () => {
    await h.db.query('DELETE FROM member_limits WHERE user_id = $1', [uid]);
    const key = (r: string) => `bet:place:${uid}:${r}`;
    await bet('bare-warm', 1_000n);
    const ids = Array.from({ length: 300 }, (_, i) => `bare-${i}`).filter((r) => shardOf(key(r)) === shardOf(key('bare-warm')));
    const bare = (requestId: string) => {
      const seen: string[] = [];
      const placed = placeBet(
        observe(h.db, (text) => seen.push(text)),
        h.clock,
        {
          userId: uid,
          gameType: 'minigame',
          game: 'EOS 파워볼 1분',
          round: '79',
          betType: 'single',
          selections: [{ name: 'EOS1', pick: '홀', odds: '1.95' }],
          odds: '1.95',
          amount: 1_000n,
          requestId,
        },
      );
      return { seen, placed };
    };
    const before = (await getBalances(h.db, uid)).money;
    const one = bare(ids[0]);
    const b = await one.placed;
    expect(one.seen).toHaveLength(1);
    expect(one.seen[0]).not.toMatch(/^(BEGIN|COMMIT)/);
    expect(b).toEqual((await h.db.query(`SELECT * FROM bets WHERE id = $1`, [b.id])).rows[0]);
    expect(b).toMatchObject({ money_before: before, money_after: before - 1_000n });
    // A replay outside a transaction: the statement inserts nothing, then the probe and the first bet are read.
    const again = bare(ids[0]);
    expect((await again.placed).id).toBe(b.id);
    expect(again.seen.length).toBeGreaterThan(0);
    expect(again.seen.some((t) => t === 'BEGIN')).toBe(false);

    // With a loss limit the lock, the loss sum (a fresh snapshot after the lock) and the posting need a transaction.
    await h.db.query(`INSERT INTO member_limits (user_id, loss_daily, updated_at) VALUES ($1, 1000000000000, now())`, [uid]);
    const limited = bare(ids[1]);
    await limited.placed;
    expect(limited.seen.slice(2, 3)).toEqual(['BEGIN']);
    expect(limited.seen).toHaveLength(7); // guard says no, replay probe, BEGIN, lock, loss sum, posting, COMMIT
    expect(limited.seen.at(-1)).toBe('COMMIT');
    await h.db.query('DELETE FROM member_limits WHERE user_id = $1', [uid]);

    expect((await verifyLedger(h.db)).problems).toEqual([]);
  });

  it('outside a transaction the folded guard still waits for the member lock', async () => {
    const member = await holdRows(h.db, 'SELECT id FROM users WHERE id = $1 FOR UPDATE', [uid]);
    let done = false;
    const placed = placeBet(h.db, h.clock, minigameBetInput(uid, `bare-lock-wait-${Date.now()}`, { round: '80' })).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toBe(false);
    await member.release();
    await placed;
    expect(done).toBe(true);
  });
});
