import type { FastifyInstance } from 'fastify';
import type { MinigameKey } from '@wager/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { DEV_HOUSE_VENDOR_SECRET } from '../../platform/config.ts';
import { signWalletCall } from '../casino/index.ts';
import { HOUSE, getBalances, transfer, verifyLedger } from '../ledger/index.ts';
import { setWalletTransport, type WalletTransport } from '../housevendor/index.ts';
import { betListEntropy, GAMES, runScheduler } from '../minigames/index.ts';
import { makeFixture } from '../sports/index.ts';
import { setLimits } from './service.ts';

/** Issue 23 (decision 057): every limit a player sets, on every money path, and time-outs. */
let h: Harness;
let seq = 0;
const rid = (p = 'pp') => `${p}-${++seq}-xxxxxxxx`;
const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;
const money = async (id: bigint) => (await getBalances(h.db, id)).money;
const limits = (token: string, patch: object) => h.call('/api/user/limits/set', patch, { token });
const audits = async (id: bigint, action: string) =>
  (
    await h.db.query<{ after: Record<string, unknown>; actor_type: string }>(
      'SELECT after, actor_type FROM audit_log WHERE target = $1 AND action = $2 ORDER BY id',
      [`user:${id}`, action],
    )
  ).rows;
const fund = (userId: bigint, amount: bigint, key: string) =>
  h.db.tx((sql) =>
    transfer(sql, h.clock, {
      idempotencyKey: `pp:fund:${key}`,
      kind: 'seed.deposit',
      reason: { type: 'kit', id: key },
      from: { house: HOUSE.deposits, asset: 'money' },
      to: { user: userId, asset: 'money' },
      amount,
    }),
  );
/** A signed seamless-wallet call from the house vendor, as the casino's own tests send it. */
async function walletCall(method: string, body: object) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(h.clock.now().getTime() / 1000));
  const nonce = rid('nonce');
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/wallet/house/${method}`,
    headers: {
      'content-type': 'application/json',
      'x-wallet-timestamp': ts,
      'x-wallet-nonce': nonce,
      'x-wallet-signature': signWalletCall(DEV_HOUSE_VENDOR_SECRET, ts, nonce, raw),
    },
    payload: raw,
  });
  return res.json() as { status: string; balance: string };
}
const launch = async (token: string, game: string) => {
  const r = await h.call('/api/user/game/getCasinoLobbyUrl', { id: 6112, isMobile: false, game }, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return new URL(r.json.data.url as string, 'http://x').searchParams.get('token')!;
};
const asAdmin = async (path: string, body: object) => h.call(path, body, { token: await h.login('admin', 'admin') });

beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  expect((await verifyLedger(h.db)).problems).toEqual([]);
  await h?.close();
});

describe(`bets refused by the player's own limits on ${testEngine}`, () => {
  it('sports: a stake per bet refuses a larger single; nothing moves; the hit is audited', async () => {
    const uid = await idOf('user1');
    await fund(uid, 1_000_000n, 'pp-user1');
    const t = await h.login('user', 'user1');
    expect((await limits(t, { stake_per_bet: 5000 })).json.data.stake_per_bet).toBe('5000');
    const f = await h.db.tx((sql) => makeFixture(sql, h.clock, [{ kind: '1x2', odds: { home: '2.10', draw: '3.20', away: '3.50' } }]));
    const o = f.outcome('1x2', 'home', null);
    const place = (amount: number) =>
      h.call(
        '/api/user/sports/bet/place',
        { request_id: rid('sp'), board: 'europe', amount, selections: [{ outcome_id: Number(o.outcomeId), odds: o.odds }] },
        { token: t },
      );
    const before = await money(uid);
    const over = await place(6000);
    expect(over.status).toBe(409);
    expect(over.json.error).toMatchObject({ code: 'stake_limit_bet', params: { amount: '5000' } });
    expect(over.json.error.message).toMatch(/limit of 5,000 won a bet/);
    expect(await money(uid)).toBe(before);
    expect(await audits(uid, 'limits.hit')).toEqual([{ actor_type: 'user', after: { code: 'stake_limit_bet', path: 'sports', amount: '5000' } }]);
    expect((await place(5000)).status).toBe(200);
    expect(await money(uid)).toBe(before - 5000n);
  });

  it('mini game: a daily stake limit refuses the bet that would pass it, with its translated code over HTTP', async () => {
    const game: MinigameKey = 'ntry_eos1';
    // The scheduler starts a second before the round opens, so that round is its first (decision 049).
    const tick = () => runScheduler(h.deps, { entropy: betListEntropy, games: [GAMES.get(game)!] });
    h.clock.set('2026-11-22T02:59:59Z');
    await tick();
    h.clock.set('2026-11-22T03:00:00Z');
    await tick();
    const uid = await idOf('user4');
    await fund(uid, 1_000_000n, 'pp-user4');
    const t = await h.login('user', 'user4');
    await limits(t, { stake_daily: 5000 });
    const round = (await h.call('/api/user/minigame/round', { game }, { token: t })).json.data.current;
    const bet = (amount: number) =>
      h.call('/api/user/minigame/bet', { game, round_id: round.id, market: 'power_oe', pick: 'odd', amount, request_id: rid('mg') }, { token: t });
    const ok = await bet(3000);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const before = await money(uid);
    const over = await bet(3000);
    expect(over.status).toBe(409);
    expect(over.json.error).toMatchObject({ code: 'stake_limit_daily', params: { amount: '5000' } });
    expect(over.json.error.message).toMatch(/daily stake limit of 5,000 won/);
    expect(await money(uid)).toBe(before);
    expect((await audits(uid, 'limits.hit')).map((a) => a.after.path)).toEqual(['minigame']);
    expect((await bet(2000)).status).toBe(200); // exactly reaches the limit
  });

  it('seamless casino debit: a weekly loss limit answers RS_ERROR_LIMIT_REACHED and debits nothing', async () => {
    const uid = await idOf('user3');
    await fund(uid, 1_000_000n, 'pp-user3');
    const t = await h.login('user', 'user3');
    const token = await launch(t, 'fortune5');
    await limits(t, { loss_weekly: 10_000 });
    const body = (amount: string) => ({
      request_uuid: rid('req'),
      transaction_uuid: rid('bet'),
      user: String(uid),
      token,
      round: rid('round'),
      game_code: 'fortune5',
      amount,
      currency: 'KRW',
    });
    const first = await walletCall('bet', body('8000'));
    expect(first.status).toBe('RS_OK');
    const before = await money(uid);
    const refused = await walletCall('bet', body('3000'));
    expect(refused.status).toBe('RS_ERROR_LIMIT_REACHED');
    expect(BigInt(refused.balance)).toBe(before);
    expect(await money(uid)).toBe(before);
    expect((await audits(uid, 'limits.hit')).map((a) => a.after)).toEqual([{ code: 'loss_limit_weekly', path: 'seamless:house', amount: '10000' }]);
    expect((await walletCall('bet', body('2000'))).status).toBe('RS_OK');
  });

  it('house slot: a spin over the stake per bet is refused through the wallet (house_limit_reached)', async () => {
    const inject =
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
    setWalletTransport(h.deps, inject(h.app));
    const uid = await idOf('user5');
    await fund(uid, 1_000_000n, 'pp-user5');
    const t = await h.login('user', 'user5');
    await limits(t, { stake_per_bet: 1000 });
    const token = await launch(t, 'fortune5');
    expect((await h.call('/api/house/session', { token, user: Number(uid), game: 'fortune5' })).status).toBe(200);
    const spin = (bet: number) =>
      h.call('/api/house/slot/spin', { token, user: Number(uid), game: 'fortune5', bet, request_id: rid('spin'), client_seed: '0123456789abcdef' });
    const before = await money(uid);
    const over = await spin(2000);
    expect(over.status).toBe(409);
    expect(over.json.error.code).toBe('house_limit_reached');
    expect(await money(uid)).toBe(before);
    const bets = await h.db.query('SELECT 1 FROM bets WHERE user_id = $1', [uid]);
    expect(bets.rowCount).toBe(0);
    expect((await spin(1000)).status).toBe(200);
  });
});

describe(`deposit limits and cooling-off on ${testEngine}`, () => {
  it('a weekly deposit limit refuses a charge that passes it, counting the whole local week', async () => {
    await asAdmin('/api/admin/settings/update', {
      settings: { charge: { min: 10000, max: null, unit: null, delay_seconds: 0, require_exchange_password: false } },
    });
    h.clock.set('2026-11-23T01:00:00Z'); // Monday 10:00 KST
    const uid = await idOf('user6');
    const t = await h.login('user', 'user6');
    await limits(t, { deposit_weekly: 50_000 });
    expect((await h.call('/api/user/bank/charge', { charge_money: 30000, request_id: rid('ch') }, { token: t })).status).toBe(200);
    h.clock.set('2026-11-26T01:00:00Z'); // Thursday: same week, another day
    const t2 = await h.login('user', 'user6');
    const over = await h.call('/api/user/bank/charge', { charge_money: 30000, request_id: rid('ch') }, { token: t2 });
    expect(over.status).toBe(409);
    expect(over.json.error).toMatchObject({ code: 'deposit_limit_weekly', params: { amount: '50000' } });
    expect(over.json.error.message).toMatch(/weekly deposit limit of 50,000 won/);
    expect((await audits(uid, 'limits.hit')).map((a) => a.after)).toEqual([{ code: 'deposit_limit_weekly', path: 'charge', amount: '50000' }]);
    expect((await h.call('/api/user/limits/get', {}, { token: t2 })).json.data.deposited_this_week).toBe('30000');
    h.clock.set('2026-11-30T01:00:00Z'); // next Monday
    const t3 = await h.login('user', 'user6');
    expect((await h.call('/api/user/bank/charge', { charge_money: 30000, request_id: rid('ch') }, { token: t3 })).status).toBe(200);
  });

  it('a raise waits 24 hours on the test clock, a lowering applies at once; each is audited', async () => {
    h.clock.set('2026-11-24T03:00:00Z');
    const uid = await idOf('user7');
    const t = await h.login('user', 'user7');
    await limits(t, { stake_per_bet: 1000, session_minutes: 120 });
    const raised = await limits(t, { stake_per_bet: 5000, loss_monthly: 100_000 });
    expect(raised.json.data).toMatchObject({ stake_per_bet: '1000', loss_monthly: '100000', pending: { stake_per_bet: '5000' } });
    expect(raised.json.data.pending_from).toBe('2026-11-25T03:00:00.000Z');
    const lowered = await limits(t, { session_minutes: 60 });
    expect(lowered.json.data).toMatchObject({ session_minutes: '60', stake_per_bet: '1000', pending: { stake_per_bet: '5000' } });
    const { placeBet } = await import('../betting/index.ts');
    await fund(uid, 100_000n, 'pp-user7');
    const bet = (amount: bigint) =>
      placeBet(h.db, h.clock, {
        userId: uid,
        gameType: 'minigame',
        game: 'EOS1',
        betType: 'single',
        selections: [],
        odds: '2.00',
        amount,
        requestId: rid('cb'),
      });
    h.clock.advance(23 * 3600_000);
    await expect(bet(2000n)).rejects.toMatchObject({ code: 'stake_limit_bet' });
    h.clock.advance(3600_000 + 1000);
    const t2 = await h.login('user', 'user7');
    const later = await h.call('/api/user/limits/get', {}, { token: t2 });
    expect(later.json.data).toMatchObject({ stake_per_bet: '5000', pending: null });
    expect((await bet(2000n)).amount).toBe(2000n);
    // Applied at once: the first two limits, the new monthly loss limit, the shorter session.
    expect((await audits(uid, 'limits.set')).map((a) => a.after)).toEqual([
      { stake_per_bet: '1000', session_minutes: '120' },
      { loss_monthly: '100000' },
      { session_minutes: '60' },
    ]);
    expect((await audits(uid, 'limits.raise_scheduled')).map((a) => a.after)).toEqual([{ stake_per_bet: '5000', applies_at: '2026-11-25T03:00:00.000Z' }]);
    expect((await audits(uid, 'limits.raise_applied')).map((a) => a.after.stake_per_bet)).toEqual(['5000']);
  });

  it('an agent or admin may tighten a member limit but never raise or remove it', async () => {
    const uid = await idOf('user2');
    const t = await h.login('user', 'user2');
    await limits(t, { loss_daily: 50_000 });
    const agent = { type: 'agent' as const, id: await idOf('shop1') };
    await expect(setLimits(h.deps, uid, { loss_daily: 80_000 }, agent)).rejects.toMatchObject({ status: 403, code: 'limit_raise_forbidden' });
    await expect(setLimits(h.deps, uid, { loss_daily: null }, { type: 'admin', id: 1 })).rejects.toMatchObject({ code: 'limit_raise_forbidden' });
    expect((await setLimits(h.deps, uid, { loss_daily: 20_000 }, agent)).loss_daily).toBe('20000');
    expect((await audits(uid, 'limits.set')).map((a) => a.actor_type)).toEqual(['user', 'agent']);
  });

  it('a session-time limit ends the session when its age reaches it (session_limit_reached)', async () => {
    const t = await h.login('user', 'user2');
    await limits(t, { session_minutes: 10 });
    h.clock.advance(5 * 60_000);
    expect((await h.call('/api/user/updateSession', {}, { token: t })).status).toBe(200);
    h.clock.advance(5 * 60_000);
    const ended = await h.call('/api/user/updateSession', {}, { token: t });
    expect(ended.status).toBe(401);
    expect(ended.json.error.code).toBe('session_limit_reached');
    // A new sign-in starts a new session with its own 10 minutes.
    expect((await h.call('/api/user/updateSession', {}, { token: await h.login('user', 'user2') })).status).toBe(200);
  });
});

describe(`time-out and self-exclusion on ${testEngine}`, () => {
  it('a pending withdrawal completes during an exclusion; sign-in, bets and charges are refused; it cannot end early', async () => {
    const uid = await idOf('user1');
    await fund(uid, 200_000n, 'pp-user1b');
    const t = await h.login('user', 'user1');
    const start = await money(uid);
    const ex = await h.call('/api/user/bank/exchange', { exchange_money: 50000, bank_password: '1234', request_id: rid('ex') }, { token: t });
    expect(ex.status, JSON.stringify(ex.json)).toBe(200);
    const r = await h.call('/api/user/limits/selfExclude', { period: '24h', password: '1234' }, { token: t });
    expect(r.json.data).toEqual({ until: new Date(h.clock.now().getTime() + 86_400_000).toISOString(), permanent: false });
    expect((await h.call('/api/user/updateSession', {}, { token: t })).status).toBe(401);
    expect((await h.call('/api/user/login', { account: 'user1', password: '1234' })).json.error.code).toBe('self_excluded');

    const id = ex.json.data.request.id;
    expect((await asAdmin('/api/admin/bank/process', { type: 'exchange', id, action: 'approve' })).status).toBe(200);
    expect((await asAdmin('/api/admin/bank/process', { type: 'exchange', id, action: 'complete' })).json.data.request.status).toBe('completed');
    expect(await money(uid)).toBe(start - 50_000n);

    const { placeBet } = await import('../betting/index.ts');
    await expect(
      placeBet(h.db, h.clock, {
        userId: uid,
        gameType: 'minigame',
        game: 'EOS1',
        betType: 'single',
        selections: [],
        odds: '2.00',
        amount: 1000n,
        requestId: rid('xb'),
      }),
    ).rejects.toMatchObject({ status: 403, code: 'self_excluded' });

    // The agent sees that the member is excluded, and nothing more.
    const shop = await h.login('agent', 'shop1');
    const detail = await h.call('/api/agent/user/detail', { user_id: Number(uid) }, { token: shop });
    expect(detail.json.data.user.excluded).toBe(true);
    expect(JSON.stringify(detail.json.data)).not.toMatch(/timeout|self_exclusion|until/);

    h.clock.advance(86_400_000 + 1000);
    const back = await h.login('user', 'user1');
    // A permanent self-exclusion; a later, shorter one does not end it.
    const p = await h.call('/api/user/limits/selfExclude', { period: 'permanent', password: '1234' }, { token: back });
    expect(p.json.data).toEqual({ until: null, permanent: true });
    expect((await h.call('/api/user/login', { account: 'user1', password: '1234' })).json.error.code).toBe('self_excluded_permanent');
    h.clock.advance(400 * 86_400_000);
    expect((await h.call('/api/user/login', { account: 'user1', password: '1234' })).json.error.code).toBe('self_excluded_permanent');
    expect((await audits(uid, 'limits.exclusion')).map((a) => [a.after.period, a.after.kind, a.after.permanent])).toEqual([
      ['24h', 'timeout', false],
      ['permanent', 'self_exclusion', true],
    ]);
  });
});
