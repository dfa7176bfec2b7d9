import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { verifyLedger } from '../ledger/index.ts';

let h: Harness;
let seq = 0;
const rid = () => `gap-${seq++}-abcdefgh`;
beforeAll(async () => {
  h = await harness();
  h.clock.set(new Date('2026-11-24T01:00:00Z')); // 10:00 in Korea, outside every blackout
});
afterAll(() => h?.close());
afterEach(async () => {
  expect((await verifyLedger(h.db)).problems).toEqual([]);
});

const asAdmin = async (path: string, body: object) => h.call(path, body, { token: await h.login('admin', 'admin') });
const process = (id: number, action: string) => asAdmin('/api/admin/bank/process', { type: 'charge', id, action });
const charge = (token: string, amount: number) => h.call('/api/user/bank/charge', { charge_money: amount, request_id: rid() }, { token });

describe(`charge completed state and double-deposit flag on ${testEngine}`, () => {
  it('flags a second same-amount request 40 s later as double under the default 30 s wait', async () => {
    const t = await h.login('user', 'user6');
    const first = await charge(t, 70000);
    expect(first.json.data.request.flag).toBeNull();
    h.clock.advance(10_000);
    expect((await charge(t, 70000)).json.error.code).toBe('charge_too_soon');
    h.clock.advance(30_000);
    const second = await charge(t, 70000);
    expect(second.json.data.request.flag).toBe('double');
    expect((await process(second.json.data.request.id, 'refuse')).json.data.request.status).toBe('refused');
    h.clock.advance(120_000);
  });

  it('completes an approved charge; a completed one can no longer be approval-cancelled', async () => {
    const t = await h.login('user', 'user6');
    const r = await charge(t, 50000);
    const id = r.json.data.request.id;
    expect((await process(id, 'complete')).json.error.code).toBe('request_state'); // waiting cannot complete
    expect((await process(id, 'approve')).json.data.request.status).toBe('approved');
    const done = await process(id, 'complete');
    expect(done.status).toBe(200);
    expect(done.json.data.request.status).toBe('completed');
    expect((await process(id, 'cancel')).json.error.code).toBe('request_state');
    expect((await process(id, 'complete')).json.error.code).toBe('request_state');
    const audit = await h.db.query("SELECT 1 FROM audit_log WHERE action = 'charge.complete'");
    expect(audit.rowCount).toBe(1);
    const list = await h.call('/api/user/bank/getAccountChargeLogs', { startedAt: '2026-11-01', endedAt: '2026-11-30' }, { token: t });
    expect(list.json.data.logs.find((l: { id: number }) => l.id === id).status).toBe('completed');
  });
});

describe(`permanent deposit account verified once per session on ${testEngine}`, () => {
  it('asks for the exchange password once per session for a permanent account, every time for a temporary one', async () => {
    // user6 (level 6) has an approved charge above: the permanent account.
    const t = await h.login('user', 'user6');
    expect((await h.call('/api/user/bank/getChargeAccount', {}, { token: t })).json.data).toEqual({ bank: null, password_required: true });
    expect((await h.call('/api/user/bank/getChargeAccount', { bank_password: '1234' }, { token: t })).json.data.bank.kind).toBe('permanent');
    const again = await h.call('/api/user/bank/getChargeAccount', {}, { token: t });
    expect(again.status).toBe(200);
    expect(again.json.data.bank.kind).toBe('permanent');
    // Another session (a new login) is asked again.
    const other = await h.login('user', 'user6');
    expect((await h.call('/api/user/bank/getChargeAccount', {}, { token: other })).json.data).toEqual({ bank: null, password_required: true });

    const t1 = await h.login('user', 'user1');
    expect((await h.call('/api/user/bank/getChargeAccount', { bank_password: '1234' }, { token: t1 })).json.data.bank.kind).toBe('temporary');
    expect((await h.call('/api/user/bank/getChargeAccount', {}, { token: t1 })).json.data).toEqual({ bank: null, password_required: true });
  });
});

describe(`clearing the conversion history on ${testEngine}`, () => {
  it("hides the member's records from their history, keeps the rows and postings, and replays a repeated request", async () => {
    const t = await h.login('user', 'user7');
    const other = await h.login('user', 'user5');
    for (let i = 0; i < 2; i++)
      expect((await h.call('/api/user/bank/convertCasino', { direction: 'to_casino', amount: 10000, request_id: rid() }, { token: t })).status).toBe(200);
    expect((await h.call('/api/user/bank/convertCasino', { direction: 'to_casino', amount: 10000, request_id: rid() }, { token: other })).status).toBe(200);
    const range = { startedAt: '2020-01-01', endedAt: '2030-01-01' };
    expect((await h.call('/api/user/bank/getConversions', range, { token: t })).json.data.total).toBe(2);
    const key = rid();
    const cleared = await h.call('/api/user/bank/clearConversions', { request_id: key }, { token: t });
    expect(cleared.json.data).toEqual({ cleared: 2 });
    expect((await h.call('/api/user/bank/clearConversions', { request_id: key }, { token: t })).json.data).toEqual({ cleared: 2 });
    expect((await h.call('/api/user/bank/getConversions', range, { token: t })).json.data.total).toBe(0);
    // Another member's history is untouched; the rows and ledger postings stay.
    expect((await h.call('/api/user/bank/getConversions', range, { token: other })).json.data.total).toBe(1);
    const rows = await h.db.query("SELECT 1 FROM conversions c JOIN users u ON u.id = c.user_id WHERE u.account = 'user7'");
    expect(rows.rowCount).toBe(2);
    // A conversion after the clear shows again.
    await h.call('/api/user/bank/convertCasino', { direction: 'to_money', amount: 5000, request_id: rid() }, { token: t });
    expect((await h.call('/api/user/bank/getConversions', range, { token: t })).json.data.total).toBe(1);
    expect((await h.call('/api/user/bank/clearConversions', {}, { token: t })).json.error).toMatchObject({
      code: 'validation',
      field: 'request_id',
      rule: 'required',
    });
  });
});
