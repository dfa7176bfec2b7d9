import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';

/** Maximum payout points per game type (decision 043): the cap on one approved charge's bonus points. */
let h: Harness;
let seq = 0;
const rid = () => `payout-points-${seq++}`;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());

const asAdmin = async (path: string, body: object = {}) => h.call(path, body, { token: await h.login('admin', 'admin') });
const update = (patch: object) => asAdmin('/api/admin/settings/update', { settings: patch });

/** A charge for `game` (or none) approved by the admin: the bonus points it paid. */
async function bonusOf(amount: number, game?: string) {
  const asked = await h.call('/api/user/bank/charge', { charge_money: amount, bonus_game: game, request_id: rid() }, { token: await h.login('user', 'user7') });
  expect(asked.status).toBe(200);
  const done = await asAdmin('/api/admin/bank/process', { type: 'charge', id: asked.json.data.request.id, action: 'approve' });
  expect(done.status).toBe(200);
  return done.json.data.request.bonus_point as string;
}

describe(`maximum payout points per game type on ${testEngine}`, () => {
  it('caps a charge bonus at its game type’s maximum (the smallest set cap without one), posted through the ledger', async () => {
    await update({ charge: { min: 10_000, max: null, unit: null, delay_seconds: 0, require_exchange_password: false } });
    await update({ charge_points: { first_percent: 10, each_percent: 10, digits: 2 } });
    const caps = { sports: 1_000, minigame: null, casino: 3_000, slot: null };
    expect((await update({ max_payout_points: caps })).status).toBe(200);
    const audit = (await h.db.query(`SELECT before, after FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1`)).rows[0];
    expect(audit.before).toEqual({ max_payout_points: { sports: null, minigame: null, casino: null, slot: null } });
    expect(audit.after).toEqual({ max_payout_points: caps });

    const uid = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user7'`)).rows[0].id;
    const points = (await getBalances(h.db, uid)).point;
    // 10 % of 100,000 is 10,000 points: sports pays at most 1,000, mini games have no cap.
    expect(await bonusOf(100_000, 'sports')).toBe('1000');
    expect(await bonusOf(100_000, 'minigame')).toBe('10000');
    // Under the cap the bonus is paid whole; without a game type the smallest cap set applies.
    expect(await bonusOf(20_000, 'casino')).toBe('2000');
    expect(await bonusOf(100_000)).toBe('1000');
    expect((await getBalances(h.db, uid)).point).toBe(points + 14_000n);
    expect((await verifyLedger(h.db)).problems).toEqual([]);

    // A game type outside the list is refused with the field named.
    const bad = await h.call(
      '/api/user/bank/charge',
      { charge_money: 10_000, bonus_game: 'poker', request_id: rid() },
      { token: await h.login('user', 'user7') },
    );
    expect(bad.status).toBe(400);
    expect(bad.json.error.field).toBe('bonus_game');
    // A negative cap is refused.
    expect((await update({ max_payout_points: { ...caps, slot: -1 } })).status).toBe(400);

    await update({ max_payout_points: { sports: null, minigame: null, casino: null, slot: null } });
    expect(await bonusOf(100_000, 'sports')).toBe('10000');
    await update({ charge_points: { first_percent: 5, each_percent: 0, digits: 2 } });
  });
});
