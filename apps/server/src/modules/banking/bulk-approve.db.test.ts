import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { verifyLedger } from '../ledger/index.ts';

// Bulk approval of deposit requests (decision 041): each row its own transition, replay by request_id.
let h: Harness;
let admin: string;
let seq = 0;
const rid = () => `bulk-${Date.now()}-${seq++}`;
const money = async (token: string) => (await h.call('/api/user/getContext', {}, { token })).json.data.user.money as string;

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
  await h.call(
    '/api/admin/settings/update',
    { settings: { charge: { min: 10000, max: null, unit: null, delay_seconds: 0, require_exchange_password: false } } },
    { token: admin },
  );
});
afterAll(() => h?.close());

async function charge(account: string, amount: number) {
  const t = await h.login('user', account);
  const r = await h.call('/api/user/bank/charge', { charge_money: amount, request_id: rid() }, { token: t });
  expect(r.json.error).toBeUndefined();
  return { token: t, id: r.json.data.request.id as number };
}

describe(`bulk approve on ${testEngine}`, () => {
  it('approves each waiting request once, reports each refusal on its own row, and a replay moves nothing', async () => {
    const a = await charge('user2', 20000);
    const b = await charge('user3', 30000);
    const c = await charge('user4', 40000);
    expect((await h.call('/api/admin/bank/process', { type: 'charge', id: c.id, action: 'refuse' }, { token: admin })).status).toBe(200);
    const [beforeA, beforeB] = [BigInt(await money(a.token)), BigInt(await money(b.token))];

    const key = rid();
    const body = { type: 'charge', ids: [a.id, b.id, c.id, 999999], request_id: key };
    const first = await h.call('/api/admin/bank/bulkApprove', body, { token: admin });
    expect(first.status).toBe(200);
    const results = first.json.data.results as { id: number; ok: boolean; status: string | null; error: { code: string } | null }[];
    expect(results.map((r) => [r.id, r.ok, r.status, r.error?.code ?? null])).toEqual([
      [a.id, true, 'approved', null],
      [b.id, true, 'approved', null],
      [c.id, false, null, 'request_state'],
      [999999, false, null, 'request_not_found'],
    ]);
    expect(BigInt(await money(a.token)) - beforeA).toBe(20000n);
    expect(BigInt(await money(b.token)) - beforeB).toBe(30000n);

    // The same request again (a double click, a retry): the first answer, no second posting.
    const replay = await h.call('/api/admin/bank/bulkApprove', body, { token: admin });
    expect(replay.json.data).toEqual(first.json.data);
    expect(BigInt(await money(a.token)) - beforeA).toBe(20000n);
    // The key reused for other rows is a conflict, not a second run.
    const reuse = await h.call('/api/admin/bank/bulkApprove', { ...body, ids: [a.id] }, { token: admin });
    expect(reuse.status).toBe(409);
    expect(reuse.json.error.code).toBe('idempotency_conflict');
    // A new key for rows already approved: each refused by the state machine.
    const again = await h.call('/api/admin/bank/bulkApprove', { ...body, request_id: rid() }, { token: admin });
    expect((again.json.data.results as { ok: boolean }[]).every((r) => !r.ok)).toBe(true);
    expect(again.json.data.results).toHaveLength(4);

    const audits = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'charge.approve' AND target = ANY($1::text[])`, [
      [`bank_request:${a.id}`, `bank_request:${b.id}`],
    ]);
    expect(audits.rows[0].n).toBe(2);
    expect((await verifyLedger(h.db)).problems).toEqual([]);
  });

  it('flags a depositor name registered on several accounts in the admin list', async () => {
    const u5 = await h.db.query<{ bank_holder: string }>(`SELECT bank_holder FROM users WHERE account = 'user5'`);
    await h.db.query(`UPDATE users SET bank_holder = $1 WHERE account = 'user6'`, [u5.rows[0].bank_holder]);
    const r = await charge('user5', 15000);
    const other = await charge('user7', 15000);
    const list = await h.call('/api/admin/bank/list', { type: 'charge', status: 'waiting' }, { token: admin });
    const row = (list.json.data.rows as { id: number; holder_accounts: number }[]).find((x) => x.id === r.id)!;
    expect(row.holder_accounts).toBe(1);
    expect((list.json.data.rows as { id: number; holder_accounts: number }[]).find((x) => x.id === other.id)!.holder_accounts).toBe(0);
  });
});
