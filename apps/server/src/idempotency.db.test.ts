import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './test/app.ts';
import { testEngine } from './test/db.ts';
import { getBalances, verifyLedger } from './modules/ledger/index.ts';

// Issue 6.5: a client request id is scoped to its caller and call; an exact repeat returns
// the first answer, a reuse with another payload answers 409 idempotency_conflict.
let h: Harness;
let admin: string;
const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
});
afterAll(() => h?.close());

describe(`request ids on ${testEngine}`, () => {
  it('admin ledger adjust: the same id for another member or amount is refused, in parallel, and moves money once', async () => {
    const [a, b] = [await idOf('user2'), await idOf('user3')];
    const before = [(await getBalances(h.db, a)).money, (await getBalances(h.db, b)).money];
    const body = (user: bigint, amount: number) => ({
      user_id: Number(user),
      asset: 'money',
      amount: String(amount),
      memo: 'promo',
      request_id: 'req-dup-0001',
    });
    const runs = await Promise.all([
      h.call('/api/admin/ledger/adjust', body(a, 1000), { token: admin }),
      h.call('/api/admin/ledger/adjust', body(b, 1000), { token: admin }),
      h.call('/api/admin/ledger/adjust', body(a, 2000), { token: admin }),
      h.call('/api/admin/ledger/adjust', body(a, 1000), { token: admin }),
    ]);
    const ok = runs.filter((r) => r.status === 200);
    const refused = runs.filter((r) => r.status !== 200);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const r of refused) expect([r.status, r.json.error.code]).toEqual([409, 'idempotency_conflict']);
    expect(new Set(ok.map((r) => r.json.data.transaction_id ?? JSON.stringify(r.json.data))).size).toBe(1);
    const after = [(await getBalances(h.db, a)).money, (await getBalances(h.db, b)).money];
    const moved = after[0] - before[0] + (after[1] - before[1]);
    expect([1000n, 2000n]).toContain(moved);
    expect((await verifyLedger(h.db)).ok).toBe(true);
  });

  it('charge requests, exchanges and conversions: an exact repeat replays, another amount is refused', async () => {
    const t = await h.login('user', 'user4');
    const c1 = await h.call('/api/user/bank/charge', { charge_money: 20000, request_id: 'req-charge-01' }, { token: t });
    expect(c1.status).toBe(200);
    const [again, other] = await Promise.all([
      h.call('/api/user/bank/charge', { charge_money: 20000, request_id: 'req-charge-01' }, { token: t }),
      h.call('/api/user/bank/charge', { charge_money: 30000, request_id: 'req-charge-01' }, { token: t }),
    ]);
    expect(again.json.data).toEqual(c1.json.data);
    expect([other.status, other.json.error?.code]).toEqual([409, 'idempotency_conflict']);
    const n = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bank_requests WHERE request_id = 'req-charge-01'`);
    expect(n.rows[0].n).toBe(1);

    const uid = await idOf('user4');
    const grant = await h.call(
      '/api/admin/ledger/adjust',
      { user_id: Number(uid), asset: 'point', amount: '50000', memo: 'test', request_id: 'req-points-01' },
      { token: admin },
    );
    expect(grant.status).toBe(200);
    const pointsBefore = (await getBalances(h.db, uid)).point;
    {
      const p1 = await h.call('/api/user/bank/convertPoint', { point: 10000, request_id: 'req-conv-01' }, { token: t });
      expect(p1.status).toBe(200);
      const p2 = await h.call('/api/user/bank/convertPoint', { point: 20000, request_id: 'req-conv-01' }, { token: t });
      expect([p2.status, p2.json.error?.code]).toEqual([409, 'idempotency_conflict']);
      expect((await getBalances(h.db, uid)).point).toBe(pointsBefore - 10000n);
    }
  });
});
