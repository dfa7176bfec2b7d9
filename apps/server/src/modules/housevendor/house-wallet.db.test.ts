import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { setWalletTransport, type WalletTransport } from './service.ts';

/**
 * The house vendor against the REAL operator wallet (modules/casino's /api/wallet/house/*): the
 * member launches from the lobby call, plays a slot round and a baccarat hand, and the money
 * lands in the ledger. The transport is Fastify's inject (the same HTTP route, no socket).
 */
const injectTransport =
  (app: FastifyInstance): WalletTransport =>
  async (method, rawBody, headers) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/wallet/house/${method}`,
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/json', ...headers },
      payload: rawBody,
    });
    return { httpStatus: res.statusCode, text: res.body };
  };

let h: Harness;
let member: string;
let userId: bigint;
const seed = '0123456789abcdef';
let n = 0;
const rid = () => `real-${++n}-xxxxxxxx`;

beforeAll(async () => {
  h = await harness();
  setWalletTransport(h.deps, injectTransport(h.app));
  member = await h.login('user', 'user4');
  userId = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user4'`)).rows[0].id;
});
afterAll(() => h?.close());

async function launch(game: string) {
  const r = await h.call('/api/user/game/getCasinoLobbyUrl', { id: 6112, isMobile: false, game }, { token: member });
  expect(r.status).toBe(200);
  const url = new URL(r.json.data.url, 'http://x');
  return { path: url.pathname, token: url.searchParams.get('token')! };
}

describe(`house vendor on the real wallet (${testEngine})`, () => {
  it('a slot round launched from the lobby moves the member money by exactly stake and win', async () => {
    const { path, token } = await launch('fortune5');
    expect(path).toBe('/popup/slot');
    const session = await h.call('/api/house/session', { token, user: Number(userId), game: 'fortune5' });
    expect(session.status).toBe(200);
    const start = BigInt(session.json.data.balance);
    expect(start).toBe((await getBalances(h.db, userId)).money);
    let expected = start;
    for (let i = 0; i < 15; i++) {
      const r = await h.call('/api/house/slot/spin', { token, user: Number(userId), game: 'fortune5', bet: 1000, request_id: rid(), client_seed: seed });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expected += BigInt(r.json.data.win) - 1000n;
      expect(BigInt(r.json.data.balance)).toBe(expected);
    }
    expect((await getBalances(h.db, userId)).money).toBe(expected);
    const bets = await h.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM bets WHERE user_id = $1 AND game_type = 'slot'`, [userId]);
    expect(Number(bets.rows[0].n)).toBe(15);
    expect((await verifyLedger(h.db)).ok).toBe(true);
  });

  it('a baccarat hand pays through the wallet; a wrong user for the token is refused', async () => {
    const { path, token } = await launch('baccarat1');
    expect(path).toBe('/popup/livecasino');
    const before = (await getBalances(h.db, userId)).money;
    const r = await h.call('/api/house/baccarat/bet', {
      token,
      user: Number(userId),
      table: 'baccarat1',
      bets: { banker: 10_000, player_pair: 1000 },
      request_id: rid(),
      client_seed: seed,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect((await getBalances(h.db, userId)).money).toBe(before - 11_000n + BigInt(r.json.data.win));
    const other = await h.call('/api/house/session', { token, user: Number(userId) + 1, game: 'baccarat1' });
    expect(other.json.error.code).toBe('house_session_invalid');
    expect((await verifyLedger(h.db)).ok).toBe(true);
  });

  it('the wallet refuses more than the balance and nothing moves', async () => {
    const { token } = await launch('fortune5');
    const before = (await getBalances(h.db, userId)).money;
    // Drain through a tie bet well over the balance: the wallet answers not enough money.
    const r = await h.call('/api/house/baccarat/bet', {
      token,
      user: Number(userId),
      table: 'baccarat1',
      bets: { player: 5_000_000, banker: 5_000_000 },
      request_id: rid(),
      client_seed: seed,
    });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toMatch(/house_not_enough_money|house_limit_reached/);
    expect((await getBalances(h.db, userId)).money).toBe(before);
    expect((await verifyLedger(h.db)).ok).toBe(true);
  });
});
