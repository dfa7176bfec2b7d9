import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { verifyLedger } from '../ledger/index.ts';

let h: Harness;
let seq = 0;
const rid = () => `req-${Date.now()}-${seq++}`;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());
afterEach(async () => {
  // Every rule, accepted or refused, leaves the ledger whole.
  expect((await verifyLedger(h.db)).problems).toEqual([]);
});

/** Sets the manual clock to a Korean local time on 2026-11-24. */
const atKst = (hhmm: string, day = '2026-11-24') => h.clock.set(new Date(Date.parse(`${day}T${hhmm}:00+09:00`)));
const money = async (token: string) => (await h.call('/api/user/getContext', {}, { token })).json.data.user.money as string;
const point = async (token: string) => (await h.call('/api/user/getContext', {}, { token })).json.data.user.point as string;
// The tests move the clock by days, so admin calls sign in afresh each time.
const asAdmin = async (path: string, body: object) => h.call(path, body, { token: await h.login('admin', 'admin') });
const settings = (patch: object) => asAdmin('/api/admin/settings/update', { settings: patch });
const process = (type: string, id: number, action: string) => asAdmin('/api/admin/bank/process', { type, id, action });

describe(`charge (deposit) on ${testEngine}`, () => {
  let t: string;
  beforeAll(async () => {
    atKst('10:00');
    t = await h.login('user', 'user1');
  });

  it('refuses less than 10,000 won, and respects max and unit when set', async () => {
    const low = await h.call('/api/user/bank/charge', { charge_money: '9,999', request_id: rid() }, { token: t });
    expect(low.status).toBe(400);
    expect(low.json.error).toMatchObject({ code: 'charge_min', field: 'charge_money' });
    expect(low.json.error.message).toMatch(/minimum is 10,000 won/);
    await settings({ charge: { min: 10000, max: 1000000, unit: 1000, delay_seconds: 60, require_exchange_password: false } });
    expect((await h.call('/api/user/bank/charge', { charge_money: 2000000, request_id: rid() }, { token: t })).json.error.code).toBe('charge_max');
    expect((await h.call('/api/user/bank/charge', { charge_money: 10500, request_id: rid() }, { token: t })).json.error.code).toBe('charge_unit');
    await settings({ charge: { min: 10000, max: null, unit: null, delay_seconds: 60, require_exchange_password: false } });
    expect((await h.call('/api/user/bank/charge', { charge_money: -10000, request_id: rid() }, { token: t })).status).toBe(400);
    expect((await h.call('/api/user/bank/charge', { charge_money: 10000.5, request_id: rid() }, { token: t })).status).toBe(400);
  });

  it('refuses a depositor name that is not the registered holder', async () => {
    const r = await h.call('/api/user/bank/charge', { charge_money: 50000, depositor_name: '김철수', request_id: rid() }, { token: t });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('depositor_mismatch');
    expect(r.json.error.message).toMatch(/account holder registered at sign-up/);
  });

  it('creates a waiting request, replays the same request id, and enforces the delay', async () => {
    const id = rid();
    const r1 = await h.call('/api/user/bank/charge', { charge_money: '50,000', depositor_name: '홍길동1', request_id: id }, { token: t });
    expect(r1.status).toBe(200);
    expect(r1.json.data.request).toMatchObject({ type: 'charge', amount: '50000', status: 'waiting', holder: '홍길동1', flag: null });
    const r2 = await h.call('/api/user/bank/charge', { charge_money: 50000, request_id: id }, { token: t });
    expect(r2.json.data.request.id).toBe(r1.json.data.request.id);
    const soon = await h.call('/api/user/bank/charge', { charge_money: 30000, request_id: rid() }, { token: t });
    expect(soon.status).toBe(409);
    expect(soon.json.error.code).toBe('charge_too_soon');
    expect(await money(t)).toBe('74500'); // a request moves no money (seeded bets left 74,500)
  });

  it('flags a double deposit within 1 minute and a possible duplicate within 5', async () => {
    await settings({ charge: { min: 10000, max: null, unit: null, delay_seconds: 0, require_exchange_password: false } });
    h.clock.advance(30_000);
    const d = await h.call('/api/user/bank/charge', { charge_money: 50000, request_id: rid() }, { token: t });
    expect(d.json.data.request.flag).toBe('double');
    h.clock.advance(3 * 60_000);
    const p = await h.call('/api/user/bank/charge', { charge_money: 50000, request_id: rid() }, { token: t });
    expect(p.json.data.request.flag).toBe('possible_duplicate');
    h.clock.advance(6 * 60_000);
    const n = await h.call('/api/user/bank/charge', { charge_money: 50000, request_id: rid() }, { token: t });
    expect(n.json.data.request.flag).toBeNull();
    await settings({ charge: { min: 10000, max: null, unit: null, delay_seconds: 60, require_exchange_password: false } });
  });

  it('asks for the exchange password when the charge setting requires it', async () => {
    await settings({ charge: { min: 10000, max: null, unit: null, delay_seconds: 0, require_exchange_password: true } });
    expect((await h.call('/api/user/bank/charge', { charge_money: 20000, request_id: rid() }, { token: t })).json.error.code).toBe(
      'exchange_password_required',
    );
    expect((await h.call('/api/user/bank/charge', { charge_money: 20000, bank_password: '9999', request_id: rid() }, { token: t })).json.error.code).toBe(
      'exchange_password_mismatch',
    );
    expect((await h.call('/api/user/bank/charge', { charge_money: 20000, bank_password: '1234', request_id: rid() }, { token: t })).status).toBe(200);
    await settings({ charge: { min: 10000, max: null, unit: null, delay_seconds: 0, require_exchange_password: false } });
  });

  it('approval credits money and first-charge points; a second approval that day gets each-charge points', async () => {
    const list = await asAdmin('/api/admin/bank/list', { type: 'charge', status: 'waiting' });
    const waiting = list.json.data.rows.filter((r: any) => r.account === 'user1');
    expect(waiting.length).toBeGreaterThanOrEqual(3);
    const first = await process('charge', waiting[0].id, 'approve');
    expect(first.json.data.request).toMatchObject({ status: 'approved', bonus_point: String(Number(waiting[0].amount) * 0.05) });
    expect(await money(t)).toBe(String(74500 + Number(waiting[0].amount)));
    const second = await process('charge', waiting[1].id, 'approve');
    expect(second.json.data.request.bonus_point).toBe('0');
    const again = await process('charge', waiting[0].id, 'approve');
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('request_state');
    const refuse = await process('charge', waiting[2].id, 'refuse');
    expect(refuse.json.data.request.status).toBe('refused');
    expect((await process('charge', waiting[2].id, 'cancel')).status).toBe(409); // only approved can be cancelled
    const audit = await h.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'charge.%'`);
    expect(audit.rows[0].n).toBe(3);
  });

  it('approval cancel takes the money and bonus back; refused when already spent', async () => {
    const t2 = await h.login('user', 'user2');
    const c = await h.call('/api/user/bank/charge', { charge_money: 100000, request_id: rid() }, { token: t2 });
    await process('charge', c.json.data.request.id, 'approve');
    expect(await money(t2)).toBe('300000');
    const cancel = await process('charge', c.json.data.request.id, 'cancel');
    expect(cancel.json.data.request.status).toBe('cancelled');
    expect(await money(t2)).toBe('200000');
    expect(await point(t2)).toBe('2000');
    // Spend the money after an approval: the cancel must refuse instead of going negative.
    h.clock.advance(61_000);
    const c2 = await h.call('/api/user/bank/charge', { charge_money: 100000, request_id: rid() }, { token: t2 });
    await process('charge', c2.json.data.request.id, 'approve');
    await h.call('/api/user/bank/convertCasino', { direction: 'to_casino', all: true, request_id: rid() }, { token: t2 });
    const refused = await process('charge', c2.json.data.request.id, 'cancel');
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('insufficient_funds');
  });
});

describe(`exchange (withdrawal) on ${testEngine}`, () => {
  let t: string;
  beforeAll(async () => {
    atKst('12:00', '2026-11-25');
    t = await h.login('user', 'user3');
  });

  it('refuses below the minimum and outside units of 10,000', async () => {
    const low = await h.call('/api/user/bank/exchange', { exchange_money: 5000, bank_password: '1234', request_id: rid() }, { token: t });
    expect(low.json.error.code).toBe('exchange_min');
    const odd = await h.call('/api/user/bank/exchange', { exchange_money: 15000, bank_password: '1234', request_id: rid() }, { token: t });
    expect(odd.json.error).toMatchObject({ code: 'exchange_unit', field: 'exchange_money' });
    expect(odd.json.error.message).toMatch(/units of 10,000 won/);
  });

  it('requires the exchange password and refuses a wrong one', async () => {
    expect((await h.call('/api/user/bank/exchange', { exchange_money: 10000, request_id: rid() }, { token: t })).json.error.code).toBe(
      'exchange_password_required',
    );
    const wrong = await h.call('/api/user/bank/exchange', { exchange_money: 10000, bank_password: '0000', request_id: rid() }, { token: t });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.code).toBe('exchange_password_mismatch');
    expect(await money(t)).toBe('300000');
  });

  it('is impossible from 23:30 to 00:30 (Korean time)', async () => {
    for (const at of ['23:30', '23:59', '00:10']) {
      atKst(at, at < '12:00' ? '2026-11-26' : '2026-11-25');
      t = await h.login('user', 'user3');
      const r = await h.call('/api/user/bank/exchange', { exchange_money: 10000, bank_password: '1234', request_id: rid() }, { token: t });
      expect(r.status).toBe(409);
      expect(r.json.error.message).toBe('Exchange is impossible from 23:30 to 00:30.');
    }
    atKst('00:30', '2026-11-26');
    t = await h.login('user', 'user3');
    const ok = await h.call('/api/user/bank/exchange', { exchange_money: 10000, bank_password: '1234', request_id: rid() }, { token: t });
    expect(ok.status).toBe(200);
  });

  it('deducts at request time, allows one request per 3 hours, and returns money on refusal', async () => {
    expect(await money(t)).toBe('290000');
    const soon = await h.call('/api/user/bank/exchange', { exchange_money: 10000, bank_password: '1234', request_id: rid() }, { token: t });
    expect(soon.json.error.code).toBe('exchange_too_soon');
    const list = await asAdmin('/api/admin/bank/list', { type: 'exchange', status: 'waiting' });
    const mine = list.json.data.rows.find((r: any) => r.account === 'user3');
    const refused = await process('exchange', mine.id, 'refuse');
    expect(refused.json.data.request).toMatchObject({ status: 'refused', money_after: '300000' });
    expect(await money(t)).toBe('300000');
    // A refused request does not count toward the 3-hour rule.
    const again = await h.call('/api/user/bank/exchange', { exchange_money: 100000, bank_password: '1234', request_id: rid() }, { token: t });
    expect(again.json.data).toMatchObject({ money: '200000', request: { status: 'waiting', money_after: '200000' } });
    const approved = await process('exchange', again.json.data.request.id, 'approve');
    expect(approved.json.data.request.status).toBe('approved');
    expect((await process('exchange', again.json.data.request.id, 'refuse')).status).toBe(409); // only waiting is processed
    expect((await process('exchange', again.json.data.request.id, 'complete')).json.data.request.status).toBe('completed');
    expect(await money(t)).toBe('200000');
  });

  it('refuses more than the held money and the daily count', async () => {
    h.clock.advance(3 * 3600_000);
    const t4 = await h.login('user', 'user4');
    const over = await h.call('/api/user/bank/exchange', { exchange_money: 10_000_000, bank_password: '1234', request_id: rid() }, { token: t4 });
    expect(over.status).toBe(409);
    expect(over.json.error.code).toBe('insufficient_funds');
    expect(await money(t4)).toBe('400000');
    await settings({ exchange: { min: 10000, max: null, unit: 10000, interval_minutes: 0, daily_count: 1, blackout_start: '23:30', blackout_end: '00:30' } });
    expect((await h.call('/api/user/bank/exchange', { exchange_money: 10000, bank_password: '1234', request_id: rid() }, { token: t4 })).status).toBe(200);
    expect((await h.call('/api/user/bank/exchange', { exchange_money: 10000, bank_password: '1234', request_id: rid() }, { token: t4 })).json.error.code).toBe(
      'exchange_daily_limit',
    );
    await settings({
      exchange: { min: 10000, max: null, unit: 10000, interval_minutes: 180, daily_count: null, blackout_start: '23:30', blackout_end: '00:30' },
    });
  });

  it('lists history five per page for the chosen days (default today)', async () => {
    t = await h.login('user', 'user3');
    const today = await h.call('/api/user/bank/getAccountExchangeLogs', {}, { token: t });
    expect(today.json.data.total).toBe(2); // the two requests made 2026-11-26
    const all = await h.call('/api/user/bank/getAccountExchangeLogs', { startedAt: '2026-11-20', endedAt: '2026-11-30' }, { token: t });
    expect(all.json.data.total).toBe(2);
    expect((await h.call('/api/user/bank/getAccountExchangeLogs', { startedAt: '2026-11-27', endedAt: '2026-11-20' }, { token: t })).status).toBe(400);
  });
});

describe(`conversions on ${testEngine}`, () => {
  let t: string;
  beforeAll(async () => {
    t = await h.login('user', 'user5');
  });

  it('converts points to money with minimum and unit, and logs the points', async () => {
    expect((await h.call('/api/user/bank/convertPoint', { point: 500, request_id: rid() }, { token: t })).json.error.code).toBe('point_min');
    expect((await h.call('/api/user/bank/convertPoint', { point: 1050, request_id: rid() }, { token: t })).json.error.code).toBe('point_unit');
    const over = await h.call('/api/user/bank/convertPoint', { point: 9000, request_id: rid() }, { token: t });
    expect(over.status).toBe(409);
    expect(over.json.error.message).toMatch(/Switching failed/);
    const id = rid();
    const ok = await h.call('/api/user/bank/convertPoint', { point: '2,000', request_id: id }, { token: t });
    expect(ok.json.data.balances).toMatchObject({ money: '502000', point: '3000' });
    expect(ok.json.data.conversion).toMatchObject({ kind: 'point_to_money', amount: '2000', before: '5000', after: '3000' });
    const replay = await h.call('/api/user/bank/convertPoint', { point: 2000, request_id: id }, { token: t });
    expect(replay.json.data.balances.money).toBe('502000');
    const logs = await h.call('/api/user/bank/getPointLogs', { startedAt: '2020-01-01', endedAt: '2030-01-01' }, { token: t });
    expect(logs.json.data.logs[0]).toMatchObject({ content: '포인트 전환', existing_point: '5000', updated_point: '3000' });
  });

  it('moves money to the casino wallet and back (all), refused in seamless mode', async () => {
    const to = await h.call('/api/user/bank/convertCasino', { direction: 'to_casino', amount: 100000, request_id: rid() }, { token: t });
    expect(to.json.data.balances).toMatchObject({ money: '402000', balance: '100000' });
    const back = await h.call('/api/user/bank/convertCasino', { direction: 'to_money', all: true, request_id: rid() }, { token: t });
    expect(back.json.data.balances).toMatchObject({ money: '502000', balance: '0' });
    const none = await h.call('/api/user/bank/convertCasino', { direction: 'to_money', all: true, request_id: rid() }, { token: t });
    expect(none.json.error.code).toBe('conversion_empty');
    await settings({ is_seamless: true });
    const seamless = await h.call('/api/user/bank/convertCasino', { direction: 'to_casino', amount: 10000, request_id: rid() }, { token: t });
    expect(seamless.status).toBe(403);
    expect(seamless.json.error.code).toBe('casino_seamless');
    await settings({ is_seamless: false });
  });

  it('converts eggs only from the configured level', async () => {
    await settings({ egg_min_level: 6 });
    const low = await h.call('/api/user/bank/convertEgg', { direction: 'to_egg', amount: 10000, request_id: rid() }, { token: t });
    expect(low.json.error.code).toBe('egg_level');
    const t6 = await h.login('user', 'user6');
    const ok = await h.call('/api/user/bank/convertEgg', { direction: 'to_egg', amount: 10000, request_id: rid() }, { token: t6 });
    expect(ok.json.data.balances).toMatchObject({ money: '590000', egg: '10000' });
    const back = await h.call('/api/user/bank/convertEgg', { direction: 'to_money', amount: 20000, request_id: rid() }, { token: t6 });
    expect(back.json.error.code).toBe('insufficient_funds');
    const list = await h.call('/api/user/bank/getConversions', { startedAt: '2020-01-01', endedAt: '2030-01-01' }, { token: t6 });
    expect(list.json.data.total).toBe(1);
  });

  it('answers the charge account: temporary below the level, permanent above', async () => {
    // The account is shown only after the exchange password (use_exchange_password is on).
    expect((await h.call('/api/user/bank/getChargeAccount', {}, { token: t })).json.data).toEqual({ bank: null, password_required: true });
    const temp = await h.call('/api/user/bank/getChargeAccount', { bank_password: '1234' }, { token: t });
    expect(temp.json.data.bank.kind).toBe('temporary'); // user5: level 5 but no approved charge yet
    const t2 = await h.login('user', 'user2');
    const perm = await h.call('/api/user/bank/getChargeAccount', { bank_password: '1234' }, { token: t2 });
    expect(perm.json.data.bank.kind).toBe('temporary'); // level 2 is below the permanent level 3
    const t1 = await h.login('user', 'user1');
    const l = await h.call('/api/user/bank/getChargeAccount', { bank_password: '1234' }, { token: t1 });
    expect(l.json.data.bank.kind).toBe('temporary'); // user1 is level 1
    expect((await h.call('/api/user/bank/getChargeAccount', { bank_password: '9' }, { token: t1 })).json.error.code).toBe('exchange_password_mismatch');
  });
});
