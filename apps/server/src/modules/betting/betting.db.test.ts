import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { getBalances, verifyLedger } from '../ledger/service.ts';
import { placeBet, settleBet } from './service.ts';

let h: Harness;
let uid: bigint;
beforeAll(async () => {
  h = await harness();
  uid = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user4'`)).rows[0].id;
});
afterAll(() => h?.close());

const bet = (requestId: string, amount: bigint, odds = '1.95') =>
  h.db.tx((sql) =>
    placeBet(sql, h.clock, { userId: uid, gameType: 'minigame', game: 'EOS 파워볼 1분', round: '77', betType: 'single', selections: [{ name: 'EOS1', pick: '홀', odds }], odds, amount, requestId }),
  );

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
});
