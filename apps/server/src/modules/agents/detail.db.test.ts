import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/passwords.ts';
import type { Sql } from '../../platform/db.ts';
import { harness, type Harness } from '../../test/app.ts';
import { siblingShop } from '../../test/sibling-shop.ts';
import { minigameBetInput } from '../../test/bets.ts';
import { testEngine } from '../../test/db.ts';
import { placeBet, settleBet, subtreeBets } from '../betting/index.ts';
import { getBalances, HOUSE, transfer, verifyLedger } from '../ledger/index.ts';

// The agent's member detail and game log calls (decision 034) on the seeded tree
// (tophq1 > … > dist1 > shop1 > user1…) plus user8, a fresh member of shop1 whose rows the tests
// place, and shop2 under dist1 with user9, whom shop1 must never see. The seed's own bets stay.
let h: Harness;
let shop1: string;
let dist1: string;
let user8: bigint;
let user9: bigint;
let round8: bigint;
let round9: bigint;
const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;
const ok = async (path: string, body: object, token: string) => {
  const r = await h.call(path, body, { token });
  expect(r.json.error, `${path} ${JSON.stringify(r.json.error)}`).toBeUndefined();
  return r.json.data;
};

const sportsBet = (userId: bigint, requestId: string, amount: bigint) =>
  h.db.tx((sql) =>
    placeBet(sql, h.clock, {
      userId,
      gameType: 'sports',
      game: 'soccer',
      betType: 'single',
      selections: [{ name: 'A vs B', market: '1X2', pick: 'A', odds: '2.00' }],
      odds: '2.00',
      amount,
      requestId,
    }),
  );

async function casinoRound(userId: bigint, round: string) {
  const r = await h.db.query<{ id: bigint }>(
    `INSERT INTO casino_wallet_tx (vendor, transaction_uuid, kind, user_id, round, game, game_type, wallet, amount, win_amount, status,
       request_uuid, answer_balance, balance_before, balance_after, created_at)
     VALUES ('evolution', $2, 'bet', $1, $2, 'baccarat', 'casino', 'money', 5000, 9500, 'settled', $2, 0, 100000, 95000, $3) RETURNING id`,
    [userId, round, h.clock.now()],
  );
  return r.rows[0].id;
}

beforeAll(async () => {
  h = await harness();
  const hash = await hashPassword('1234');
  user9 = (await siblingShop(h.db)).user9;
  user8 = (
    await h.db.query<{ id: bigint }>(
      `INSERT INTO users (account, password_hash, nickname, role, parent_id, status) VALUES ('user8', $1, '회원8', 'user', $2, 'normal_a') RETURNING id`,
      [hash, await idOf('shop1')],
    )
  ).rows[0].id;
  for (const [account, id] of [
    ['user8', user8],
    ['user9', user9],
  ] as const)
    await h.db.tx((sql) =>
      transfer(sql, h.clock, {
        idempotencyKey: `fund-${account}`,
        kind: 'test.fund',
        from: { house: HOUSE.deposits, asset: 'money' },
        to: { user: id, asset: 'money' },
        amount: 50_000n,
      }),
    );

  // user8: a sports bet (won), a mini-game bet (open), a paid charge and an exchange; user9: a sports bet of another shop.
  const won = await sportsBet(user8, 'd-sports-1', 10_000n);
  await h.db.tx((sql) => settleBet(sql, h.clock, won.id, 'won'));
  await h.db.tx((sql) => placeBet(sql, h.clock, minigameBetInput(user8, 'd-mini-1', { amount: 3_000n, round: '5' })));
  const at = h.clock.now();
  await h.db.query(
    `INSERT INTO bank_requests (user_id, type, amount, status, request_id, created_at, processed_at) VALUES
       ($1, 'charge', 50000, 'approved', 'c-1', $2, $2), ($1, 'exchange', 20000, 'waiting', 'e-1', $2, NULL), ($3, 'charge', 70000, 'approved', 'c-9', $2, $2)`,
    [user8, at, user9],
  );
  round8 = await casinoRound(user8, 'r-user8');
  round9 = await casinoRound(user9, 'r-user9');
  await h.login('user', 'user8'); // a session to list
  shop1 = await h.login('agent', 'shop1');
  dist1 = await h.login('agent', 'dist1');
});
afterAll(() => h?.close());

const MEMBER_CALLS = [
  ['/api/agent/user/detail', {}],
  ['/api/agent/user/detail/ledger', { asset: 'money' }],
  ['/api/agent/user/detail/bets', { game_type: 'sports' }],
  ['/api/agent/user/detail/bank', { type: 'charge' }],
  ['/api/agent/user/detail/sessions', {}],
] as const;

describe(`agent member detail on ${testEngine}`, () => {
  it('every detail call refuses a member of another shop, an ancestor and an unknown id with the same 404', async () => {
    for (const [path, extra] of MEMBER_CALLS)
      for (const id of [user9, await idOf('dist1'), 9_999_999n]) {
        const r = await h.call(path, { user_id: Number(id), ...extra }, { token: shop1 });
        expect(r.status, `${path} ${id}`).toBe(404);
        expect(r.json.error.code, path).toBe('not_in_subtree');
      }
    // The distributor above both shops reads user9.
    for (const [path, extra] of MEMBER_CALLS) await ok(path, { user_id: Number(user9), ...extra }, dist1);
    // A member token is no agent.
    const member = await h.login('user', 'user2');
    expect((await h.call('/api/agent/user/detail', { user_id: Number(user8) }, { token: member })).json.error).toBeDefined();
  });

  it('the profile: §3 fields, the ledger balances, connection state and the last paid charge', async () => {
    const { user } = await ok('/api/agent/user/detail', { user_id: Number(user8) }, shop1);
    const bal = await getBalances(h.db, user8);
    expect(user).toMatchObject({
      id: Number(user8),
      account: 'user8',
      parent_account: 'shop1',
      role: 'user',
      money: bal.money.toString(),
      point: bal.point.toString(),
      egg: bal.egg.toString(),
      casino: bal.casino.toString(),
      online: true,
      last_charge_at: h.clock.now().toISOString(),
    });
    expect(user).not.toHaveProperty('exchange_password_hash');
    expect(typeof user.has_exchange_password).toBe('boolean');
    // The agent's own detail (the header's view) is its subtree's root.
    expect((await ok('/api/agent/user/detail', { user_id: Number(await idOf('shop1')) }, shop1)).user.account).toBe('shop1');
  });

  it("the ledger: the member's money postings, newest first, each with the balance around it", async () => {
    const page = await ok('/api/agent/user/detail/ledger', { user_id: Number(user8), asset: 'money' }, shop1);
    expect(page.rows.map((r: { kind: string }) => r.kind)).toEqual(['bet.place', 'bet.settle', 'bet.place', 'test.fund']); // the mini-game stake came after the sports win;
    const [last] = page.rows;
    expect(last.balance_after).toBe((await getBalances(h.db, user8)).money.toString());
    for (const row of page.rows) expect(BigInt(row.balance_after) - BigInt(row.balance_before)).toBe(BigInt(row.amount));
    const yesterday = await ok('/api/agent/user/detail/ledger', { user_id: Number(user8), startedAt: '2026-11-21', endedAt: '2026-11-21' }, shop1);
    expect(yesterday.total).toBe(0);
  });

  it('bets: one family at a time, filtered by status and day, with totals', async () => {
    const sports = await ok('/api/agent/user/detail/bets', { user_id: Number(user8), game_type: 'sports' }, shop1);
    expect(sports.rows.map((b: { game_type: string; account: string }) => [b.game_type, b.account])).toEqual([['sports', 'user8']]);
    expect(sports.totals).toEqual({ amount: '10000', win_amount: '20000', profit: '-10000', count: 1 });
    const mini = await ok('/api/agent/user/detail/bets', { user_id: Number(user8), game_type: 'minigame' }, shop1);
    expect(mini.rows.map((b: { status: string }) => b.status)).toEqual(['open']);
    expect((await ok('/api/agent/user/detail/bets', { user_id: Number(user8), game_type: 'sports', status: 'lost' }, shop1)).total).toBe(0);
    expect((await ok('/api/agent/user/detail/bets', { user_id: Number(user8), game_type: 'sports', startedAt: '2026-11-23' }, shop1)).total).toBe(0);
    const backwards = await h.call(
      '/api/agent/user/detail/bets',
      { user_id: Number(user8), game_type: 'sports', startedAt: '2026-11-23', endedAt: '2026-11-22' },
      { token: shop1 },
    );
    expect(backwards.json.error.code).toBe('date_range_invalid');
  });

  it('charges, exchanges and sessions are the member’s own', async () => {
    const charges = await ok('/api/agent/user/detail/bank', { user_id: Number(user8), type: 'charge' }, shop1);
    expect(charges.rows.map((r: { amount: string; status: string }) => [r.amount, r.status])).toEqual([['50000', 'approved']]);
    const exchanges = await ok('/api/agent/user/detail/bank', { user_id: Number(user8), type: 'exchange' }, shop1);
    expect(exchanges.rows.map((r: { amount: string }) => r.amount)).toEqual(['20000']);
    const sessions = await ok('/api/agent/user/detail/sessions', { user_id: Number(user8) }, shop1);
    expect(sessions.total).toBeGreaterThanOrEqual(1);
    expect(sessions.rows[0]).toMatchObject({ live: true, ip: '127.0.0.1' });
  });

  it('a casino round of the subtree opens in /pa-casino-detail; one of another shop answers 404', async () => {
    const d = await ok('/api/agent/casino/detail', { id: Number(round8) }, shop1);
    expect(d.round).toMatchObject({ account: 'user8', round: 'r-user8', amount: '5000', win_amount: '9500', status: 'settled' });
    expect(d.bet).toBeNull();
    for (const id of [round9, 9_999_999n]) {
      const r = await h.call('/api/agent/casino/detail', { id: Number(id) }, { token: shop1 });
      expect(r.status).toBe(404);
      expect(r.json.error.code).toBe('not_in_subtree');
    }
    expect((await ok('/api/agent/casino/detail', { id: Number(round9) }, dist1)).round.account).toBe('user9');
    // The member's casino tab is the casino history by account, inside the subtree only.
    const mine = await ok('/api/agent/casino/history', { account: 'user8' }, shop1);
    expect(mine.rows.map((r: { round: string }) => r.round)).toEqual(['r-user8']);
    expect((await ok('/api/agent/casino/history', { account: 'user9' }, shop1)).total).toBe(0);
  });
});

describe(`agent game logs on ${testEngine}`, () => {
  beforeAll(() => sportsBet(user9, 'd-sports-9', 7_000n));
  afterAll(async () => expect((await verifyLedger(h.db)).problems).toEqual([]));

  type Log = { rows: { id: number; account: string; game_type: string; status: string; amount: string }[]; total: number; totals: Record<string, unknown> };
  const logs = (token: string, body: object): Promise<Log> => ok('/api/agent/game/logs', body, token);
  /** Accounts below an agent by walking parent_id, the closure table's own definition. */
  const below = async (account: string) =>
    (
      await h.db.query<{ account: string }>(
        `WITH RECURSIVE d AS (SELECT id, account FROM users WHERE parent_id = (SELECT id FROM users WHERE account = $1)
                              UNION ALL SELECT u.id, u.account FROM users u JOIN d ON u.parent_id = d.id)
         SELECT account FROM d`,
        [account],
      )
    ).rows.map((r) => r.account);

  it("/pa-game-sports: the shop sees its members' bets only; the distributor sees both shops", async () => {
    const shop = await logs(shop1, { game_type: 'sports' });
    const mine = new Set(await below('shop1'));
    expect(shop.rows.every((r) => mine.has(r.account) && r.game_type === 'sports')).toBe(true);
    expect(shop.rows.map((r) => r.account)).toContain('user8');
    expect(shop.rows.map((r) => r.account)).not.toContain('user9');
    const dist = await logs(dist1, { game_type: 'sports' });
    expect(dist.total).toBe(shop.total + 1); // user9's bet, of shop2
    expect(BigInt(dist.totals.amount as string) - BigInt(shop.totals.amount as string)).toBe(7_000n);
    expect(dist.rows[0].account).toBe('user9'); // newest first
    expect((await logs(shop1, { game_type: 'sports', account: 'user9' })).total).toBe(0); // not its member
    const one = await logs(shop1, { game_type: 'sports', account: 'user8' });
    expect(one.rows.map((r) => r.account)).toEqual(['user8']);
    expect(one.totals).toEqual({ amount: '10000', win_amount: '20000', profit: '-10000', count: 1 });
    expect((await logs(dist1, { game_type: 'sports', account: 'user9' })).rows.map((r) => r.account)).toEqual(['user9']);
  });

  it('/pa-game-minigame, status, day range and paging filter the same subtree', async () => {
    const mini = await logs(shop1, { game_type: 'minigame', account: 'user8' });
    expect(mini.rows.map((r) => [r.game_type, r.status, r.amount])).toEqual([['minigame', 'open', '3000']]);
    const open = await logs(dist1, { game_type: 'sports', status: 'open' });
    expect(open.rows.every((r) => r.status === 'open')).toBe(true);
    expect(open.rows.map((r) => r.account)).toContain('user9');
    expect((await logs(dist1, { game_type: 'sports', status: 'won', account: 'user8' })).total).toBe(1);
    expect((await logs(dist1, { game_type: 'sports', startedAt: '2026-11-21', endedAt: '2026-11-21' })).total).toBe(0);
    const first = await logs(dist1, { game_type: 'sports' });
    const second = await logs(dist1, { game_type: 'sports', skip: 1 });
    expect(second.rows[0].id).toBe(first.rows[1].id);
    expect(second.total).toBe(first.total);
  });

  it('answers from indexes on PostgreSQL: a shop through bets_user_idx, the top agent through the day range', async () => {
    const sent: [string, unknown[]][] = [];
    const spy = { query: (text: string, params: unknown[]) => (sent.push([text, params]), h.db.query(text, params)) } as unknown as Sql;
    const deps = { ...h.deps, db: spy as never };
    const page = await subtreeBets(deps, { agentId: await idOf('dist1') }, { gameType: 'sports', skip: 0 });
    expect(page.total).toBe((await logs(dist1, { game_type: 'sports' })).total);
    expect(sent.filter(([text]) => /FROM bets b/.test(text))).toHaveLength(2); // the page and its totals
    if (testEngine !== 'pg') return;
    for (const [agent, index] of [
      ['shop2', /bets_user_idx/], // one member below
      ['tophq1', /bets_created_brin|bets_user_idx/], // every member below
    ] as const) {
      sent.length = 0;
      await subtreeBets(deps, { agentId: await idOf(agent) }, { gameType: 'sports', skip: 0 });
      const plans = await explainWithMonth(sent.filter(([text]) => /FROM bets b/.test(text)));
      for (const plan of plans) {
        expect(plan, agent).toMatch(index);
        expect(plan, agent).toMatch(/on user_tree/);
        expect(plan, agent).not.toMatch(/Seq Scan on bets/);
      }
    }
  });
});

class Rollback extends Error {
  constructor(readonly plans: string[]) {
    super('rollback');
  }
}

/**
 * EXPLAINs the statements over a month of bets (2,000 per member, inserted in time order as bets
 * arrive), with fresh statistics, in a transaction rolled back afterwards: on the seed's few rows
 * any plan is cheap, so the planner's choice would say nothing.
 */
async function explainWithMonth(statements: [string, unknown[]][]) {
  try {
    await h.db.tx(async (sql) => {
      await sql.query(
        `INSERT INTO bets (user_id, game_type, game, odds, amount, potential_win, request_id, money_before, money_after, created_at)
         SELECT u.id, CASE WHEN g % 2 = 0 THEN 'sports' ELSE 'minigame' END, 'plan', 1.5, 1000, 1500, 'plan-' || g, 0, 0,
                $1::timestamptz - interval '30 days' + g * interval '21 minutes'
         FROM generate_series(1, 2000) g CROSS JOIN users u ORDER BY g`,
        [h.clock.now()],
      );
      await sql.query(`SELECT brin_summarize_new_values('bets_created_brin')`);
      await sql.query('ANALYZE bets');
      await sql.query('ANALYZE user_tree');
      const plans: string[] = [];
      for (const [text, params] of statements)
        plans.push((await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params)).rows.map((x) => x['QUERY PLAN']).join('\n'));
      throw new Rollback(plans);
    });
  } catch (e) {
    if (e instanceof Rollback) return e.plans;
    throw e;
  }
  throw new Error('unreachable');
}
