import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { getBalances, HOUSE, transfer, verifyLedger } from '../ledger/index.ts';

// The agent's money desk (decision 032) over HTTP on the seeded app:
// tophq1 → mainhq1 → subhq1 → branch1 → dist1 → shop1 → user1…user7, plus shop2 → user9 beside shop1.
let h: Harness;
let seq = 0;
const rid = () => `desk-${++seq}-${Date.now()}`;
const ids = new Map<string, bigint>();
const idOf = (account: string) => ids.get(account)!;
const bal = (account: string) => getBalances(h.db, idOf(account));
const atKst = (hhmm: string) => h.clock.set(new Date(Date.parse(`2026-11-24T${hhmm}:00+09:00`)));
// One admin session: each admin sign-in spends a one-time code, and past three in a clock step the
// harness moves the clock on, which would age the charge delay this file tests (decision 050).
let adminToken: string | undefined;
const asAdmin = async (path: string, body: object) => h.call(path, body, { token: (adminToken ??= await h.login('admin', 'admin')) });
const tokens: Record<string, string> = {};
const as = (account: string, path: string, body: object) => h.call(path, body, { token: tokens[account] });
const fund = (account: string, asset: 'money' | 'point', amount: bigint) =>
  h.db.tx((sql) =>
    transfer(sql, h.clock, {
      idempotencyKey: `desk-fund-${account}-${asset}-${++seq}`,
      kind: 'test.fund',
      from: { house: asset === 'money' ? HOUSE.deposits : HOUSE.bonuses, asset },
      to: { user: idOf(account), asset },
      amount,
    }),
  );

beforeAll(async () => {
  h = await harness();
  atKst('10:00');
  const dist = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'dist1'`)).rows[0].id;
  // shop1's password and exchange password (the seed's 1234) for the new accounts.
  const { password_hash: hash, exchange_password_hash: bankHash } = (
    await h.db.query<{ password_hash: string; exchange_password_hash: string }>(
      `SELECT password_hash, exchange_password_hash FROM users WHERE account = 'shop1'`,
    )
  ).rows[0];
  const shop2 = await h.db.query<{ id: bigint }>(
    `INSERT INTO users (account, password_hash, exchange_password_hash, nickname, role, parent_id, status, level, bank_holder)
     VALUES ('shop2', $1, $3, '매장2', 'shop', $2, 'normal_a', 7, '매장2') RETURNING id`,
    [hash, dist, bankHash],
  );
  await h.db.query(
    `INSERT INTO users (account, password_hash, nickname, role, parent_id, status, bank_holder) VALUES ('user9', $1, '회원9', 'user', $2, 'normal_a', '회원9')`,
    [hash, shop2.rows[0].id],
  );
  for (const r of (await h.db.query<{ id: bigint; account: string }>('SELECT id, account FROM users')).rows) ids.set(r.account, r.id);
  for (const a of ['shop1', 'shop2', 'dist1']) tokens[a] = await h.login('agent', a);
  tokens.user1 = await h.login('user', 'user1');
  await asAdmin('/api/admin/settings/update', {
    settings: { charge: { min: 10000, max: null, unit: null, delay_seconds: 0, require_exchange_password: false } },
  });
}, 180_000); // the seeded harness plus three sign-ins, on a shared 2-core machine
afterAll(() => h?.close());
afterEach(async () => expect((await verifyLedger(h.db)).problems).toEqual([]));

describe(`the agent's own charge on ${testEngine}`, () => {
  it('is a waiting request in the admin deposit list with the requester role; one approval adds the money once, with no bonus points', async () => {
    const before = await bal('shop1');
    const requestId = rid();
    const body = { charge_money: '100,000', depositor_name: '매장1', request_id: requestId };
    const r = await as('shop1', '/api/agent/bank/charge', body);
    expect(r.json.error).toBeUndefined();
    expect(r.json.data.request).toMatchObject({ type: 'charge', amount: '100000', status: 'waiting', holder: '매장1' });
    // A retry of the same click is the same request.
    expect((await as('shop1', '/api/agent/bank/charge', body)).json.data.request.id).toBe(r.json.data.request.id);
    expect((await bal('shop1')).money).toBe(before.money);

    const list = await asAdmin('/api/admin/bank/list', { type: 'charge', status: 'waiting', requester: 'agent' });
    const row = list.json.data.rows.find((x: { id: number }) => x.id === r.json.data.request.id);
    expect(row).toMatchObject({ account: 'shop1', role: 'shop', amount: '100000' });
    expect(list.json.data.rows.every((x: { role: string }) => x.role !== 'user')).toBe(true);
    const members = await asAdmin('/api/admin/bank/list', { type: 'charge', status: 'waiting', requester: 'member' });
    expect(members.json.data.rows.some((x: { id: number }) => x.id === row.id)).toBe(false);

    const process = () => asAdmin('/api/admin/bank/process', { type: 'charge', id: row.id, action: 'approve' });
    const [a, b] = await Promise.all([process(), process()]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await process()).json.error.code).toBe('request_state');
    const after = await bal('shop1');
    expect(after.money).toBe(before.money + 100_000n);
    expect(after.point).toBe(before.point); // charge bonus points are for members
    expect((await as('shop1', '/api/agent/bank/logs', { type: 'charge' })).json.data).toMatchObject({ total: 1, amount: '100000' });
  });

  it('keeps the member rules: minimum, depositor name, delay', async () => {
    expect((await as('shop1', '/api/agent/bank/charge', { charge_money: 9_999, request_id: rid() })).json.error.code).toBe('charge_min');
    expect((await as('shop1', '/api/agent/bank/charge', { charge_money: 10_000, depositor_name: '김철수', request_id: rid() })).json.error.code).toBe(
      'depositor_mismatch',
    );
    await asAdmin('/api/admin/settings/update', {
      settings: { charge: { min: 10000, max: null, unit: null, delay_seconds: 60, require_exchange_password: false } },
    });
    expect((await as('shop1', '/api/agent/bank/charge', { charge_money: 20_000, request_id: rid() })).json.error.code).toBe('charge_too_soon');
    await asAdmin('/api/admin/settings/update', {
      settings: { charge: { min: 10000, max: null, unit: null, delay_seconds: 0, require_exchange_password: false } },
    });
  });
});

describe(`the agent's own exchange on ${testEngine}`, () => {
  it('refuses more than the agent holds, holds the money until processed, returns it on refusal', async () => {
    await fund('shop2', 'money', 50_000n);
    const above = await as('shop2', '/api/agent/bank/exchange', { exchange_money: 60_000, bank_password: '1234', request_id: rid() });
    expect(above.status).toBe(409);
    expect(above.json.error.code).toBe('insufficient_funds');
    expect((await bal('shop2')).money).toBe(50_000n);
    expect((await as('shop2', '/api/agent/bank/exchange', { exchange_money: 30_000, bank_password: '9999', request_id: rid() })).json.error.code).toBe(
      'exchange_password_mismatch',
    );

    const body = { exchange_money: 30_000, bank_password: '1234', request_id: rid() };
    const r = await as('shop2', '/api/agent/bank/exchange', body);
    expect(r.json.error).toBeUndefined();
    expect(r.json.data).toMatchObject({ money: '20000', request: { status: 'waiting', amount: '30000', money_after: '20000' } });
    expect((await as('shop2', '/api/agent/bank/exchange', body)).json.data.request.id).toBe(r.json.data.request.id);
    expect((await bal('shop2')).money).toBe(20_000n);
    // The member rule "one request per 3 hours" holds for agents too.
    expect((await as('shop2', '/api/agent/bank/exchange', { exchange_money: 10_000, bank_password: '1234', request_id: rid() })).json.error.code).toBe(
      'exchange_too_soon',
    );
    const list = await asAdmin('/api/admin/bank/list', { type: 'exchange', status: 'waiting' });
    expect(list.json.data.rows.find((x: { id: number }) => x.id === r.json.data.request.id)).toMatchObject({ account: 'shop2', role: 'shop' });
    expect((await asAdmin('/api/admin/bank/process', { type: 'exchange', id: r.json.data.request.id, action: 'refuse' })).status).toBe(200);
    expect((await bal('shop2')).money).toBe(50_000n);
  });
});

describe(`the agent's point conversion on ${testEngine}`, () => {
  it('converts its own points 1:1 under the member minimum and unit, once per request id', async () => {
    await fund('dist1', 'point', 20_000n);
    const before = await bal('dist1');
    expect((await as('dist1', '/api/agent/bank/convertPoint', { point: 1, request_id: rid() })).json.error.code).toBe('point_min');
    const body = { point: 10_000, request_id: rid() };
    const r = await as('dist1', '/api/agent/bank/convertPoint', body);
    expect(r.json.error).toBeUndefined();
    expect(r.json.data.conversion).toMatchObject({ kind: 'point_to_money', amount: '10000' });
    expect(r.json.data.balances.money).toBe(String(before.money + 10_000n));
    expect((await as('dist1', '/api/agent/bank/convertPoint', body)).json.data.conversion.id).toBe(r.json.data.conversion.id);
    const after = await bal('dist1');
    expect([after.point, after.money]).toEqual([before.point - 10_000n, before.money + 10_000n]);
  });
});

describe(`the subtree's histories on ${testEngine}`, () => {
  let memberRequest: number;
  beforeAll(async () => {
    const r = await h.call('/api/user/bank/charge', { charge_money: 70_000, request_id: rid() }, { token: tokens.user1 });
    memberRequest = r.json.data.request.id;
  });

  it('shows the requests of every account below, never the agent own nor a sibling tree', async () => {
    const byShop1 = (await as('shop1', '/api/agent/bank/lowerLogs', { type: 'charge' })).json.data;
    expect(byShop1.rows.map((x: { id: number }) => x.id)).toEqual([memberRequest]);
    expect(byShop1).toMatchObject({ total: 1, amount: '70000', approved_amount: '0' });
    expect(byShop1.rows[0]).toMatchObject({ account: 'user1', role: 'user', parent_account: 'shop1', status: 'waiting' });
    // dist1 sees its shop's own charge and the member's; shop2 sees neither.
    const byDist = (await as('dist1', '/api/agent/bank/lowerLogs', { type: 'charge' })).json.data;
    expect(byDist.rows.map((x: { account: string }) => x.account).sort()).toEqual(['shop1', 'user1']);
    expect(byDist).toMatchObject({ total: 2, amount: '170000', approved_amount: '100000' });
    expect((await as('shop2', '/api/agent/bank/lowerLogs', { type: 'charge' })).json.data.total).toBe(0);
    expect((await as('dist1', '/api/agent/bank/lowerLogs', { type: 'charge', status: 'approved' })).json.data.rows[0].account).toBe('shop1');
    expect((await as('dist1', '/api/agent/bank/lowerLogs', { type: 'charge', search: 'user' })).json.data.total).toBe(1);
    expect((await as('dist1', '/api/agent/bank/lowerLogs', { type: 'exchange' })).json.data.rows[0]).toMatchObject({ account: 'shop2', status: 'refused' });
  });

  it('answers a named account outside the subtree with not_in_subtree, whatever the id', async () => {
    for (const target of [idOf('user9'), idOf('dist1'), 999_999n]) {
      const r = await as('shop1', '/api/agent/bank/lowerLogs', { type: 'charge', user_id: Number(target) });
      expect(r.status).toBe(404);
      expect(r.json.error.code).toBe('not_in_subtree');
    }
    expect((await as('shop1', '/api/agent/bank/lowerLogs', { type: 'charge', user_id: Number(idOf('user1')) })).json.data.total).toBe(1);
  });

  it('keeps to the period: another day shows nothing', async () => {
    const r = await as('shop1', '/api/agent/bank/lowerLogs', { type: 'charge', startedAt: '2026-11-20', endedAt: '2026-11-21' });
    expect(r.json.data).toMatchObject({ total: 0, amount: '0' });
  });
});

describe(`reports on ${testEngine}`, () => {
  it('the money report is the ledger statement with a running balance and the period in and out', async () => {
    const r = (await as('shop1', '/api/agent/report/money', {})).json.data;
    const now = await bal('shop1');
    expect(r.rows[0].after).toBe(String(now.money));
    for (const [i, row] of r.rows.entries()) {
      expect(BigInt(row.after) - BigInt(row.before)).toBe(BigInt(row.amount));
      if (i > 0) expect(r.rows[i - 1].before).toBe(row.after); // consecutive: each line starts where the older one ended
    }
    const charges = (await as('shop1', '/api/agent/report/money', { group: 'charge' })).json.data;
    expect(charges.rows).toEqual([expect.objectContaining({ kind: 'charge.approve', amount: '100000' })]);
    expect(charges).toMatchObject({ total: 1, credit: '100000', debit: '0' });
  });

  it('the trade report sums what moved to and from each sub-account, with totals', async () => {
    const move = (path: string, status: string, amount: number, user: string) =>
      as('shop1', path, { status, money: amount, ...(path.includes('point') ? { point: amount } : {}), user_id: Number(idOf(user)), request_id: rid() });
    await fund('shop1', 'point', 1_000n);
    expect((await move('/api/agent/child/money/update', 'grant', 5_000, 'user1')).json.error).toBeUndefined();
    await move('/api/agent/child/money/update', 'reclaim', 2_000, 'user1');
    await move('/api/agent/user/point/update', 'grant', 300, 'user1');
    await move('/api/agent/child/money/update', 'grant', 1_000, 'user2');
    const r = (await as('shop1', '/api/agent/report/trade', {})).json.data;
    expect(r.total).toBe(2);
    expect(r.rows[0]).toMatchObject({ account: 'user1', money_granted: '5000', money_reclaimed: '2000', point_granted: '300', money_net: '3000', count: 3 });
    expect(r.rows[1]).toMatchObject({ account: 'user2', money_granted: '1000', money_net: '1000', count: 1 });
    expect(r.totals).toMatchObject({ money_granted: '6000', money_reclaimed: '2000', point_granted: '300', money_net: '4000', count: 4 });
    // The other side sees nothing of shop1's trades.
    expect((await as('shop2', '/api/agent/report/trade', {})).json.data.total).toBe(0);
    const lower = (await as('shop1', '/api/agent/report/money', { group: 'lower' })).json.data;
    expect(lower).toMatchObject({ total: 3, credit: '2000', debit: '6000' });
  });
});
