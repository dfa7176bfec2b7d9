import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { DEV_HOUSE_VENDOR_SECRET } from '../../platform/config.ts';
import { settleBatchStats } from '../betting/index.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { rememberBet } from './placed-bets.ts';
import { betCall, callId, launchToken, walletClient } from './test-wallet.ts';

// Seamless wins arriving together go through betting's settlement group commit: one statement
// settles them all with their wallet rows (`repo.winGuardMany`, `repo.winThenMany`). The checks
// the single win statement makes must hold in the batch form too; a win the batch leaves out, or
// a batch that fails, goes one by one.

let h: Harness;
let w: ReturnType<typeof walletClient>;
const ACCOUNTS = ['user1', 'user2', 'user3', 'user4', 'user5'];
const players: { id: bigint; token: string }[] = [];
const ledgerOk = async () => expect(await verifyLedger(h.db)).toEqual({ ok: true, problems: [] });
const money = async (id: bigint) => (await getBalances(h.db, id)).money;

const winCall = (bet: ReturnType<typeof betCall>, amount: string, token = bet.token) => ({
  request_uuid: callId('req'),
  transaction_uuid: callId('win'),
  reference_transaction_uuid: bet.transaction_uuid,
  user: bet.user,
  token,
  round: bet.round,
  game_code: bet.game_code,
  amount,
  currency: 'KRW',
});

/** One open bet of 1,000 per player, placed one after another. */
async function openBets() {
  const bets = [];
  for (const p of players) {
    const b = betCall(p);
    expect((await w.send('bet', b)).status).toBe('RS_OK');
    bets.push(b);
  }
  return bets;
}

const walletRow = async (tx: string) =>
  (
    await h.db.query<{ status: string; amount: bigint; win_amount: bigint; balance_after: bigint; bet_id: bigint | null }>(
      `SELECT status, amount, win_amount, balance_after, bet_id FROM casino_wallet_tx WHERE vendor = 'house' AND transaction_uuid = $1`,
      [tx],
    )
  ).rows[0];

beforeAll(async () => {
  h = await harness();
  w = walletClient(h, DEV_HOUSE_VENDOR_SECRET);
  for (const account of ACCOUNTS) {
    const id = (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;
    const { token } = await launchToken(h, await h.login('user', account), { game: 'fortune5' });
    players.push({ id, token });
  }
  // Warm up: caches filled, accounts opened, so the wins below take the hot path together.
  for (const b of await openBets()) expect((await w.send('win', winCall(b, '0'))).status).toBe('RS_OK');
});
afterAll(() => h?.close());

describe(`wallet wins in one batch (${testEngine})`, () => {
  it('wins of five members at once are settled together, each with its bet, win row, call log and answer', async () => {
    const bets = await openBets();
    const balances = await Promise.all(players.map((p) => money(p.id)));
    const paid = ['2500', '0', '1000', '0', '7000'];
    const before = { ...settleBatchStats };
    const calls = bets.map((b, i) => winCall(b, paid[i]));
    const answers = await Promise.all(calls.map((c) => w.send('win', c)));
    for (const [i, a] of answers.entries()) {
      const after = balances[i] + BigInt(paid[i]);
      expect(a.status).toBe('RS_OK');
      expect(BigInt(a.balance)).toBe(after);
      expect(await money(players[i].id)).toBe(after);
      const win = await walletRow(calls[i].transaction_uuid);
      expect(win).toMatchObject({ status: 'done', amount: BigInt(paid[i]), balance_after: after });
      expect(await walletRow(bets[i].transaction_uuid)).toMatchObject({ status: 'settled', win_amount: BigInt(paid[i]), balance_after: after });
      const bet = (
        await h.db.query<{ status: string; win_amount: bigint; settled_tx: bigint | null }>(`SELECT status, win_amount, settled_tx FROM bets WHERE id = $1`, [
          win.bet_id,
        ])
      ).rows[0];
      expect(bet).toMatchObject({ status: paid[i] === '0' ? 'lost' : 'won', win_amount: BigInt(paid[i]) });
      expect(bet.settled_tx).not.toBeNull();
      const log = (
        await h.db.query<{ answer: { balance: string } }>(`SELECT answer FROM casino_wallet_calls WHERE vendor = 'house' AND transaction_uuid = $1`, [
          calls[i].transaction_uuid,
        ])
      ).rows;
      expect(log).toEqual([{ answer: expect.objectContaining({ status: 'RS_OK', balance: String(after) }) }]);
    }
    // Settled by batches: fewer statements than wins.
    expect(settleBatchStats.posted - before.posted).toBe(players.length);
    expect(settleBatchStats.batches - before.batches).toBeLessThan(players.length);
    expect(settleBatchStats.failed - before.failed).toBe(0);
    // A replay answers the first answer and moves nothing.
    const again = await w.send('win', calls[0]);
    expect(again).toMatchObject({ status: 'RS_OK', balance: answers[0].balance });
    expect(await money(players[0].id)).toBe(balances[0] + 2500n);
    await ledgerOk();
  });

  it("a win carrying another member's token is left out of the batch and refused; the others are paid", async () => {
    const bets = await openBets();
    const balances = await Promise.all(players.map((p) => money(p.id)));
    const before = { ...settleBatchStats };
    const calls = bets.map((b, i) => winCall(b, '3000', i === 0 ? players[1].token : b.token));
    const answers = await Promise.all(calls.map((c) => w.send('win', c)));
    expect(answers[0].status).toBe('RS_ERROR_INVALID_TOKEN');
    expect(answers.slice(1).map((a) => a.status)).toEqual(players.slice(1).map(() => 'RS_OK'));
    expect(await money(players[0].id)).toBe(balances[0]);
    expect(await walletRow(bets[0].transaction_uuid)).toMatchObject({ status: 'open', win_amount: 0n });
    for (const i of [1, 2, 3, 4]) expect(await money(players[i].id)).toBe(balances[i] + 3000n);
    // The others went in batches (the guard said no for one member only; no statement failed).
    expect(settleBatchStats.posted - before.posted).toBe(players.length - 1);
    expect(settleBatchStats.failed - before.failed).toBe(0);
    // The bet is still open: its own win settles it.
    expect((await w.send('win', winCall(bets[0], '3000'))).status).toBe('RS_OK');
    expect(await money(players[0].id)).toBe(balances[0] + 3000n);
    await ledgerOk();
  });

  it('a win reusing a spent nonce fails the batch statement: the others are paid one by one, it is refused, nothing of it moves', async () => {
    const bets = await openBets();
    const balances = await Promise.all(players.map((p) => money(p.id)));
    const before = { ...settleBatchStats };
    const spent = `spent-${callId('nonce')}`;
    expect((await w.send('balance', { request_uuid: callId('req'), user: bets[0].user, token: bets[0].token, currency: 'KRW' }, { nonce: spent })).status).toBe(
      'RS_OK',
    );
    const answers = await Promise.all(bets.map((b, i) => w.send('win', winCall(b, '1500'), i === 0 ? { nonce: spent } : {})));
    expect(answers[0].status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(answers.slice(1).map((a) => a.status)).toEqual(players.slice(1).map(() => 'RS_OK'));
    expect(await money(players[0].id)).toBe(balances[0]);
    expect(await walletRow(bets[0].transaction_uuid)).toMatchObject({ status: 'open', win_amount: 0n });
    for (const i of [1, 2, 3, 4]) expect(await money(players[i].id)).toBe(balances[i] + 1500n);
    // The nonce check ran inside the batch statement: it failed there, not after.
    expect(settleBatchStats.failed - before.failed).toBeGreaterThan(0);
    await ledgerOk();
  });

  it("a wrong remembered bet (another of the member's open bets, same stake) is refused under the lock: the win settles its own bet", async () => {
    const [mine, other] = [betCall(players[0]), betCall(players[0])];
    for (const b of [mine, other]) expect((await w.send('bet', b)).status).toBe('RS_OK');
    const [betMine, betOther] = [(await walletRow(mine.transaction_uuid)).bet_id!, (await walletRow(other.transaction_uuid)).bet_id!];
    rememberBet(
      h.db,
      'house',
      mine.transaction_uuid,
      { userId: players[0].id, betId: betOther, amount: 1000n, gameType: 'slot', game: 'fortune5' },
      h.clock.now().getTime(),
    );
    const balance = await money(players[0].id);
    expect((await w.send('win', winCall(mine, '4000'))).status).toBe('RS_OK');
    expect(await money(players[0].id)).toBe(balance + 4000n);
    const status = async (id: bigint) => (await h.db.query<{ status: string }>(`SELECT status FROM bets WHERE id = $1`, [id])).rows[0].status;
    expect([await status(betMine), await status(betOther)]).toEqual(['won', 'open']);
    expect((await walletRow(mine.transaction_uuid)).status).toBe('settled');
    await ledgerOk();
  });
});
