import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { DEV_HOUSE_VENDOR_SECRET } from '../../platform/config.ts';
import { HOUSE, getBalances, transfer, verifyLedger } from '../ledger/index.ts';
import { closeIdleSessions, IDLE_MINUTES } from './service.ts';
import { launchToken, walletClient } from './test-wallet.ts';

let h: Harness;
let w: ReturnType<typeof walletClient>;
let admin: string;
let seq = 0;
const uid = (p: string) => `${p}-m-${++seq}`;

const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;
const bal = (id: bigint) => getBalances(h.db, id);
const ledgerOk = async () => expect(await verifyLedger(h.db)).toEqual({ ok: true, problems: [] });
const setMode = async (mode: string) => {
  const r = await h.call('/api/admin/casino/vendors/update', { code: 'house', wallet_mode: mode }, { token: admin });
  expect(r.status).toBe(200);
  expect(r.json.data.vendor.effective_mode).toBe(mode);
};
const bet = (user: bigint, token: string, amount: string, tx = uid('bet')) => ({
  request_uuid: uid('req'),
  transaction_uuid: tx,
  user: String(user),
  token,
  round: uid('round'),
  game_code: 'fortune5',
  amount,
  currency: 'KRW',
});

beforeAll(async () => {
  h = await harness();
  w = walletClient(h, DEV_HOUSE_VENDOR_SECRET);
  admin = await h.login('admin', 'admin');
});
afterAll(() => h?.close());

describe(`transfer and switching wallets (${testEngine})`, () => {
  it('transfer: the vendor plays on the casino balance the member converted; held money does not move', async () => {
    await setMode('transfer');
    const id = await idOf('user2');
    const member = await h.login('user', 'user2');
    const conv = await h.call('/api/user/bank/convertCasino', { direction: 'to_casino', amount: '50000', request_id: 'conv-user2-1' }, { token: member });
    expect(conv.status).toBe(200);
    const start = await bal(id);
    expect(start.casino).toBe(50_000n);
    const { token } = await launchToken(h, member);
    const b = bet(id, token, '10000');
    expect(await w.send('bet', b)).toMatchObject({ status: 'RS_OK', balance: '40000' });
    expect(
      await w.send('win', { ...b, request_uuid: uid('req'), transaction_uuid: uid('win'), reference_transaction_uuid: b.transaction_uuid, amount: '25000' }),
    ).toMatchObject({
      status: 'RS_OK',
      balance: '65000',
    });
    expect(await w.send('bet', bet(id, token, '70000'))).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: '65000' });
    const end = await bal(id);
    expect(end).toEqual({ ...start, casino: 65_000n });
    const hist = await h.call('/api/user/casino/history', {}, { token: member });
    expect(hist.json.data.rows[0]).toMatchObject({
      vendor: 'house',
      game: 'fortune5',
      amount: '10000',
      win_amount: '25000',
      balance_before: '50000',
      balance_after: '65000',
      wallet: 'casino',
      status: 'settled',
    });
    await ledgerOk();
  });

  it('switching: launch moves the whole money into the vendor wallet, closing brings it all back', async () => {
    await setMode('switching');
    const id = await idOf('user4');
    const member = await h.login('user', 'user4');
    const start = await bal(id);
    const first = await launchToken(h, member);
    expect(await bal(id)).toMatchObject({ money: 0n, casino: start.casino + start.money });
    const b = bet(id, first.token, '20000');
    expect((await w.send('bet', b)).status).toBe('RS_OK');
    // switching games: the first wallet comes home and the whole money goes into the new one
    const second = await launchToken(h, member);
    expect(await bal(id)).toMatchObject({ money: 0n, casino: start.casino + start.money - 20_000n });
    const open = await h.db.query('SELECT token FROM casino_sessions WHERE user_id = $1 AND closed_at IS NULL', [id]);
    expect(open.rows).toEqual([{ token: second.token }]);
    // the win of the first game's round still arrives after its session closed
    expect(
      (await w.send('win', { ...b, request_uuid: uid('req'), transaction_uuid: uid('win'), reference_transaction_uuid: b.transaction_uuid, amount: '30000' }))
        .status,
    ).toBe('RS_OK');
    const closed = await h.call('/api/user/casino/closeSession', { token: second.token }, { token: member });
    expect(closed.json.data).toEqual({ closed: true, returned: String(start.casino + start.money + 10_000n) });
    expect(await bal(id)).toMatchObject({ money: start.casino + start.money + 10_000n, casino: 0n });
    const again = await h.call('/api/user/casino/closeSession', { token: second.token }, { token: member });
    expect(again.json.data).toEqual({ closed: false, returned: '0' });
    expect((await w.send('bet', bet(id, second.token, '1000'))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    await ledgerOk();
  });

  it('switching: an idle session is closed by the job and the wallet comes home', async () => {
    const id = await idOf('user6');
    const member = await h.login('user', 'user6');
    const start = await bal(id);
    await launchToken(h, member);
    expect((await bal(id)).money).toBe(0n);
    expect(await closeIdleSessions(h.deps)).toBe(0);
    h.clock.advance((IDLE_MINUTES + 1) * 60_000);
    expect(await closeIdleSessions(h.deps)).toBe(1);
    expect(await bal(id)).toEqual({ ...start, money: start.money + start.casino, casino: 0n });
    await ledgerOk();
  });

  it('seamless globally: the vendor setting is overridden and the agent casino calls are refused', async () => {
    admin = await h.login('admin', 'admin'); // the idle test moved the clock past the admin's idle limit
    const r = await h.call('/api/admin/settings/update', { settings: { is_seamless: true } }, { token: admin });
    expect(r.status).toBe(200);
    const v = await h.call('/api/admin/casino/vendors', {}, { token: admin });
    expect(v.json.data.vendors[0]).toMatchObject({ code: 'house', wallet_mode: 'switching', effective_mode: 'seamless' });
    const agent = await h.login('agent', 'shop1');
    const pay = await h.call('/api/agent/user/casino/depositBalance', { balance: '1000', targetUserId: Number(await idOf('user1')) }, { token: agent });
    expect(pay.json.error.code).toBe('casino_seamless');
    await h.call('/api/admin/settings/update', { settings: { is_seamless: false } }, { token: admin });
  });

  it('agent pay-in and pay-out move casino money of a downline member against the agent money, once per request id', async () => {
    const agentId = await idOf('shop1');
    const memberId = await idOf('user1');
    const agent = await h.login('agent', 'shop1');
    await h.db.tx((sql) =>
      transfer(sql, h.clock, {
        idempotencyKey: 'fund-shop1',
        kind: 'test.fund',
        from: { house: HOUSE.deposits, asset: 'money' },
        to: { user: agentId, asset: 'money' },
        amount: 100_000n,
      }),
    );
    const a0 = await bal(agentId);
    const m0 = await bal(memberId);
    const body = { balance: '30000', targetUserId: Number(memberId), memo: 'pay-in', request_id: 'agent-pay-1' };
    const r = await h.call('/api/agent/user/casino/depositBalance', body, { token: agent });
    expect(r.json.error).toBeUndefined();
    expect(r.json.data).toEqual({ casino: String(m0.casino + 30_000n), money: String(m0.money) });
    expect((await h.call('/api/agent/user/casino/depositBalance', body, { token: agent })).json.data.casino).toBe(String(m0.casino + 30_000n));
    expect((await h.call('/api/agent/user/casino/depositBalance', { ...body, balance: '1' }, { token: agent })).json.error.code).toBe('idempotency_conflict');
    const out = await h.call(
      '/api/agent/user/casino/withdrawBalance',
      { balance: '10000', targetUserId: Number(memberId), request_id: 'agent-pay-2' },
      { token: agent },
    );
    expect(out.json.data.casino).toBe(String(m0.casino + 20_000n));
    expect((await bal(agentId)).money).toBe(a0.money - 20_000n);
    const tooMuch = await h.call(
      '/api/agent/user/casino/withdrawBalance',
      { balance: '999999999', targetUserId: Number(memberId), request_id: 'agent-pay-3' },
      { token: agent },
    );
    expect(tooMuch.json.error.code).toBe('insufficient_funds');
    // not in the downline: an agent above is fine, a sibling tree or the agent itself is not
    const top = await h.login('agent', 'tophq1');
    const byTop = await h.call('/api/agent/user/casino/withdrawBalance', { ...body, balance: '5000', request_id: 'top-pay-1' }, { token: top });
    expect(byTop.json.data.casino).toBe(String(m0.casino + 15_000n));
    const selfPay = await h.call(
      '/api/agent/user/casino/depositBalance',
      { ...body, targetUserId: Number(agentId), request_id: 'self-pay-1' },
      { token: agent },
    );
    expect(selfPay.json.error.code).toBe('member_not_found');
    const audit = await h.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'casino.agent.%'`);
    expect(audit.rows[0].n).toBe(3); // two by shop1, one by tophq1 (replays and refusals write none)
    await ledgerOk();
  });

  it('agent and admin history list the downline rounds with totals', async () => {
    const agent = await h.login('agent', 'shop1');
    const ah = await h.call('/api/agent/casino/history', {}, { token: agent });
    expect(ah.status).toBe(200);
    expect(ah.json.data.total).toBe(2);
    const ad = await h.call('/api/admin/casino/history', { account: 'user2' }, { token: admin });
    expect(ad.json.data.rows.map((x: { account: string }) => x.account)).toEqual(['user2']);
    expect(ad.json.data.totals).toEqual({ amount: '10000', win_amount: '25000', profit: '-15000', count: 1 });
    const branchOther = await h.call('/api/admin/casino/history', { vendor: 'nobody' }, { token: admin });
    expect(branchOther.json.data.total).toBe(0);
  });
});
