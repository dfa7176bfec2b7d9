import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { DEV_HOUSE_VENDOR_SECRET } from '../../platform/config.ts';
import { getBalances, HOUSE, transfer, verifyLedger } from '../ledger/index.ts';
import { betCall, launchToken, walletClient } from './test-wallet.ts';

// Seamless wallet cases beyond wallet.db.test.ts, from the aggregator rules of issue 10: a
// transaction id belongs to one player and one call, a settlement never crosses players, and
// money is exact at the edges. Every case ends with the ledger verified.

let h: Harness;
let w: ReturnType<typeof walletClient>;
type Player = { id: bigint; token: string };
let a: Player;
let b: Player;
let seq = 0;
const uid = (p: string) => `c-${p}-${++seq}`;

async function player(account: string): Promise<Player> {
  const r = await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = $1`, [account]);
  return { id: r.rows[0].id, token: (await launchToken(h, await h.login('user', account), { game: 'fortune5' })).token };
}

beforeAll(async () => {
  h = await harness();
  w = walletClient(h, DEV_HOUSE_VENDOR_SECRET);
  a = await player('user2');
  b = await player('user1');
});
afterAll(() => h?.close());

const money = async (p: Player) => (await getBalances(h.db, p.id)).money;
const ledgerOk = async () => expect(await verifyLedger(h.db)).toEqual({ ok: true, problems: [] });

type Bet = { request_uuid: string; transaction_uuid: string; user: string; token: string; round: string; game_code: string; amount: string; currency: string };
const betOf = (p: Player, amount = '1000', tx = uid('bet')): Bet => betCall(p, amount, tx);
const winOf = (bet: Bet, amount: string, p?: Player, tx = uid('win')) => ({
  ...bet,
  ...(p ? { user: String(p.id), token: p.token } : {}),
  request_uuid: uid('req'),
  transaction_uuid: tx,
  reference_transaction_uuid: bet.transaction_uuid,
  amount,
});
const rollbackOf = (ref: { transaction_uuid: string; round: string; game_code: string }, p: Player, tx = uid('rb')) => ({
  request_uuid: uid('req'),
  transaction_uuid: tx,
  reference_transaction_uuid: ref.transaction_uuid,
  user: String(p.id),
  token: p.token,
  round: ref.round,
  game_code: ref.game_code,
  currency: 'KRW',
});

describe(`seamless wallet contract, more cases (house vendor, ${testEngine})`, () => {
  it("a transaction id taken by one player is a duplicate for another, and nobody's money moves twice", async () => {
    const [beforeA, beforeB] = [await money(a), await money(b)];
    const bet = betOf(a, '3000');
    expect((await w.send('bet', bet)).status).toBe('RS_OK');
    const other = await w.send('bet', { ...bet, request_uuid: uid('req'), user: String(b.id), token: b.token });
    expect(other.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await money(a)).toBe(beforeA - 3000n);
    expect(await money(b)).toBe(beforeB);
    await ledgerOk();
  });

  it('a transaction id is one call: a win or rollback under a bet id is a duplicate and pays nothing', async () => {
    const bet = betOf(a, '2000');
    await w.send('bet', bet);
    const before = await money(a);
    expect((await w.send('win', winOf(bet, '9000', undefined, bet.transaction_uuid))).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect((await w.send('rollback', rollbackOf(bet, a, bet.transaction_uuid))).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    const win = winOf(bet, '4000');
    expect((await w.send('win', win)).status).toBe('RS_OK');
    // A bet reusing the win's id is a duplicate too.
    expect((await w.send('bet', betOf(a, '1000', win.transaction_uuid))).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await money(a)).toBe(before + 4000n);
    await ledgerOk();
  });

  it("a win or rollback on another player's bet is refused as unknown and moves nothing", async () => {
    const bet = betOf(a, '2000');
    await w.send('bet', bet);
    const [beforeA, beforeB] = [await money(a), await money(b)];
    const win = await w.send('win', winOf(bet, '8000', b));
    expect(win.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(win.balance).toBe(String(beforeB));
    expect((await w.send('rollback', rollbackOf(bet, b))).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect([await money(a), await money(b)]).toEqual([beforeA, beforeB]);
    // The bet is still open for its own player.
    expect((await w.send('win', winOf(bet, '8000'))).status).toBe('RS_OK');
    expect(await money(a)).toBe(beforeA + 8000n);
    await ledgerOk();
  });

  it('an unknown player is refused on every method, with nothing stored against anyone', async () => {
    const bet = betOf(a, '1000');
    await w.send('bet', bet);
    const before = await money(a);
    const ghost = { ...a, id: 987_654_321n };
    expect((await w.send('balance', { request_uuid: uid('req'), user: String(ghost.id), token: a.token, currency: 'KRW' })).status).toBe(
      'RS_ERROR_UNKNOWN_USER',
    );
    expect((await w.send('bet', betOf(ghost))).status).toBe('RS_ERROR_UNKNOWN_USER');
    expect((await w.send('win', winOf(bet, '5000', ghost))).status).toBe('RS_ERROR_UNKNOWN_USER');
    expect((await w.send('rollback', rollbackOf(bet, ghost))).status).toBe('RS_ERROR_UNKNOWN_USER');
    expect(await money(a)).toBe(before);
    // The refused rollback left no tombstone: the real win still settles the bet.
    expect((await w.send('win', winOf(bet, '5000'))).status).toBe('RS_OK');
    expect(await money(a)).toBe(before + 5000n);
    await ledgerOk();
  });

  it('after a tombstone, a second rollback and a win on the missing bet change nothing, and the bet stays refused', async () => {
    const before = await money(a);
    const bet = betOf(a, '6000');
    expect((await w.send('rollback', rollbackOf(bet, a))).status).toBe('RS_OK');
    expect((await w.send('rollback', rollbackOf(bet, a))).status).toBe('RS_OK');
    expect((await w.send('win', winOf(bet, '6000'))).status).not.toBe('RS_OK');
    expect((await w.send('bet', bet)).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect((await w.send('bet', { ...bet, request_uuid: uid('req') })).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await money(a)).toBe(before);
    await ledgerOk();
  });

  it('a rollback of a win takes only the win back; the bet can then be settled again', async () => {
    const bet = betOf(a, '2000');
    await w.send('bet', bet);
    const afterStake = await money(a);
    const win = winOf(bet, '7000');
    await w.send('win', win);
    expect(await money(a)).toBe(afterStake + 7000n);
    expect((await w.send('rollback', rollbackOf(win, a))).status).toBe('RS_OK');
    expect(await money(a)).toBe(afterStake);
    expect((await w.send('win', winOf(bet, '3000'))).status).toBe('RS_OK');
    expect(await money(a)).toBe(afterStake + 3000n);
    await ledgerOk();
  });

  it('insufficient funds at the exact edge: the whole balance can be staked, one more is refused with the balance', async () => {
    const poor = await player('user5');
    const held = await money(poor);
    await h.db.tx((sql) =>
      transfer(sql, h.clock, {
        idempotencyKey: 'contract-drain-user5',
        kind: 'test.drain',
        from: { user: poor.id, asset: 'money' },
        to: { house: HOUSE.adjustments, asset: 'money' },
        amount: held - 5000n,
      }),
    );
    const over = await w.send('bet', betOf(poor, '5001'));
    expect(over).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: '5000' });
    const all = await w.send('bet', betOf(poor, '5000'));
    expect(all).toMatchObject({ status: 'RS_OK', balance: '0' });
    expect((await w.send('bet', betOf(poor, '1000'))).balance).toBe('0');
    expect(await money(poor)).toBe(0n);
    await ledgerOk();
  });

  it('bets, wins and rollbacks of one player arriving together leave the money exact', async () => {
    const before = await money(a);
    const settled = Array.from({ length: 10 }, () => betOf(a, '1000'));
    for (const s of settled) await w.send('bet', s);
    const fresh = Array.from({ length: 10 }, () => betOf(a, '1000'));
    const answers = await Promise.all([
      ...fresh.map((f) => w.send('bet', f)),
      ...settled.slice(0, 5).map((s) => w.send('win', winOf(s, '2500'))),
      ...settled.slice(5).map((s) => w.send('rollback', rollbackOf(s, a))),
    ]);
    expect(answers.map((x) => x.status)).toEqual(Array(20).fill('RS_OK'));
    // 20 stakes of 1,000, five paid 2,500, five refunded
    expect(await money(a)).toBe(before - 20_000n + 5n * 2500n + 5n * 1000n);
    await ledgerOk();
  });
});
