import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { resettleBets, settleBets, unsettleBets, type Outcome } from '../betting/index.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { placeTyped } from './options-test-kit.ts';

// "Pay or collect rolling" (spec §4 bulk actions, decision 061) over HTTP on the seeded chain:
// shop1 pays its members' own rolling from its money, and takes back what was paid for a
// settlement that no longer stands.
let h: Harness;
let shop: string;
let shopId: bigint;
let seq = 0;
const rid = () => `payback-${++seq}-${process.pid}`;

const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;
const money = async (id: bigint) => (await getBalances(h.db, id)).money;
const rolling = (accounts: bigint[], request_id = rid()) =>
  h.call('/api/agent/user/bulk', { action: 'rolling', user_ids: accounts.map(Number), request_id }, { token: shop });
const settle = (betId: bigint, outcome: Outcome) => h.db.tx((sql) => settleBets(sql, h.clock, `pb-settle-${++seq}`, [{ betId, outcome }]));
const grant = async (id: bigint, money: string, status = 'grant') =>
  expect((await h.call('/api/agent/child/money/update', { user_id: Number(id), money, status, request_id: rid() }, { token: shop })).status).toBe(200);
const member = async (account: string, rollingJson: Record<string, number>) => {
  const r = await h.call(
    '/api/admin/member/create',
    { account, password: 'pw1234', nickname: `n_${account}`, parent_code: 'shop1', state: 'normal_a' },
    { token: await h.login('admin', 'admin') },
  );
  expect(r.status).toBe(200);
  const id = await idOf(account);
  await h.db.query('UPDATE users SET rolling_json = $2::jsonb WHERE id = $1', [id, JSON.stringify(rollingJson)]);
  return id;
};

beforeAll(async () => {
  h = await harness();
  shop = await h.login('agent', 'shop1');
  shopId = await idOf('shop1');
  const fund = await h.call(
    '/api/admin/ledger/adjust',
    { user_id: Number(shopId), asset: 'money', amount: 1_000_000, memo: 'payback test', request_id: rid() },
    { token: await h.login('admin', 'admin') },
  );
  expect(fund.status).toBe(200);
}, 180_000);
afterAll(() => h?.close());

describe(`pay or collect rolling on ${testEngine}`, () => {
  it('pays each settled valid bet once at the member rate, floored per bet; a retry moves nothing', async () => {
    const m = await member('pbm1', { minigame_percent: 1, sports_single_percent: 0.5 });
    await grant(m, '100000');
    const bets = [
      await placeTyped(h.db, h.clock, m, 'minigame', 10_000n),
      await placeTyped(h.db, h.clock, m, 'minigame', 10_000n),
      await placeTyped(h.db, h.clock, m, 'sports_single', 3_333n),
      await placeTyped(h.db, h.clock, m, 'minigame', 5_000n),
    ].map((b) => b.id);
    await settle(bets[0], 'won');
    await settle(bets[1], 'lost');
    await settle(bets[2], 'lost');
    await settle(bets[3], 'void'); // a void bet earns nothing
    const [agentBefore, memberBefore] = [await money(shopId), await money(m)];

    const request_id = rid();
    const r = await rolling([m], request_id);
    expect(r.status).toBe(200);
    // 1 % of 10,000 twice, 0.5 % of 3,333 = 16.665 floored to 16.
    expect(r.json.data.results).toEqual([{ user_id: Number(m), ok: true, status: 'normal_a', amount: '216' }]);
    expect([await money(shopId), await money(m)]).toEqual([agentBefore - 216n, memberBefore + 216n]);
    const tx = await h.db.query<{ kind: string }>(
      'SELECT t.kind FROM rolling_paybacks p JOIN ledger_transactions t ON t.id = p.paid_tx WHERE p.member_id = $1 GROUP BY t.kind',
      [m],
    );
    expect(tx.rows).toEqual([{ kind: 'rolling.payback' }]);

    // The same request again answers the first result; a new one finds nothing due.
    expect((await rolling([m], request_id)).json.data.results[0]).toMatchObject({ ok: true, amount: '216' });
    expect((await rolling([m])).json.data.results[0]).toMatchObject({ ok: false, code: 'rolling_nothing_due' });
    expect([await money(shopId), await money(m)]).toEqual([agentBefore - 216n, memberBefore + 216n]);

    // Re-entry: bet 0 re-opened, so its 100 comes back; settled again, it is paid again at its new stage.
    await h.db.tx((sql) => unsettleBets(sql, h.clock, `pb-un-${++seq}`, [bets[0]]));
    expect((await rolling([m])).json.data.results[0]).toMatchObject({ ok: true, amount: '-100' });
    expect([await money(shopId), await money(m)]).toEqual([agentBefore - 116n, memberBefore + 116n - 19_000n]);
    await settle(bets[0], 'lost');
    expect((await rolling([m])).json.data.results[0]).toMatchObject({ ok: true, amount: '100' });
    // Re-settled from lost to void in one step: what was paid for it is collected.
    await h.db.tx((sql) => resettleBets(sql, h.clock, { recall: `pb-re-${++seq}`, settle: `pb-re2-${seq}` }, [bets[1]], [{ betId: bets[1], outcome: 'void' }]));
    expect((await rolling([m])).json.data.results[0]).toMatchObject({ ok: true, amount: '-100' });
    const standing = await h.db.query<{ n: string }>(
      'SELECT coalesce(sum(amount), 0)::text AS n FROM rolling_paybacks WHERE member_id = $1 AND collected_at IS NULL',
      [m],
    );
    expect(standing.rows[0].n).toBe('116'); // bet 0 at its second settlement and the sports bet
    expect((await verifyLedger(h.db)).problems).toEqual([]);
  });

  it('refuses a member without a rate, an agent, an account outside the subtree, and a collection the member cannot cover', async () => {
    const norate = await member('pbm2', {});
    const poor = await member('pbm3', { minigame_percent: 2 });
    await grant(poor, '10000');
    const bet = (await placeTyped(h.db, h.clock, poor, 'minigame', 10_000n)).id;
    await settle(bet, 'lost');
    expect((await rolling([poor])).json.data.results[0]).toMatchObject({ ok: true, amount: '200' });
    // The shop reclaims most of the member's money, then the bet is re-opened: 200 to collect, 50 held.
    await grant(poor, '150', 'reclaim');
    await h.db.tx((sql) => unsettleBets(sql, h.clock, `pb-un-${++seq}`, [bet]));
    const held = await money(poor);
    const r = await rolling([norate, poor, shopId, await idOf('dist1'), await idOf('user1')]);
    const rows = Object.fromEntries(r.json.data.results.map((x: { user_id: number }) => [x.user_id, x]));
    expect(rows[Number(norate)]).toMatchObject({ ok: false, code: 'rolling_no_rate' });
    expect(rows[Number(poor)]).toMatchObject({ ok: false, code: 'rolling_collect_exceeds', params: { amount: String(held) } });
    expect(rows[Number(shopId)]).toMatchObject({ ok: false, code: 'not_in_subtree' });
    expect(rows[Number(await idOf('dist1'))]).toMatchObject({ ok: false, code: 'not_in_subtree' });
    expect(await money(poor)).toBe(held);
    // A deleted member is never paid, whatever it earned.
    const gone = await member('pbm4', { minigame_percent: 1 });
    await grant(gone, '1000');
    await settle((await placeTyped(h.db, h.clock, gone, 'minigame', 1_000n)).id, 'lost');
    await h.db.query("UPDATE users SET status = 'deleted' WHERE id = $1", [gone]);
    expect((await rolling([gone])).json.data.results[0]).toMatchObject({ ok: false, code: 'account_state_invalid', params: { status: 'deleted' } });
    expect(await money(gone)).toBe(0n);
    expect((await verifyLedger(h.db)).problems).toEqual([]);
  });
});
