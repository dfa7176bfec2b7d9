import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { DEV_HOUSE_VENDOR_SECRET } from '../../platform/config.ts';
import { observe, type Db } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { signWalletCall } from './signature.ts';
import { takeBet } from './placed-bets.ts';
import { launchToken } from './test-wallet.ts';
import type { WalletMethod } from './wallet/answer.ts';
import { walletCall } from './wallet/call.ts';

let h: Harness;
let userId: bigint;
let token: string;
let seq = 0;

/**
 * The same Db, counting round trips: every statement sent through it or through a transaction
 * it opens, plus BEGIN and COMMIT for each transaction it opens (the hot path's budget, issue 10).
 */
function counting(db: Db) {
  const seen: string[] = [];
  const onQuery = (text: string) => seen.push(text);
  // observe() keeps the database's identity for its caches (settings, account ids).
  const counted: Db = Object.assign(observe(db, onQuery), {
    engine: db.engine,
    exec: (text: string) => db.exec(text),
    close: () => db.close(),
    tx: <T>(fn: (sql: import('../../platform/db.ts').Sql) => Promise<T>) => {
      seen.push('BEGIN');
      return db.tx((sql) => fn(observe(sql, onQuery))).finally(() => seen.push('COMMIT'));
    },
  });
  return { counted, seen };
}

async function call(deps: Deps, method: WalletMethod, body: object) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(h.clock.now().getTime() / 1000));
  const nonce = `count-nonce-${++seq}-${process.pid}`;
  const headers = { 'x-wallet-timestamp': ts, 'x-wallet-nonce': nonce, 'x-wallet-signature': signWalletCall(DEV_HOUSE_VENDOR_SECRET, ts, nonce, raw) };
  return walletCall(deps, 'house', method, headers, Buffer.from(raw));
}

beforeAll(async () => {
  h = await harness();
  userId = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user3'`)).rows[0].id;
  token = (await launchToken(h, await h.login('user', 'user3'), { game: 'fortune5' })).token;
});
afterAll(() => h?.close());

describe(`wallet hot path round trips (${testEngine})`, () => {
  it('a warmed-up seamless bet and its win each take their budget of statements, and still move the money', async () => {
    const round = (i: number, amount: string) => {
      const common = { user: String(userId), token, round: `count-r-${i}`, game_code: 'fortune5', currency: 'KRW' };
      return {
        bet: { ...common, request_uuid: `count-qb-${i}`, transaction_uuid: `count-b-${i}`, amount: '1000' },
        win: { ...common, request_uuid: `count-qw-${i}`, transaction_uuid: `count-w-${i}`, reference_transaction_uuid: `count-b-${i}`, amount },
      };
    };
    // Warm the caches (settings, account ids of the house shards) the way a running server has them.
    for (let i = 0; i < 40; i++) {
      const r = round(i, i % 2 ? '2000' : '0');
      expect((await call(h.deps, 'bet', r.bet)).status).toBe('RS_OK');
      expect((await call(h.deps, 'win', r.win)).status).toBe('RS_OK');
    }
    const before = (await getBalances(h.db, userId)).money;
    const { counted, seen } = counting(h.deps.db as Db);
    const deps = { ...h.deps, db: counted };
    const budget: { bet: number[]; win: number[] } = { bet: [], win: [] };
    for (let i = 100; i < 106; i++) {
      const r = round(i, i % 2 ? '2000' : '0');
      seen.length = 0;
      const b = await call(deps, 'bet', r.bet);
      budget.bet.push(seen.length);
      // The last two bets as if another server process had placed them: this one does not know them.
      if (i >= 104) expect(takeBet(h.db, 'house', r.bet.transaction_uuid, userId)).toBeDefined();
      seen.length = 0;
      const w = await call(deps, 'win', r.win);
      budget.win.push(seen.length);
      expect([b.status, w.status]).toEqual(['RS_OK', 'RS_OK']);
    }
    // 3 wins of 2,000 on 6 stakes of 1,000.
    expect((await getBalances(h.db, userId)).money).toBe(before);
    // bet: placeBet's one statement carrying the wallet row and its checks (no BEGIN/COMMIT); win: settleOneBet's one
    // statement carrying the wallet's checks (guard) and rows (then), no BEGIN/COMMIT, after reading the bet's wallet
    // row only when this process did not place the bet.
    expect(budget).toEqual({ bet: [1, 1, 1, 1, 1, 1], win: [1, 1, 1, 1, 2, 2] });
    seen.length = 0;
    const b = await call(deps, 'balance', { request_uuid: 'count-bal', user: String(userId), token, currency: 'KRW' });
    expect(b).toMatchObject({ status: 'RS_OK', balance: String(before) });
    expect(seen).toHaveLength(1);
    const stored = await h.db.query(`SELECT status, answer FROM casino_wallet_calls WHERE request_uuid = 'count-bal'`);
    expect(stored.rows).toEqual([{ status: 'RS_OK', answer: { ...b } }]);
    expect((await verifyLedger(h.db)).problems).toEqual([]);
  });
});
