import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());

describe(`responsible-gambling controls on ${testEngine}`, () => {
  it('a daily deposit limit refuses the charge that would pass it', async () => {
    const t = await h.login('user', 'user1');
    const set = await h.call('/api/user/limits/set', { deposit_daily: 50000 }, { token: t });
    expect(set.json.data.deposit_daily).toBe('50000');
    expect((await h.call('/api/user/bank/charge', { charge_money: 30000, request_id: 'lim-000001' }, { token: t })).status).toBe(200);
    h.clock.advance(61_000);
    const over = await h.call('/api/user/bank/charge', { charge_money: 30000, request_id: 'lim-000002' }, { token: t });
    expect(over.status).toBe(409);
    expect(over.json.error.code).toBe('deposit_limit_daily');
    expect(over.json.error.message).toMatch(/daily deposit limit of 50,000 won/);
    const lim = await h.call('/api/user/limits/get', {}, { token: t });
    expect(lim.json.data.deposited_today).toBe('30000');
  });

  it('tightening applies at once; loosening waits a cooling-off day', async () => {
    const t = await h.login('user', 'user2');
    await h.call('/api/user/limits/set', { deposit_monthly: 1_000_000 }, { token: t });
    const looser = await h.call('/api/user/limits/set', { deposit_monthly: 5_000_000 }, { token: t });
    expect(looser.json.data.deposit_monthly).toBe('1000000');
    expect(looser.json.data.pending.deposit_monthly).toBe('5000000');
    const tighter = await h.call('/api/user/limits/set', { deposit_daily: 100_000 }, { token: t });
    expect(tighter.json.data.deposit_daily).toBe('100000');
    h.clock.advance(25 * 3600_000);
    const t2 = await h.login('user', 'user2');
    const later = await h.call('/api/user/limits/get', {}, { token: t2 });
    expect(later.json.data.deposit_monthly).toBe('5000000');
  });

  it('self-exclusion ends the session and refuses sign-in until the date', async () => {
    const t = await h.login('user', 'user3');
    expect((await h.call('/api/user/limits/selfExclude', { period: '7d', password: 'wrong' }, { token: t })).json.error.code).toBe('password_mismatch');
    const r = await h.call('/api/user/limits/selfExclude', { period: '7d', password: '1234' }, { token: t });
    expect(r.status).toBe(200);
    expect((await h.call('/api/user/updateSession', {}, { token: t })).status).toBe(401);
    const login = await h.call('/api/user/login', { account: 'user3', password: '1234' });
    expect(login.status).toBe(403);
    expect(login.json.error.code).toBe('self_excluded');
    h.clock.advance(8 * 86_400_000);
    expect((await h.call('/api/user/login', { account: 'user3', password: '1234' })).status).toBe(200);
  });
});

describe(`loss limit on ${testEngine}`, () => {
  it("refuses a bet that could pass the daily loss limit and reports today's loss", async () => {
    const { placeBet, settleBet } = await import('../betting/index.ts');
    const t = await h.login('user', 'user6');
    const uid = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user6'`)).rows[0].id;
    await h.call('/api/user/limits/set', { loss_daily: 30000 }, { token: t });
    const place = (id: string, amount: bigint) =>
      h.db.tx((sql) =>
        placeBet(sql, h.clock, { userId: uid, gameType: 'minigame', game: 'EOS1', betType: 'single', selections: [], odds: '2.00', amount, requestId: id }),
      );
    const lost = await place('loss-1', 20000n);
    await h.db.tx((sql) => settleBet(sql, h.clock, lost.id, 'lost'));
    await expect(place('loss-2', 15000n)).rejects.toMatchObject({ code: 'loss_limit_daily' });
    await place('loss-3', 10000n); // exactly reaches the limit
    const lim = await h.call('/api/user/limits/get', {}, { token: t });
    expect(lim.json.data.lost_today).toBe('30000');
  });
});
