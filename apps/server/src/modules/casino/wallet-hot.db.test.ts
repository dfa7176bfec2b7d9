import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { DEV_HOUSE_VENDOR_SECRET } from '../../platform/config.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { betCall, disallowLevel, launchToken, walletClient } from './test-wallet.ts';

// The hot path (decision 021) checks session, member and level inside its money statements and
// hands anything unusual to the careful path: these are the cases where it must step aside.

let h: Harness;
let w: ReturnType<typeof walletClient>;
let admin: string;
let seq = 0;
const uid = (p: string) => `${p}-h-${++seq}`;
const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;
const ledgerOk = async () => expect(await verifyLedger(h.db)).toEqual({ ok: true, problems: [] });
const bet = (id: bigint, token: string, amount = '1000') => betCall({ id, token }, amount);
const setMode = async (mode: string) => {
  const r = await h.call('/api/admin/casino/vendors/update', { code: 'house', wallet_mode: mode }, { token: admin });
  expect(r.status).toBe(200);
};

beforeAll(async () => {
  h = await harness();
  w = walletClient(h, DEV_HOUSE_VENDOR_SECRET);
  admin = await h.login('admin', 'admin');
});
afterAll(() => h?.close());

describe(`wallet hot path steps aside (${testEngine})`, () => {
  it('a member no longer active is refused as invalid token, and nothing moves', async () => {
    const id = await idOf('user6');
    const { token } = await launchToken(h, await h.login('user', 'user6'), { game: 'fortune5' });
    expect((await w.send('bet', bet(id, token))).status).toBe('RS_OK');
    const before = await getBalances(h.db, id);
    await h.db.query(`UPDATE users SET status = 'suspended' WHERE id = $1`, [id]);
    try {
      expect((await w.send('bet', bet(id, token))).status).toBe('RS_ERROR_INVALID_TOKEN');
    } finally {
      await h.db.query(`UPDATE users SET status = 'normal_a' WHERE id = $1`, [id]);
    }
    expect(await getBalances(h.db, id)).toEqual(before);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM bets WHERE user_id = $1`, [id])).rows[0].n).toBe(1);
    await ledgerOk();
  });

  it('a level not allowed to bet is refused as limit reached while another level bets', async () => {
    const [a, b] = [await idOf('user7'), await idOf('user1')];
    await h.db.query(`UPDATE users SET level = 3 WHERE id = $1`, [a]);
    await h.db.query(`UPDATE users SET level = 4 WHERE id = $1`, [b]);
    await disallowLevel(h, admin, 3);
    const ta = (await launchToken(h, await h.login('user', 'user7'), { game: 'fortune5' })).token;
    const tb = (await launchToken(h, await h.login('user', 'user1'), { game: 'fortune5' })).token;
    const before = await getBalances(h.db, a);
    expect((await w.send('bet', bet(a, ta))).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect(await getBalances(h.db, a)).toEqual(before);
    expect((await w.send('bet', bet(b, tb))).status).toBe('RS_OK');
    await ledgerOk();
  });

  it('a transfer-mode session stays on the casino balance after the vendor turns seamless', async () => {
    await setMode('transfer');
    const id = await idOf('user2');
    const member = await h.login('user', 'user2');
    const conv = await h.call('/api/user/bank/convertCasino', { direction: 'to_casino', amount: '20000', request_id: 'conv-user2-hot' }, { token: member });
    expect(conv.status).toBe(200);
    const { token } = await launchToken(h, member);
    await setMode('seamless');
    const start = await getBalances(h.db, id);
    const b = bet(id, token, '5000');
    expect(await w.send('bet', b)).toMatchObject({ status: 'RS_OK', balance: String(start.casino - 5000n) });
    const win = { ...b, request_uuid: uid('req'), transaction_uuid: uid('win'), reference_transaction_uuid: b.transaction_uuid, amount: '7000' };
    expect(await w.send('win', win)).toMatchObject({ status: 'RS_OK', balance: String(start.casino + 2000n) });
    expect(await w.send('balance', { request_uuid: uid('req'), user: String(id), token, currency: 'KRW' })).toMatchObject({
      status: 'RS_OK',
      balance: String(start.casino + 2000n),
    });
    expect(await getBalances(h.db, id)).toEqual({ ...start, casino: start.casino + 2000n });
    await ledgerOk();
  });
});
