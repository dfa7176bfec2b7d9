import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { setWalletTransport, type WalletTransport } from '../housevendor/index.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { betListEntropy, GAMES, runScheduler } from '../minigames/index.ts';

/**
 * /api/user/bet/history per game family (issue 20, decision 045): a mini-game bet named by its
 * game and its round of the day, house-vendor slot spins and baccarat hands named by the vendor,
 * balances read from the ledger (a winning spin's after includes its win) and a tie's refund
 * labelled a refund, not a win.
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

type Row = {
  id: number;
  game_type: string;
  game: string;
  round: string | null;
  status: string;
  result: string;
  day_round: number | null;
  vendor_name: string | null;
  game_name: string | null;
  amount: string;
  win_amount: string;
  money_before: string;
  money_after: string;
};

let h: Harness;
let token: string;
let userId: bigint;
let n = 0;
const rid = () => `hist-${++n}-xxxxxxxx`;
const money = async () => (await getBalances(h.db, userId)).money;

beforeAll(async () => {
  h = await harness();
  // The scheduler was started a second before the first rounds open: their commitments are published first (decision 049).
  h.clock.set('2026-11-22T02:59:59Z');
  await runScheduler(h.deps, { entropy: betListEntropy, games: [GAMES.get('ntry_eos1')!] });
  h.clock.set('2026-11-22T03:00:00Z');
  setWalletTransport(h.deps, injectTransport(h.app));
  token = await h.login('user', 'user4');
  userId = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user4'`)).rows[0].id;
});
afterAll(() => h?.close());

async function history(game_type: string): Promise<Row[]> {
  const r = await h.call('/api/user/bet/history', { game_type }, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.bets;
}

async function launch(game: string) {
  const r = await h.call('/api/user/game/getCasinoLobbyUrl', { id: 6112, isMobile: false, game }, { token });
  expect(r.status).toBe(200);
  const house = new URL(r.json.data.url, 'http://x').searchParams.get('token')!;
  expect((await h.call('/api/house/session', { token: house, user: Number(userId), game }, {})).status).toBe(200);
  return house;
}

describe(`betting history rows per game family (${testEngine})`, () => {
  it('a mini-game bet: the game key with its round of the day as the game screen shows it, balances from the stake and the payout', async () => {
    const eos1 = GAMES.get('ntry_eos1')!;
    await runScheduler(h.deps, { entropy: betListEntropy, games: [eos1] });
    const round = (await h.call('/api/user/minigame/round', { game: 'ntry_eos1' }, { token })).json.data.current;
    const before = await money();
    const placed = await h.call(
      '/api/user/minigame/bet',
      { game: 'ntry_eos1', round_id: round.id, market: 'power_oe', pick: 'odd', amount: 10_000, request_id: rid() },
      { token },
    );
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);

    let [row] = await history('minigame');
    // 03:01 UTC is 12:01 KST: the 721st one-minute draw of the day, the screen's own number.
    expect(row).toMatchObject({ game: 'ntry_eos1', round: String(round.number), day_round: round.day_number, status: 'open', result: 'open' });
    expect(row.day_round).toBe(721);
    expect(row).toMatchObject({ money_before: String(before), money_after: String(before - 10_000n) });

    h.clock.set('2026-11-22T03:01:05Z');
    await runScheduler(h.deps, { entropy: betListEntropy, games: [eos1] });
    token = await h.login('user', 'user4');
    [row] = await history('minigame');
    expect(['won', 'lost']).toContain(row.result);
    // After = the member's balance once the round paid (or the stake's after when it did not).
    expect(row.money_before).toBe(String(before));
    expect(row.money_after).toBe(String(await money()));
    expect(row.money_after).toBe(String(row.result === 'won' ? before - 10_000n + 19_500n : before - 10_000n));
  });

  it('a winning slot spin: vendor and game named, balance after includes the win (from the ledger, not stake-only)', async () => {
    const house = await launch('fortune5');
    let spin: { win: string; balance: string } | null = null;
    let before = 0n;
    for (let i = 0; i < 60 && !spin; i++) {
      before = await money();
      const r = await h.call('/api/house/slot/spin', {
        token: house,
        user: Number(userId),
        game: 'fortune5',
        bet: 1000,
        request_id: rid(),
        client_seed: `5eed${String(i).padStart(8, '0')}`,
      });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      if (BigInt(r.json.data.win) > 0n) spin = r.json.data;
    }
    expect(spin, 'no winning spin in 60').not.toBeNull();
    const [row] = await history('slot');
    expect(row).toMatchObject({ game: 'fortune5', vendor_name: 'House', game_name: 'Fortune 5', odds: '1.00', amount: '1000', win_amount: spin!.win });
    expect(row.money_before).toBe(String(before));
    expect(row.money_after).toBe(spin!.balance);
    expect(BigInt(row.money_after)).toBe(before - 1000n + BigInt(spin!.win));
    expect(row.result).toBe('won');
    // The detail answers the same.
    const detail = await h.call('/api/user/bet/detail', { id: row.id }, { token });
    expect(detail.json.data.bet).toMatchObject({ money_after: spin!.balance, game_name: 'Fortune 5', result: 'won' });
  });

  it('a baccarat tie returns a player bet: labelled a refund, never won; a lost hand is lost', async () => {
    const house = await launch('baccarat1');
    const seen = new Set<string>();
    for (let i = 0; i < 150 && !seen.has('tie'); i++) {
      const r = await h.call('/api/house/baccarat/bet', {
        token: house,
        user: Number(userId),
        table: 'baccarat1',
        bets: { player: 1000 },
        request_id: rid(),
        client_seed: `bacc${String(i).padStart(8, '0')}`,
      });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const outcome = (r.json.data as { hand: { outcome: string } }).hand.outcome;
      seen.add(outcome);
      const [row] = await history('casino');
      expect(row).toMatchObject({ game: 'baccarat1', vendor_name: 'House', game_name: 'Baccarat A' });
      expect(row.result).toBe(outcome === 'tie' ? 'refund' : outcome === 'player' ? 'won' : 'lost');
      if (outcome === 'tie') expect(row).toMatchObject({ status: 'won', win_amount: '1000' });
      expect(row.money_after).toBe(r.json.data.balance);
    }
    expect(seen.has('tie'), 'no tie in 150 hands').toBe(true);
    expect((await verifyLedger(h.db)).ok).toBe(true);
  });
});
