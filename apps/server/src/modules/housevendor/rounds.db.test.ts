import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { spotReturn, type Hand } from './baccarat/engine.ts';
import { retryPendingRounds, setWalletTransport } from './service.ts';
import { LINES } from './slot/paytable.ts';
import { fakeWallet } from './test-wallet.ts';

/** The vendor's round flow against an in-memory wallet that speaks the protocol (real database for the vendor's own rows). */
let h: Harness;
let wallet: ReturnType<typeof fakeWallet>;
const USER = 7001n;
const TOKEN = 'launch-token-aaaa';
const seed = 'abcdef0123456789';
let n = 0;
const rid = () => `req-${++n}-xxxxxxxx`;

beforeAll(async () => {
  h = await harness();
  wallet = fakeWallet(h.deps.config.houseVendorSecret!);
  setWalletTransport(h.deps, wallet.transport);
  wallet.open(USER, TOKEN, 1_000_000n);
});
afterAll(() => h?.close());

const spin = (bet: number | string, requestId = rid(), token = TOKEN) =>
  h.call('/api/house/slot/spin', { token, user: Number(USER), game: 'fortune5', bet, request_id: requestId, client_seed: seed });
const roundRow = async (id: number) =>
  (await h.db.query<{ status: string; win: bigint; stake: bigint }>('SELECT status, win, stake FROM house_rounds WHERE id = $1', [id])).rows[0];

describe(`house vendor rounds on ${testEngine}`, () => {
  it('opens a session with the wallet balance and the published chain anchor', async () => {
    const r = await h.call('/api/house/session', { token: TOKEN, user: Number(USER), game: 'fortune5' });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ balance: '1000000', currency: 'KRW', stated_rtp: 96.23 });
    expect(r.json.data.commitment.anchor).toMatch(/^[0-9a-f]{64}$/);
    expect(r.json.data.paylines).toHaveLength(LINES);
  });

  it("draws each player's rounds from that player's own chain: one player's spins take its uses in order, another's never touch its row", async () => {
    const OTHER = 7002n;
    wallet.open(OTHER, 'launch-token-bbbb', 1_000_000n);
    const mine = (await h.call('/api/house/session', { token: TOKEN, user: Number(USER), game: 'fortune5' })).json.data.commitment;
    const theirs = (await h.call('/api/house/session', { token: 'launch-token-bbbb', user: Number(OTHER), game: 'fortune5' })).json.data.commitment;
    expect(theirs.chain_id).not.toBe(mine.chain_id);
    expect(theirs.anchor).not.toBe(mine.anchor);
    const chainOf = async (roundId: number) =>
      (await h.db.query<{ chain_id: bigint; chain_use: number }>('SELECT chain_id, chain_use FROM house_rounds WHERE id = $1', [roundId])).rows[0];
    const a1 = await chainOf((await spin(1000)).json.data.round_id);
    const b1 = await chainOf(
      (
        await h.call('/api/house/slot/spin', {
          token: 'launch-token-bbbb',
          user: Number(OTHER),
          game: 'fortune5',
          bet: 1000,
          request_id: rid(),
          client_seed: seed,
        })
      ).json.data.round_id,
    );
    const a2 = await chainOf((await spin(1000)).json.data.round_id);
    expect(a1.chain_id).toBe(BigInt(mine.chain_id));
    expect(b1.chain_id).toBe(BigInt(theirs.chain_id));
    expect(a1.chain_use).toBe(mine.next_use);
    // The other player's spin in between took nothing of this player's chain.
    expect([a2.chain_id, a2.chain_use]).toEqual([a1.chain_id, a1.chain_use + 1]);
  });

  it('refuses a token the wallet does not know, and a token used for another user', async () => {
    const bad = await h.call('/api/house/session', { token: 'nobody-token', user: Number(USER), game: 'fortune5' });
    expect(bad.status).toBe(403);
    expect(bad.json.error.code).toBe('house_session_invalid');
    const other = await h.call('/api/house/session', { token: TOKEN, user: 9999, game: 'fortune5' });
    expect(other.json.error.code).toBe('house_session_invalid');
  });

  it('a spin bets, pays its win in the same round, and the balance follows', async () => {
    const before = wallet.balanceOf(USER);
    const r = await spin(1000);
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(d.stake).toBe('1000');
    const spinsWin = d.spins.reduce((s: bigint, x: { win: string }) => s + BigInt(x.win), 0n);
    expect(BigInt(d.win)).toBe(spinsWin);
    expect(BigInt(d.balance)).toBe(before - 1000n + BigInt(d.win));
    expect(wallet.balanceOf(USER)).toBe(BigInt(d.balance));
    const bets = wallet.calls.filter((c) => c.body.round === `house-${d.round_id}`);
    expect(bets.map((c) => c.method)).toEqual(['bet', 'win']);
    expect(bets[1].body.reference_transaction_uuid).toBe(bets[0].body.transaction_uuid);
    expect((await roundRow(d.round_id)).status).toBe('settled');
  });

  it('many spins: the wallet moved exactly stakes minus wins', async () => {
    const before = wallet.balanceOf(USER);
    let net = 0n;
    for (let i = 0; i < 40; i++) {
      const d = (await spin(1000)).json.data;
      net += BigInt(d.win) - 1000n;
    }
    expect(wallet.balanceOf(USER)).toBe(before + net);
  });

  it('a replayed request id answers the same round without a second bet; another bet under it is refused', async () => {
    const id = rid();
    const first = (await spin(2000, id)).json.data;
    const callsBefore = wallet.calls.length;
    const again = (await spin(2000, id)).json.data;
    expect(again.round_id).toBe(first.round_id);
    expect(again.win).toBe(first.win);
    expect(wallet.calls.length).toBe(callsBefore);
    const other = await spin(5000, id);
    expect(other.status).toBe(409);
    expect(other.json.error.code).toBe('house_request_conflict');
  });

  it('refuses a bet that is not offered, and tells the balance when the wallet says not enough money', async () => {
    expect((await spin(150)).json.error.code).toBe('house_bet_invalid');
    wallet.open(7002n, 'poor-token-aaaa', 300n);
    const r = await h.call('/api/house/slot/spin', { token: 'poor-token-aaaa', user: 7002, game: 'fortune5', bet: 1000, request_id: rid(), client_seed: seed });
    expect(r.status).toBe(409);
    expect(r.json.error).toMatchObject({ code: 'house_not_enough_money', params: { amount: '300' } });
    expect(wallet.balanceOf(7002n)).toBe(300n);
  });

  it('a bet call without an answer is rolled back at once (answer lost after the debit: refunded)', async () => {
    const before = wallet.balanceOf(USER);
    wallet.failNext('bet', 'after');
    const r = await spin(1000);
    expect(r.status).toBe(503);
    expect(r.json.error.code).toBe('house_wallet_unavailable');
    expect(wallet.balanceOf(USER)).toBe(before);
    const last = (await h.db.query<{ status: string }>('SELECT status FROM house_rounds ORDER BY id DESC LIMIT 1')).rows[0];
    expect(last.status).toBe('rolled_back');
    // The bet never reached the wallet: the rollback leaves a tombstone, nothing moves.
    wallet.failNext('bet', 'before');
    expect((await spin(1000)).status).toBe(503);
    expect(wallet.balanceOf(USER)).toBe(before);
  });

  it('a bet whose rollback also fails stays drawn; the job rolls it back once the wallet answers', async () => {
    const before = wallet.balanceOf(USER);
    wallet.failNext('bet', 'after');
    wallet.failNext('rollback', 'before', 3);
    const r = await spin(1000);
    expect(r.status).toBe(503);
    const stuck = (await h.db.query<{ id: bigint; status: string }>('SELECT id, status FROM house_rounds ORDER BY id DESC LIMIT 1')).rows[0];
    expect(stuck.status).toBe('drawn');
    expect(wallet.balanceOf(USER)).toBe(before - 1000n);
    h.clock.advance(60_000);
    await retryPendingRounds(h.deps);
    expect((await roundRow(Number(stuck.id))).status).toBe('rolled_back');
    expect(wallet.balanceOf(USER)).toBe(before);
  });

  it('a win that cannot be delivered stays pending and the retry job delivers it once', async () => {
    wallet.failNext('win', 'before', 3);
    const before = wallet.balanceOf(USER);
    const r = await spin(1000);
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(wallet.balanceOf(USER)).toBe(before - 1000n);
    expect((await roundRow(d.round_id)).status).toBe('bet_placed');
    h.clock.advance(60_000);
    await retryPendingRounds(h.deps);
    expect((await roundRow(d.round_id)).status).toBe('settled');
    expect(wallet.balanceOf(USER)).toBe(before - 1000n + BigInt(d.win));
    await retryPendingRounds(h.deps);
    expect(wallet.balanceOf(USER)).toBe(before - 1000n + BigInt(d.win));
  });

  it('every round verifies from public data; a changed seed is caught', async () => {
    const d = (await spin(2000)).json.data;
    const v = await h.call('/api/house/round/verify', { round_id: d.round_id });
    expect(v.json.data).toMatchObject({ chain_ok: true, result_ok: true, status: 'settled' });
    expect(v.json.data.fair.seed).toBe(d.fair.seed);
    await h.db.query(`UPDATE house_rounds SET seed = $2 WHERE id = $1`, [d.round_id, 'f'.repeat(64)]);
    const tampered = (await h.call('/api/house/round/verify', { round_id: d.round_id })).json.data;
    expect(tampered.chain_ok).toBe(false);
    expect(tampered.result_ok).toBe(false);
    expect((await h.call('/api/house/round/verify', { round_id: 99_999 })).json.error.code).toBe('house_round_not_found');
  });

  it('baccarat: one wallet bet for all spots, one win for what they return', async () => {
    const before = wallet.balanceOf(USER);
    const bets = { player: 10_000, tie: 1000, banker_pair: 1000 };
    const r = await h.call('/api/house/baccarat/bet', { token: TOKEN, user: Number(USER), table: 'baccarat1', bets, request_id: rid(), client_seed: seed });
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(d.stake).toBe('12000');
    const hand = { outcome: d.hand.outcome, playerPair: d.hand.player_pair, bankerPair: d.hand.banker_pair } as Hand;
    const expected = spotReturn('player', 10_000n, hand) + spotReturn('tie', 1000n, hand) + spotReturn('banker_pair', 1000n, hand);
    expect(BigInt(d.win)).toBe(expected);
    expect(wallet.balanceOf(USER)).toBe(before - 12_000n + expected);
    expect(d.hand.player.length).toBeGreaterThanOrEqual(2);
    const v = (await h.call('/api/house/round/verify', { round_id: d.round_id })).json.data;
    expect(v).toMatchObject({ chain_ok: true, result_ok: true });
    const session = (await h.call('/api/house/session', { token: TOKEN, user: Number(USER), game: 'baccarat1' })).json.data;
    expect(session.history[0]).toMatchObject({ round_id: d.round_id, outcome: d.hand.outcome });
  });

  it('baccarat refuses an empty table and a spot over its limit', async () => {
    const base = { token: TOKEN, user: Number(USER), table: 'baccarat1', request_id: rid(), client_seed: seed };
    expect((await h.call('/api/house/baccarat/bet', { ...base, bets: {} })).json.error.code).toBe('house_bet_invalid');
    expect((await h.call('/api/house/baccarat/bet', { ...base, bets: { tie: 2_000_000 } })).json.error).toMatchObject({
      code: 'house_bet_invalid',
      field: 'bets.tie',
    });
    expect((await h.call('/api/house/baccarat/bet', { ...base, bets: { player: 500 } })).json.error.code).toBe('house_bet_invalid');
  });

  it('an expired launch token is refused for the next bet', async () => {
    wallet.open(7003n, 'short-token-aaaa', 10_000n);
    const s = await h.call('/api/house/session', { token: 'short-token-aaaa', user: 7003, game: 'fortune5' });
    expect(s.status).toBe(200);
    wallet.expire('short-token-aaaa');
    const r = await h.call('/api/house/slot/spin', {
      token: 'short-token-aaaa',
      user: 7003,
      game: 'fortune5',
      bet: 1000,
      request_id: rid(),
      client_seed: seed,
    });
    expect(r.json.error.code).toBe('house_session_invalid');
    expect(wallet.balanceOf(7003n)).toBe(10_000n);
  });
});
