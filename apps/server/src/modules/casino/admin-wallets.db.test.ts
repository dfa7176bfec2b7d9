import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { verifyAudit } from '../audit/index.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { launchToken } from './test-wallet.ts';

let h: Harness;
let admin: string;
let seq = 0;
const rid = (p: string) => `${p}-request-${++seq}`;

const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;
const bal = (id: bigint) => getBalances(h.db, id);
const count = async (table: string) => Number((await h.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const audits = (action: string, target: string) =>
  h.db
    .query<{ after: Record<string, unknown> }>('SELECT after FROM audit_log WHERE action = $1 AND target = $2 ORDER BY id', [action, target])
    .then((r) => r.rows);
const ledgerOk = async () => {
  expect(await verifyLedger(h.db)).toEqual({ ok: true, problems: [] });
  expect((await verifyAudit(h.db)).ok).toBe(true);
};
const list = (body: object) => h.call('/api/admin/casino/wallets/list', body, { token: admin });
const retrieve = (body: object) => h.call('/api/admin/casino/wallets/retrieve', body, { token: admin });
const setMode = async (mode: string) => {
  const r = await h.call('/api/admin/casino/vendors/update', { code: 'house', wallet_mode: mode }, { token: admin });
  expect(r.json.data.vendor.effective_mode).toBe(mode);
};
const toCasino = async (account: string, amount: string) => {
  const member = await h.login('user', account);
  const r = await h.call('/api/user/bank/convertCasino', { direction: 'to_casino', amount, request_id: rid(account) }, { token: member });
  expect(r.status).toBe(200);
  return member;
};

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
  await setMode('transfer');
});
afterAll(() => h?.close());

describe(`admin egg and casino-money management (${testEngine})`, () => {
  it('pays and retrieves eggs; the egg tab lists holders; each action is audited', async () => {
    const id = await idOf('user1');
    const start = await bal(id);
    const pay = await h.call(
      '/api/admin/ledger/adjust',
      { user_id: Number(id), asset: 'egg', amount: '300', memo: 'egg event', request_id: rid('egg') },
      { token: admin },
    );
    expect(pay.json.data.balance).toBe(String(start.egg + 300n));
    const back = await h.call(
      '/api/admin/ledger/adjust',
      { user_id: Number(id), asset: 'egg', amount: '-100', memo: 'egg fix', request_id: rid('egg') },
      { token: admin },
    );
    expect(back.json.data.balance).toBe(String(start.egg + 200n));
    expect(await bal(id)).toEqual({ ...start, egg: start.egg + 200n });
    expect((await audits('balance.grant', `user:${id}`)).map((a) => a.after)).toContainEqual(expect.objectContaining({ asset: 'egg', amount: '300' }));
    expect((await audits('balance.reclaim', `user:${id}`)).map((a) => a.after)).toContainEqual(expect.objectContaining({ asset: 'egg', amount: '-100' }));

    // More than the member holds: refused, nothing moves.
    const over = await h.call(
      '/api/admin/ledger/adjust',
      { user_id: Number(id), asset: 'egg', amount: String(-(start.egg + 201n)), memo: 'too much', request_id: rid('egg') },
      { token: admin },
    );
    expect(over.status).toBe(409);
    expect(await bal(id)).toEqual({ ...start, egg: start.egg + 200n });

    const eggs = await list({ tab: 'egg', search: 'user1' });
    expect(eggs.status).toBe(200);
    expect(eggs.json.data.rows).toEqual([
      expect.objectContaining({ id: Number(id), account: 'user1', egg: String(start.egg + 200n), money: String(start.money) }),
    ]);
    expect(eggs.json.data.totals.egg_members).toBeGreaterThanOrEqual(1);
    await ledgerOk();
  });

  it('shows casino money at the vendor it was played at, or at none, with totals per solution', async () => {
    const played = await idOf('user2');
    const member = await toCasino('user2', '50000');
    await launchToken(h, member);
    const unplayed = await idOf('user3');
    await toCasino('user3', '7000');

    const house = await list({ tab: 'vendor', vendor: 'house' });
    expect(house.json.data.rows).toEqual([
      expect.objectContaining({ account: 'user2', casino: '50000', vendor: 'house', wallet_mode: 'transfer', session_open: true }),
    ]);
    expect(house.json.data.total).toBe(1);
    const none = await list({ tab: 'unplaced' });
    expect(none.json.data.rows).toEqual([
      expect.objectContaining({ id: Number(unplayed), casino: '7000', vendor: null, wallet_mode: null, session_open: false }),
    ]);
    const { totals } = house.json.data;
    expect(totals.solutions).toEqual([{ code: 'house', name: expect.any(String), wallet_mode: 'transfer', members: 1, casino: '50000' }]);
    expect(totals.unplaced).toEqual({ members: 1, casino: '7000' });
    expect(totals.casino).toBe('57000');
    const players = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'user'`);
    expect(totals.members).toBe(players.rows[0].n);

    const all = await list({ skip: 0 });
    expect(all.json.data.total).toBe(players.rows[0].n);
    expect(all.json.data.rows.length).toBe(Math.min(20, players.rows[0].n));
    expect((await list({ search: 'user2' })).json.data.rows.map((r: { id: number }) => r.id)).toEqual([Number(played)]);
    expect((await list({ tab: 'vendor', vendor: 'nope' })).json.error.code).toBe('casino_vendor_unknown');
  });

  it('retrieves exactly, once per request id, and audits it', async () => {
    const id = await idOf('user2');
    const start = await bal(id);
    const body = { user_id: Number(id), vendor: 'house', amount: '20,000', memo: 'cs request', request_id: rid('back') };
    const first = await retrieve(body);
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ money: String(start.money + 20_000n), casino: String(start.casino - 20_000n) });
    const txs = await count('ledger_transactions');
    const again = await retrieve(body);
    expect(again.json.data).toEqual(first.json.data);
    expect(await count('ledger_transactions')).toBe(txs);
    expect(await bal(id)).toEqual({ ...start, money: start.money + 20_000n, casino: start.casino - 20_000n });
    const rows = await audits('casino.admin.retrieve', `user:${id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0].after).toMatchObject({ vendor: 'house', amount: '20000', memo: 'cs request', transaction_id: String(first.json.data.transaction_id) });
    // The same id for another amount is not the same request.
    expect((await retrieve({ ...body, amount: '1000' })).json.error.code).toBe('idempotency_conflict');
    await ledgerOk();
  });

  it('is refused cleanly when the vendor holds less, or the money is not at that vendor: nothing changes', async () => {
    const id = await idOf('user2');
    const other = await idOf('user3');
    const before = { a: await bal(id), b: await bal(other), tx: await count('ledger_transactions'), audit: await count('audit_log') };
    const short = await retrieve({ user_id: Number(id), vendor: 'house', amount: String(before.a.casino + 1n), request_id: rid('short') });
    expect(short.status).toBe(409);
    expect(short.json.error).toMatchObject({ code: 'casino_vendor_short', params: { amount: String(before.a.casino), vendor: 'house' } });
    // user3's casino money is at no vendor: the house vendor holds none of it.
    const elsewhere = await retrieve({ user_id: Number(other), vendor: 'house', amount: '1000', request_id: rid('short') });
    expect(elsewhere.json.error).toMatchObject({ code: 'casino_vendor_short', params: { amount: '0' } });
    const unknown = await retrieve({ user_id: Number(id), vendor: 'nope', amount: '1', request_id: rid('short') });
    expect(unknown.json.error.code).toBe('casino_vendor_unknown');
    const agent = await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE role <> 'user' ORDER BY id LIMIT 1`);
    expect((await retrieve({ user_id: Number(agent.rows[0].id), vendor: null, amount: '1', request_id: rid('short') })).json.error.code).toBe(
      'member_not_found',
    );
    expect((await retrieve({ user_id: Number(id), vendor: 'house', amount: '0', request_id: rid('short') })).json.error.code).toBe('invalid_amount');
    expect({ a: await bal(id), b: await bal(other), tx: await count('ledger_transactions'), audit: await count('audit_log') }).toEqual(before);

    // Money at no vendor comes home with vendor null.
    const home = await retrieve({ user_id: Number(other), vendor: null, amount: '7000', request_id: rid('home') });
    expect(home.json.data).toMatchObject({ casino: '0', money: String(before.b.money + 7000n) });
    await ledgerOk();
  });

  it('switching: the money moved into the vendor wallet at launch can be brought home in part', async () => {
    await setMode('switching');
    const id = await idOf('user4');
    const member = await h.login('user', 'user4');
    const start = await bal(id);
    await launchToken(h, member);
    const inside = start.money + start.casino;
    const row = (await list({ tab: 'vendor', vendor: 'house', search: 'user4' })).json.data.rows[0];
    expect(row).toMatchObject({ money: '0', casino: String(inside), wallet_mode: 'switching', session_open: true });
    const r = await retrieve({ user_id: Number(id), vendor: 'house', amount: '5000', request_id: rid('switch') });
    expect(r.json.data).toMatchObject({ money: '5000', casino: String(inside - 5000n) });
    await ledgerOk();
  });
});
