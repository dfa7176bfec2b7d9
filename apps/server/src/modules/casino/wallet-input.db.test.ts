import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_HOUSE_VENDOR_SECRET } from '../../platform/config.ts';
import { harness, type Harness } from '../../test/app.ts';
import { getBalances } from '../ledger/index.ts';
import { betCall, callId, launchToken, walletClient } from './test-wallet.ts';

// Issue 21 defect 3, odd input in correctly signed wallet calls: a NUL in any field answered
// RS_ERROR_UNKNOWN with a database error (vendors retry UNKNOWN), lone surrogates made two ids
// one, and a game the vendor does not offer made a bet row. Every one is now a syntax error,
// stored, with nothing moved.
let h: Harness;
let w: ReturnType<typeof walletClient>;
let player: { id: bigint; token: string };
beforeAll(async () => {
  h = await harness();
  w = walletClient(h, DEV_HOUSE_VENDOR_SECRET);
  const session = await h.login('user', 'user2');
  const id = BigInt((await h.call('/api/user/getContext', {}, { token: session })).json.data.user.id);
  player = { id, token: (await launchToken(h, session, { game: 'fortune5' })).token };
});
afterAll(() => h?.close());

const money = async () => (await getBalances(h.db, player.id)).money;
const bets = async () => (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bets WHERE user_id = $1', [player.id])).rows[0].n;

describe('wallet input', () => {
  it('answers a NUL in any text field as wrong syntax, stored, nothing moved', async () => {
    const before = { money: await money(), bets: await bets() };
    for (const field of ['request_uuid', 'transaction_uuid', 'round', 'game_code', 'token', 'currency'] as const) {
      const body = { ...betCall(player), [field]: `x\u0000y` };
      const r = await w.send('bet', body);
      expect(r.status, field).toBe('RS_ERROR_WRONG_SYNTAX');
      expect(r.http).toBe(200);
    }
    expect({ money: await money(), bets: await bets() }).toEqual(before);
    const stored = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM casino_wallet_calls WHERE status = 'RS_ERROR_WRONG_SYNTAX'`);
    expect(stored.rows[0].n).toBeGreaterThanOrEqual(6);
  });

  it('refuses lone surrogates, so X\\ud800 and X\\udbff are never one id', async () => {
    const before = await money();
    for (const tx of [`${callId('s')}\ud800`, `${callId('s')}\udbff`, `\udc00${callId('s')}`]) {
      const r = await w.send('bet', betCall(player, '1000', tx));
      expect(r.status).toBe('RS_ERROR_WRONG_SYNTAX');
    }
    // A well-formed pair (an emoji) is ordinary text.
    expect((await w.send('bet', betCall(player, '1000', `${callId('s')}😀`))).status).toBe('RS_OK');
    expect(await money()).toBe(before - 1000n);
  });

  it('refuses a bet on a game the vendor does not offer', async () => {
    const before = { money: await money(), bets: await bets() };
    const r = await w.send('bet', { ...betCall(player), game_code: 'evilgame' });
    expect(r.status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect({ money: await money(), bets: await bets() }).toEqual(before);
  });
});
