import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { DEV_HOUSE_VENDOR_SECRET } from '../../platform/config.ts';
import { batchStats } from '../betting/index.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { betCall, disallowLevel, launchToken, walletClient } from './test-wallet.ts';

// Seamless bets arriving together go through betting's group commit: one statement posts them
// all with their wallet rows (`repo.betThenMany`). The checks the single hot statement makes
// must hold in the batch form too; a batch that fails one goes one by one.

let h: Harness;
let w: ReturnType<typeof walletClient>;
let admin: string;
const ACCOUNTS = ['user1', 'user2', 'user3', 'user4', 'user5'];
const players: { id: bigint; token: string }[] = [];
const ledgerOk = async () => expect(await verifyLedger(h.db)).toEqual({ ok: true, problems: [] });
const money = async (id: bigint) => (await getBalances(h.db, id)).money;

beforeAll(async () => {
  h = await harness();
  w = walletClient(h, DEV_HOUSE_VENDOR_SECRET);
  admin = await h.login('admin', 'admin');
  for (const account of ACCOUNTS) {
    const id = (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;
    const { token } = await launchToken(h, await h.login('user', account), { game: 'fortune5' });
    players.push({ id, token });
    // Warm up: caches filled, accounts opened, so the bets below take the hot path together.
    expect((await w.send('bet', betCall({ id, token }))).status).toBe('RS_OK');
  }
});
afterAll(() => h?.close());

describe(`wallet bets in one batch (${testEngine})`, () => {
  it('bets of five members at once are posted together, each with its wallet row, call log and answer', async () => {
    const before = { ...batchStats };
    const balances = await Promise.all(players.map((p) => money(p.id)));
    const calls = players.map((p) => betCall(p, '2000'));
    const answers = await Promise.all(players.map((p, i) => w.send('bet', calls[i])));
    for (const [i, a] of answers.entries()) {
      expect(a.status).toBe('RS_OK');
      expect(BigInt(a.balance)).toBe(balances[i] - 2000n);
      expect(await money(players[i].id)).toBe(balances[i] - 2000n);
      const row = (
        await h.db.query<{ status: string; balance_before: bigint; balance_after: bigint; answer_balance: bigint; bet_id: bigint | null }>(
          `SELECT status, balance_before, balance_after, answer_balance, bet_id FROM casino_wallet_tx WHERE vendor = 'house' AND transaction_uuid = $1`,
          [calls[i].transaction_uuid],
        )
      ).rows[0];
      expect(row).toMatchObject({ status: 'open', balance_before: balances[i], balance_after: balances[i] - 2000n, answer_balance: balances[i] - 2000n });
      expect(row.bet_id).not.toBeNull();
      const log = (
        await h.db.query<{ answer: { balance: string; status: string } }>(
          `SELECT answer FROM casino_wallet_calls WHERE vendor = 'house' AND transaction_uuid = $1`,
          [calls[i].transaction_uuid],
        )
      ).rows;
      expect(log).toEqual([{ answer: expect.objectContaining({ status: 'RS_OK', balance: String(balances[i] - 2000n) }) }]);
    }
    // Posted by batches, fewer statements than bets.
    expect(batchStats.posted - before.posted).toBe(players.length);
    expect(batchStats.batches - before.batches).toBeLessThan(players.length);
    expect(batchStats.failed - before.failed).toBe(0);
    // A replay answers the first answer and moves nothing.
    const again = await w.send('bet', calls[0]);
    expect(again.status).toBe('RS_OK');
    expect(again.balance).toBe(answers[0].balance);
    expect(await money(players[0].id)).toBe(balances[0] - 2000n);
    await ledgerOk();
  });

  it('a suspended member in the batch: the batch fails its check, the others are placed one by one, the suspended one is refused and nothing of it moves', async () => {
    const before = { ...batchStats };
    const [bad, ...good] = players;
    const balances = await Promise.all(players.map((p) => money(p.id)));
    await h.db.query(`UPDATE users SET status = 'suspended' WHERE id = $1`, [bad.id]);
    try {
      const answers = await Promise.all(players.map((p) => w.send('bet', betCall(p))));
      expect(answers[0].status).toBe('RS_ERROR_INVALID_TOKEN');
      expect(answers.slice(1).map((a) => a.status)).toEqual(good.map(() => 'RS_OK'));
    } finally {
      await h.db.query(`UPDATE users SET status = 'normal_a' WHERE id = $1`, [bad.id]);
    }
    expect(await money(bad.id)).toBe(balances[0]);
    for (const [i, p] of good.entries()) expect(await money(p.id)).toBe(balances[i + 1] - 1000n);
    // The check ran inside the batch statement: it failed there, not after.
    expect(batchStats.failed - before.failed).toBeGreaterThan(0);
    await ledgerOk();
  });

  it('a level not allowed to stake the amount is refused from a batch; the other levels bet', async () => {
    const [bad, ...good] = players;
    await h.db.query(`UPDATE users SET level = 3 WHERE id = $1`, [bad.id]);
    await h.db.query(`UPDATE users SET level = 4 WHERE id = ANY($1::bigint[])`, [good.map((p) => String(p.id))]);
    await disallowLevel(h, admin, 3);
    const balances = await Promise.all(players.map((p) => money(p.id)));
    const answers = await Promise.all(players.map((p) => w.send('bet', betCall(p))));
    expect(answers[0].status).toBe('RS_ERROR_LIMIT_REACHED');
    expect(answers.slice(1).map((a) => a.status)).toEqual(good.map(() => 'RS_OK'));
    expect(await money(bad.id)).toBe(balances[0]);
    await ledgerOk();
  });
});
