import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { intervalText } from './service.ts';

let h: Harness;
let seq = 0;
const rid = () => `xpw-request-${seq++}`;
beforeAll(async () => {
  h = await harness();
  h.clock.set(new Date(Date.parse('2026-11-24T12:00:00+09:00')));
});
afterAll(() => h?.close());

const exchange = (token: string, pw: string, amount = 10000) =>
  h.call('/api/user/bank/exchange', { exchange_money: amount, bank_password: pw, request_id: rid() }, { token });
const notes = async (account: string) =>
  (
    await h.db.query<{ subject: string }>(
      `SELECT m.subject FROM messages m JOIN users u ON u.id = m.user_id WHERE u.account = $1 AND m.subject LIKE '%환전 비밀번호%'`,
      [account],
    )
  ).rows;
const settings = async (patch: object) =>
  expect((await h.call('/api/admin/settings/update', { settings: patch }, { token: await h.login('admin', 'admin') })).status).toBe(200);

describe(`exchange password attempts on ${testEngine}`, () => {
  it('parallel guesses: four mismatches, the fifth locks, the rest are refused uncompared; one note', async () => {
    const t = await h.login('user', 'user1');
    const codes = [
      '0000',
      '1111',
      '2222',
      '3333',
      '4444',
      '5555',
      '6666',
      '7777',
      '8888',
      '9999',
      '0001',
      '0002',
      '0003',
      '0004',
      '0005',
      '0006',
      '0007',
      '0008',
      '0009',
      '0010',
    ];
    const rs = await Promise.all(codes.map((c) => exchange(t, c)));
    const byCode = (code: string) => rs.filter((r) => r.json.error?.code === code);
    expect(byCode('exchange_password_mismatch')).toHaveLength(4);
    expect(byCode('exchange_password_locked')).toHaveLength(16);
    expect(byCode('exchange_password_locked')[0].status).toBe(429);
    expect(byCode('exchange_password_locked')[0].json.error.message).toMatch(/30 minutes/);
    // While locked even the right password is refused (it is not compared) …
    expect((await exchange(t, '1234')).json.error.code).toBe('exchange_password_locked');
    // … the lock also covers the charge account, which asks for the same password.
    expect((await h.call('/api/user/bank/getChargeAccount', { bank_password: '1234' }, { token: t })).json.error.code).toBe('exchange_password_locked');
    expect(await notes('user1')).toHaveLength(1);
    // After the period the right password works and resets the count.
    h.clock.advance(30 * 60_000 + 1000);
    const t2 = await h.login('user', 'user1');
    expect((await exchange(t2, '1234')).status).toBe(200);
    const row = await h.db.query<{ failures: number }>(
      `SELECT g.failures FROM exchange_password_guards g JOIN users u ON u.id = g.user_id WHERE u.account = 'user1'`,
    );
    expect(row.rows[0].failures).toBe(0);
  });

  it('a correct entry resets the count: wrong entries apart from each other never lock', async () => {
    await settings({
      exchange: { min: 10000, max: null, unit: 10000, interval_minutes: 0, daily_count: null, blackout_start: '23:30', blackout_end: '00:30' },
    });
    const t = await h.login('user', 'user2');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await exchange(t, '9999')).json.error.code).toBe('exchange_password_mismatch');
      expect((await exchange(t, '1234')).status).toBe(200);
    }
    expect(await notes('user2')).toHaveLength(0);
    // Parallel right entries (a double click) all pass.
    const rs = await Promise.all(Array.from({ length: 8 }, () => h.call('/api/user/bank/getChargeAccount', { bank_password: '1234' }, { token: t })));
    expect(rs.map((r) => r.status)).toEqual(Array(8).fill(200));
  });

  it('the fifth wrong entry in a row locks and tells the member', async () => {
    const t = await h.login('user', 'user3');
    for (let i = 0; i < 4; i++) expect((await exchange(t, '9999')).status).toBe(400);
    const fifth = await exchange(t, '9999');
    expect(fifth.status).toBe(429);
    expect(fifth.json.error).toMatchObject({ code: 'exchange_password_locked', field: 'bank_password', params: { minutes: 30 } });
    expect(await notes('user3')).toEqual([{ subject: '환전 비밀번호 입력 제한' }]);
  });
});

describe(`exchange interval message on ${testEngine}`, () => {
  it('says hours and minutes, and with interval 0 there is no interval rule', async () => {
    expect(intervalText(180)).toBe('3 hours');
    expect(intervalText(90)).toBe('1 hour 30 minutes');
    expect(intervalText(45)).toBe('45 minutes');
    expect(intervalText(61)).toBe('1 hour 1 minute');
    await settings({
      exchange: { min: 10000, max: null, unit: 10000, interval_minutes: 90, daily_count: null, blackout_start: '23:30', blackout_end: '00:30' },
    });
    const t = await h.login('user', 'user4');
    expect((await exchange(t, '1234')).status).toBe(200);
    const soon = await exchange(t, '1234');
    expect(soon.status).toBe(409);
    expect(soon.json.error).toMatchObject({
      code: 'exchange_too_soon',
      message: 'Only one exchange request is allowed every 1 hour 30 minutes.',
      params: { hours: 1, minutes: 30 },
    });
    await settings({
      exchange: { min: 10000, max: null, unit: 10000, interval_minutes: 0, daily_count: null, blackout_start: '23:30', blackout_end: '00:30' },
    });
    expect((await exchange(t, '1234')).status).toBe(200);
    expect((await exchange(t, '1234')).status).toBe(200);
  });
});
