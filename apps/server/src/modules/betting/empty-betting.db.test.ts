import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { minigameBetInput } from '../../test/bets.ts';
import { testEngine } from '../../test/db.ts';
import { getBalances } from '../ledger/index.ts';
import { placeBet } from './service.ts';

/** Empty betting (공배팅, decision 043): with the rule on, a bet needs approved charges behind it. */
let h: Harness;
let seq = 0;
const rid = () => `empty-bet-${seq++}`;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());

const asAdmin = async (path: string, body: object = {}) => h.call(path, body, { token: await h.login('admin', 'admin') });
const update = (patch: object) => asAdmin('/api/admin/settings/update', { settings: patch });
const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;

/** A charge of `amount` requested by the member and approved by the admin. */
async function chargeApproved(account: string, amount: number) {
  const asked = await h.call('/api/user/bank/charge', { charge_money: amount, request_id: rid() }, { token: await h.login('user', account) });
  expect(asked.status).toBe(200);
  const done = await asAdmin('/api/admin/bank/process', { type: 'charge', id: asked.json.data.request.id, action: 'approve' });
  expect(done.status).toBe(200);
}

describe(`empty betting on ${testEngine}`, () => {
  it('refuses a member whose approved charges are under the minimum, in and outside a transaction, and lets them bet once charged', async () => {
    await update({ charge: { min: 10_000, max: null, unit: null, delay_seconds: 0, require_exchange_password: false } });
    // user5 holds seeded money but never had a charge approved.
    const uid = await idOf('user5');
    const before = (await getBalances(h.db, uid)).money;
    expect(before).toBeGreaterThan(0n);
    // Off (the default): such a member bets.
    await placeBet(h.db, h.clock, minigameBetInput(uid, rid(), { amount: 1_000n }));

    expect((await update({ empty_betting: { blocked: true, min_deposit_total: 50_000 } })).status).toBe(200);
    const audit = (await h.db.query(`SELECT before, after FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1`)).rows[0];
    expect(audit.before).toEqual({ empty_betting: { blocked: false, min_deposit_total: 10_000 } });
    expect(audit.after).toEqual({ empty_betting: { blocked: true, min_deposit_total: 50_000 } });

    const refused = { status: 403, code: 'empty_bet', details: { params: { amount: '50000' } } };
    await expect(placeBet(h.db, h.clock, minigameBetInput(uid, rid(), { amount: 1_000n }))).rejects.toMatchObject(refused);
    await expect(h.db.tx((sql) => placeBet(sql, h.clock, minigameBetInput(uid, rid(), { amount: 1_000n })))).rejects.toMatchObject(refused);
    expect((await getBalances(h.db, uid)).money).toBe(before - 1_000n);

    // 30,000 approved is still under 50,000; 20,000 more reaches it.
    await chargeApproved('user5', 30_000);
    await expect(placeBet(h.db, h.clock, minigameBetInput(uid, rid(), { amount: 1_000n }))).rejects.toMatchObject(refused);
    await chargeApproved('user5', 20_000);
    const placed = await placeBet(h.db, h.clock, minigameBetInput(uid, rid(), { amount: 1_000n }));
    expect(placed.status).toBe('open');
    expect((await getBalances(h.db, uid)).money).toBe(before - 2_000n + 50_000n);

    await update({ empty_betting: { blocked: false, min_deposit_total: 10_000 } });
    await placeBet(h.db, h.clock, minigameBetInput(await idOf('user6'), rid(), { amount: 1_000n }));
  });
});
