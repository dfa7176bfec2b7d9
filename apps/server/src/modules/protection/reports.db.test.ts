import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';

/** The protection report and the activity statement (issue 23, decision 059). */
let h: Harness;
let seq = 0;
const rid = (p: string) => `reports-${p}-${seq++}`;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  expect((await verifyLedger(h.db)).problems).toEqual([]);
  await h?.close();
});

const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;
const asAdmin = async (path: string, body: object) => h.call(path, body, { token: await h.login('admin', 'admin') });
const report = (body: object) => asAdmin('/api/admin/reports/protection', body);

describe(`protection report on ${testEngine}`, () => {
  it('counts the period’s protection events per operator day and kind, and leaves out other periods and other actions', async () => {
    // An audited admin action in the period (2026-11-22, the harness's start) is not a protection event.
    await asAdmin('/api/admin/settings/update', {
      settings: { charge: { min: 10000, max: null, unit: null, delay_seconds: 0, require_exchange_password: false } },
    });
    // 2026-10-31 23:59 KST: the day before the period; its event is left out.
    h.clock.set('2026-10-31T14:59:00Z');
    const early = await h.login('user', 'user4');
    expect((await h.call('/api/user/limits/set', { loss_daily: 70_000 }, { token: early })).status).toBe(200);
    // 2026-11-01 00:00 KST: the period's first instant.
    h.clock.set('2026-10-31T15:00:00Z');
    expect((await h.call('/api/user/limits/set', { loss_weekly: 300_000 }, { token: await h.login('user', 'user4') })).status).toBe(200);

    // 2026-11-03 10:00 KST: a limit set, a raise scheduled, a charge refused by the limit, a time-out.
    h.clock.set('2026-11-03T01:00:00Z');
    const t3 = await h.login('user', 'user3');
    expect((await h.call('/api/user/limits/set', { deposit_daily: 100_000 }, { token: t3 })).status).toBe(200);
    expect((await h.call('/api/user/limits/set', { deposit_daily: 200_000 }, { token: t3 })).status).toBe(200);
    const over = await h.call('/api/user/bank/charge', { charge_money: 150_000, request_id: rid('charge') }, { token: t3 });
    expect(over.json.error?.code).toBe('deposit_limit_daily');
    const t5 = await h.login('user', 'user5');
    expect((await h.call('/api/user/limits/selfExclude', { period: '24h', password: '1234' }, { token: t5 })).status).toBe(200);

    // 2026-11-04: the raise applies when user3 next reads the limits; user7's session limit ends its session.
    h.clock.set('2026-11-04T02:00:00Z');
    const t3b = await h.login('user', 'user3');
    expect((await h.call('/api/user/limits/get', {}, { token: t3b })).json.data.deposit_daily).toBe('200000');
    const t7 = await h.login('user', 'user7');
    expect((await h.call('/api/user/limits/set', { session_minutes: 20 }, { token: t7 })).status).toBe(200);
    h.clock.set('2026-11-04T02:10:00Z');
    expect((await h.call('/api/user/limits/get', {}, { token: t7 })).status).toBe(200);
    h.clock.set('2026-11-04T02:21:00Z');
    expect((await h.call('/api/user/limits/get', {}, { token: t7 })).json.error?.code).toBe('session_limit_reached');
    // A second request on the ended session is not another hit.
    expect((await h.call('/api/user/limits/get', {}, { token: t7 })).status).toBe(401);

    const r = await report({ from: '2026-11-01', to: '2026-11-30' });
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(d.totals).toEqual({
      limits_set: 3, // user4's weekly loss limit, user3's daily deposit limit, user7's session limit
      raises_scheduled: 1,
      raises_applied: 1,
      hits_deposit: 1,
      hits_loss: 0,
      hits_stake: 0,
      hits_session: 1,
      timeouts_24h: 1,
      timeouts_7d: 0,
      timeouts_30d: 0,
      exclusions_6m: 0,
      exclusions_permanent: 0,
    });
    expect(d.days).toHaveLength(30);
    expect(d.days[0].day).toBe('2026-11-30');
    const day = (x: string) => d.days.find((r: { day: string }) => r.day === x);
    expect(day('2026-11-01')).toMatchObject({ limits_set: 1 });
    expect(day('2026-11-03')).toMatchObject({ limits_set: 1, raises_scheduled: 1, hits_deposit: 1, timeouts_24h: 1, raises_applied: 0 });
    expect(day('2026-11-04')).toMatchObject({ limits_set: 1, raises_applied: 1, hits_session: 1 });
    expect(day('2026-11-02')).toMatchObject({ limits_set: 0, hits_deposit: 0 });
    // The events, newest first, with the member's account.
    expect(d.total).toBe(8);
    expect(d.events.map((e: { figure: string; account: string }) => [e.figure, e.account])).toEqual([
      ['hits_session', 'user7'],
      ['limits_set', 'user7'],
      ['raises_applied', 'user3'],
      ['timeouts_24h', 'user5'],
      ['hits_deposit', 'user3'],
      ['raises_scheduled', 'user3'],
      ['limits_set', 'user3'],
      ['limits_set', 'user4'],
    ]);
    expect(d.events[0]).toMatchObject({ detail: 'session_limit_reached', user_id: Number(await idOf('user7')) });

    // The day before holds only the early event.
    const oct = (await report({ from: '2026-10-31', to: '2026-10-31' })).json.data;
    expect(oct.totals.limits_set).toBe(1);
    expect(oct.events).toHaveLength(1);
    // Pages of 20: the second page of November is empty.
    expect((await report({ from: '2026-11-01', to: '2026-11-30', skip: 20 })).json.data.events).toEqual([]);
  });

  it('refuses a reversed or too long period, and members and agents', async () => {
    expect((await report({ from: '2026-11-10', to: '2026-11-01' })).json.error.code).toBe('date_range_invalid');
    expect((await report({ from: '2025-01-01', to: '2026-11-01' })).json.error.code).toBe('date_range_invalid');
    const member = await h.call('/api/admin/reports/protection', {}, { token: await h.login('user', 'user2') });
    expect([401, 403]).toContain(member.status);
    const agent = await h.call('/api/admin/reports/protection', {}, { token: await h.login('agent', 'shop1') });
    expect([401, 403]).toContain(agent.status);
  });
});

type Row = { id: number; amount: string; balance: string; kind: string };

describe(`activity statement on ${testEngine}`, () => {
  it('lists every posting of the member’s money with the balance after it; the newest balance is the balance now', async () => {
    // An admin's second factor moves the test clock past the codes it has used (2026-11-22): the statement runs after that.
    h.clock.set('2026-11-26T03:00:00Z');
    const uid = await idOf('user1');
    for (const amount of [50_000, -12_000, 7_500, -30_000])
      expect(
        (await asAdmin('/api/admin/ledger/adjust', { user_id: Number(uid), asset: 'money', amount, memo: 'statement test', request_id: rid('adj') })).status,
      ).toBe(200);
    const t = await h.login('user', 'user1');
    const s = await h.call('/api/user/statement', { from: '2026-11-01', to: '2026-11-26', limit: 500 }, { token: t });
    expect(s.status).toBe(200);
    const rows: Row[] = s.json.data.rows;
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(s.json.data.total).toBe(rows.length);
    expect(rows.slice(0, 4).map((r) => r.amount)).toEqual(['-30000', '7500', '-12000', '50000']);
    // Newest first: each row's balance is the next older row's balance plus its own amount.
    for (let i = 0; i < rows.length - 1; i++) expect(BigInt(rows[i].balance)).toBe(BigInt(rows[i + 1].balance) + BigInt(rows[i].amount));
    expect(BigInt(rows[0].balance)).toBe((await getBalances(h.db, uid)).money);
    const credit = rows.filter((r) => !r.amount.startsWith('-')).reduce((n, r) => n + BigInt(r.amount), 0n);
    expect(BigInt(s.json.data.credit)).toBe(credit);
    // Paged: the second row of a one-row page is the same posting.
    const page = await h.call('/api/user/statement', { from: '2026-11-01', to: '2026-11-26', skip: 1, limit: 1 }, { token: t });
    expect(page.json.data.rows.map((r: Row) => r.id)).toEqual([rows[1].id]);
    // Another period holds none of them.
    const before = await h.call('/api/user/statement', { from: '2026-10-01', to: '2026-10-31' }, { token: t });
    expect(before.json.data.rows.filter((r: Row) => rows.some((x) => x.id === r.id))).toEqual([]);
  });

  it('shows a member only their own postings, and points apart from money', async () => {
    const uid2 = await idOf('user2');
    expect(
      (await asAdmin('/api/admin/ledger/adjust', { user_id: Number(uid2), asset: 'point', amount: 3_000, memo: 'points', request_id: rid('pt') })).status,
    ).toBe(200);
    const t1 = await h.login('user', 'user1');
    const t2 = await h.login('user', 'user2');
    const range = { from: '2026-11-01', to: '2026-11-26', limit: 500 };
    const mine: Row[] = (await h.call('/api/user/statement', range, { token: t1 })).json.data.rows;
    const theirs: Row[] = (await h.call('/api/user/statement', range, { token: t2 })).json.data.rows;
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.filter((r) => mine.some((m) => m.id === r.id))).toEqual([]);
    const own = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
       WHERE a.owner_id = $1 AND a.asset = 'money' AND p.created_at >= '2026-10-31T15:00:00Z' AND p.created_at < '2026-11-26T15:00:00Z'`,
      [uid2],
    );
    expect(theirs).toHaveLength(own.rows[0].n);
    const points: Row[] = (await h.call('/api/user/statement', { ...range, asset: 'point' }, { token: t2 })).json.data.rows;
    expect(points[0]).toMatchObject({ amount: '3000', balance: (await getBalances(h.db, uid2)).point.toString() });
    // A user id in the body is not a field of the call: the statement is always the caller's.
    const sneaky = await h.call('/api/user/statement', { ...range, user_id: 1 }, { token: t2 });
    expect(sneaky.json.data.rows.map((r: Row) => r.id)).toEqual(theirs.map((r) => r.id));
    // The member must be signed in.
    expect((await h.call('/api/user/statement', range)).status).toBe(401);
  });
});
