import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/passwords.ts';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { getBalances, HOUSE, transfer, verifyLedger } from '../ledger/index.ts';

// Agent grants and reclaims of money and points, over HTTP on the seeded app (decision 029).
// Seed: tophq1 → mainhq1 → subhq1 → branch1 → dist1 → shop1 → user1…user7.
let h: Harness;
let admin: string;
let shop1: string;
const ids = new Map<string, bigint>();
const idOf = (account: string) => ids.get(account)!;
let seq = 0;
const rid = () => `req-${++seq}-${Date.now()}`;

const fund = (id: bigint, asset: 'money' | 'point', amount: bigint) =>
  h.db.tx((sql) =>
    transfer(sql, h.clock, {
      idempotencyKey: `fund-${id}-${asset}-${++seq}`,
      kind: 'test.fund',
      from: { house: asset === 'money' ? HOUSE.deposits : HOUSE.bonuses, asset },
      to: { user: id, asset },
      amount,
    }),
  );
const bal = (account: string) => getBalances(h.db, idOf(account));
const txCount = async () => Number((await h.db.query<{ n: bigint }>('SELECT count(*) AS n FROM ledger_transactions')).rows[0].n);
const money = (token: string, body: Record<string, unknown>) => h.call('/api/agent/child/money/update', body, { token });
const points = (token: string, body: Record<string, unknown>) => h.call('/api/agent/user/point/update', body, { token });
const ledgerOk = async () => expect(await verifyLedger(h.db)).toEqual({ ok: true, problems: [] });

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
  // A second shop under dist1 with a member of its own: beside shop1, not below it.
  const hash = await hashPassword('1234');
  const dist = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'dist1'`)).rows[0].id;
  const shop2 = await h.db.query<{ id: bigint }>(
    `INSERT INTO users (account, password_hash, nickname, role, parent_id, status, level) VALUES ('shop2', $1, '매장2', 'shop', $2, 'normal_a', 7) RETURNING id`,
    [hash, dist],
  );
  await h.db.query(`INSERT INTO users (account, password_hash, nickname, role, parent_id, status) VALUES ('user9', $1, '회원9', 'user', $2, 'normal_a')`, [
    hash,
    shop2.rows[0].id,
  ]);
  for (const r of (await h.db.query<{ id: bigint; account: string }>('SELECT id, account FROM users')).rows) ids.set(r.account, r.id);
  shop1 = await h.login('agent', 'shop1');
  await fund(idOf('shop1'), 'money', 100_000n);
  await fund(idOf('shop1'), 'point', 5_000n);
});
afterAll(() => h.close());

describe(`agent grants and reclaims on ${testEngine}`, () => {
  it('a grant moves exactly the amount from the agent to the member, with the memo, audited', async () => {
    const [a0, u0] = [await bal('shop1'), await bal('user1')];
    const r = await money(shop1, { status: 'grant', money: '30,000', memo: '이벤트 지급', user_id: Number(idOf('user1')), request_id: rid() });
    expect(r.json.error).toBeUndefined();
    expect(r.json.data).toMatchObject({ status: 'grant', amount: '30000', balance: String(u0.money + 30_000n), agent_balance: String(a0.money - 30_000n) });
    expect((await bal('shop1')).money).toBe(a0.money - 30_000n);
    expect((await bal('user1')).money).toBe(u0.money + 30_000n);
    const tx = await h.db.query('SELECT kind, memo FROM ledger_transactions WHERE id = $1', [r.json.data.transaction_id]);
    expect(tx.rows[0]).toMatchObject({ kind: 'agent.grant', memo: '이벤트 지급' });
    const audit = await h.db.query(`SELECT actor_type, actor_id, target, after FROM audit_log WHERE action = 'agent.money.grant'`);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor_type: 'agent', actor_id: idOf('shop1'), target: `user:${idOf('user1')}` });
    expect(audit.rows[0].after).toMatchObject({ amount: '30000', memo: '이벤트 지급' });
    await ledgerOk();
  });

  it('a reclaim moves exactly the amount back from the member to the agent', async () => {
    const [a0, u0] = [await bal('shop1'), await bal('user1')];
    const r = await money(shop1, { status: 'reclaim', money: 12_000, user_id: Number(idOf('user1')), request_id: rid() });
    expect(r.json.data).toMatchObject({ status: 'reclaim', amount: '12000', balance: String(u0.money - 12_000n), agent_balance: String(a0.money + 12_000n) });
    expect((await bal('shop1')).money).toBe(a0.money + 12_000n);
    expect((await bal('user1')).money).toBe(u0.money - 12_000n);
    expect((await h.db.query('SELECT kind FROM ledger_transactions WHERE id = $1', [r.json.data.transaction_id])).rows[0].kind).toBe('agent.reclaim');
    await ledgerOk();
  });

  it('points move the same way, and only points', async () => {
    const [a0, u0] = [await bal('shop1'), await bal('user2')];
    const g = await points(shop1, { status: 'grant', point: '2000', memo: 'p', user_id: Number(idOf('user2')), request_id: rid() });
    expect(g.json.data).toMatchObject({ amount: '2000', balance: String(u0.point + 2000n), agent_balance: String(a0.point - 2000n) });
    // The spec also lists `money` for this call: alone it is the point amount.
    const c = await points(shop1, { status: 'reclaim', money: '500', user_id: Number(idOf('user2')), request_id: rid() });
    expect(c.json.data).toMatchObject({ amount: '500', balance: String(u0.point + 1500n) });
    const [a1, u1] = [await bal('shop1'), await bal('user2')];
    expect([a1.point, u1.point]).toEqual([a0.point - 1500n, u0.point + 1500n]);
    expect([a1.money, u1.money]).toEqual([a0.money, u0.money]);
    const both = await points(shop1, { status: 'grant', point: '1', money: '2', user_id: Number(idOf('user2')), request_id: rid() });
    expect(both.status).toBe(400);
    const none = await points(shop1, { status: 'grant', user_id: Number(idOf('user2')), request_id: rid() });
    expect(none.status).toBe(400);
    await ledgerOk();
  });

  it('a retry with the same request id answers the first result and moves nothing twice', async () => {
    const body = { status: 'grant', money: '7000', memo: 'once', user_id: Number(idOf('user3')), request_id: rid() };
    const first = await money(shop1, body);
    expect(first.json.error).toBeUndefined();
    const [a1, u1, n1] = [await bal('shop1'), await bal('user3'), await txCount()];
    // Something else moves in between: the replay still answers the first balances.
    await money(shop1, { ...body, money: '1000', request_id: rid() });
    const again = await money(shop1, body);
    expect(again.json.data).toEqual(first.json.data);
    expect((await bal('shop1')).money).toBe(a1.money - 1000n);
    expect((await bal('user3')).money).toBe(u1.money + 1000n);
    expect(await txCount()).toBe(n1 + 1);
    const reuse = await money(shop1, { ...body, money: '7001' });
    expect(reuse.status).toBe(409);
    expect(reuse.json.error.code).toBe('idempotency_conflict');
    // The same id on the other call is another request too.
    expect((await points(shop1, { ...body, point: '7000', money: undefined })).json.error.code).toBe('idempotency_conflict');
    await ledgerOk();
  });

  it('a grant above the agent balance is refused and changes nothing', async () => {
    const [a0, u0, n0] = [await bal('shop1'), await bal('user4'), await txCount()];
    const r = await money(shop1, { status: 'grant', money: String(a0.money + 1n), user_id: Number(idOf('user4')), request_id: rid() });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('insufficient_funds');
    const p = await points(shop1, { status: 'grant', point: String(a0.point + 1n), user_id: Number(idOf('user4')), request_id: rid() });
    expect(p.json.error.code).toBe('insufficient_funds');
    expect([await bal('shop1'), await bal('user4'), await txCount()]).toEqual([a0, u0, n0]);
    await ledgerOk();
  });

  it('a reclaim above what the member holds is refused with its own code and changes nothing', async () => {
    await money(shop1, { status: 'grant', money: '3000', user_id: Number(idOf('user5')), request_id: rid() });
    const [a0, u0, n0] = [await bal('shop1'), await bal('user5'), await txCount()];
    const r = await money(shop1, { status: 'reclaim', money: String(u0.money + 1n), user_id: Number(idOf('user5')), request_id: rid() });
    expect(r.status).toBe(409);
    expect(r.json.error).toMatchObject({ code: 'agent_reclaim_exceeds', params: { amount: String(u0.money) } });
    const p = await points(shop1, { status: 'reclaim', point: String(u0.point + 1n), user_id: Number(idOf('user5')), request_id: rid() });
    expect(p.json.error.code).toBe('agent_reclaim_exceeds');
    expect([await bal('shop1'), await bal('user5'), await txCount()]).toEqual([a0, u0, n0]);
  });

  it('refuses an account outside the subtree, above the agent, unknown, or the agent itself', async () => {
    const n0 = await txCount();
    for (const target of [idOf('user9'), idOf('shop2'), idOf('dist1'), 9_999_999n]) {
      const r = await money(shop1, { status: 'grant', money: '100', user_id: Number(target), request_id: rid() });
      expect(r.status, String(target)).toBe(404);
      expect(r.json.error.code).toBe('not_in_subtree');
      const back = await points(shop1, { status: 'reclaim', point: '1', user_id: Number(target), request_id: rid() });
      expect(back.json.error.code).toBe('not_in_subtree');
    }
    const self = await money(shop1, { status: 'grant', money: '100', user_id: Number(idOf('shop1')), request_id: rid() });
    expect(self.json.error.code).toBe('agent_money_self');
    expect(await txCount()).toBe(n0);
  });

  it('casino pay-in and pay-out go through the casino service, inside the subtree only', async () => {
    const [a0, u0] = [await bal('shop1'), await bal('user6')];
    const pay = (path: string, target: string, balance: string) =>
      h.call(path, { balance, targetUserId: Number(idOf(target)), memo: 'c', request_id: rid() }, { token: shop1 });
    expect((await pay('/api/agent/user/casino/depositBalance', 'user6', '2500')).json.data).toEqual({
      casino: String(u0.casino + 2500n),
      money: String(u0.money),
    });
    expect((await pay('/api/agent/user/casino/withdrawBalance', 'user6', '500')).json.data.casino).toBe(String(u0.casino + 2000n));
    expect((await bal('shop1')).money).toBe(a0.money - 2000n);
    const n0 = await txCount();
    for (const path of ['/api/agent/user/casino/depositBalance', '/api/agent/user/casino/withdrawBalance'])
      expect((await pay(path, 'user9', '100')).json.error.code).toBe('not_in_subtree');
    expect(await txCount()).toBe(n0);
    await ledgerOk();
  });

  it('a higher agent reaches lower agents and members at any depth', async () => {
    const top = await h.login('agent', 'tophq1');
    await fund(idOf('tophq1'), 'money', 10_000n);
    const d0 = await bal('dist1');
    const toAgent = await money(top, { status: 'grant', money: '4000', user_id: Number(idOf('dist1')), request_id: rid() });
    expect(toAgent.json.data.balance).toBe(String(d0.money + 4000n));
    const u0 = await bal('user9');
    const deep = await money(top, { status: 'grant', money: '1000', user_id: Number(idOf('user9')), request_id: rid() });
    expect(deep.json.data.balance).toBe(String(u0.money + 1000n));
    const back = await money(top, { status: 'reclaim', money: '4000', user_id: Number(idOf('dist1')), request_id: rid() });
    expect(back.json.data).toMatchObject({ balance: String(d0.money), agent_balance: '9000' });
    await ledgerOk();
  });

  it('refuses an agent an admin restricted from managing lower accounts, then allows it again', async () => {
    const set = (on: boolean) =>
      h.call('/api/admin/member/setRestrictions', { user_id: Number(idOf('shop1')), restrictions: { lower_creation: on } }, { token: admin });
    expect((await set(true)).json.error).toBeUndefined();
    const n0 = await txCount();
    const r = await money(shop1, { status: 'grant', money: '100', user_id: Number(idOf('user6')), request_id: rid() });
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('activity_restricted');
    const pay = await h.call(
      '/api/agent/user/casino/depositBalance',
      { balance: '100', targetUserId: Number(idOf('user6')), request_id: rid() },
      { token: shop1 },
    );
    expect(pay.json.error.code).toBe('activity_restricted');
    expect(await txCount()).toBe(n0);
    await set(false);
    expect((await money(shop1, { status: 'grant', money: '100', user_id: Number(idOf('user6')), request_id: rid() })).json.error).toBeUndefined();
  });

  it('refuses a stopped agent', async () => {
    const dist = await h.login('agent', 'dist1');
    await fund(idOf('dist1'), 'money', 1000n);
    const stop = await h.call('/api/admin/member/setStatus', { user_id: Number(idOf('dist1')), status: 'suspended' }, { token: admin });
    expect(stop.json.error).toBeUndefined();
    const n0 = await txCount();
    const r = await money(dist, { status: 'grant', money: '100', user_id: Number(idOf('user7')), request_id: rid() });
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('account_suspended');
    expect(await txCount()).toBe(n0);
    await h.call('/api/admin/member/setStatus', { user_id: Number(idOf('dist1')), status: 'normal_a' }, { token: admin });
  });

  it.runIf(testEngine === 'pg')('20 concurrent grants from one agent never overdraw it', async () => {
    const branch = await h.login('agent', 'branch1');
    const start = (await bal('branch1')).money;
    // Exactly ten grants' worth on top of what it holds.
    await fund(idOf('branch1'), 'money', 10n * 1000n - (start % 1000n));
    const held = (await bal('branch1')).money;
    const fits = Number(held / 1000n);
    expect(fits).toBeLessThan(20); // some must be refused, or the test proves nothing
    const members = ['user1', 'user2', 'user3', 'user4', 'user5', 'user6', 'user7', 'user9'];
    const before = await Promise.all(members.map(bal));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        money(branch, { status: 'grant', money: '1000', user_id: Number(idOf(members[i % members.length])), request_id: rid() }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200).length;
    expect(ok).toBe(fits);
    for (const a of answers) if (a.status !== 200) expect(a.json.error.code).toBe('insufficient_funds');
    expect((await bal('branch1')).money).toBe(held - BigInt(ok) * 1000n);
    const after = await Promise.all(members.map(bal));
    const gained = after.reduce((s, b, i) => s + b.money - before[i].money, 0n);
    expect(gained).toBe(BigInt(ok) * 1000n);
    await ledgerOk();
  });
});
