import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/passwords.ts';
import { harness, type Harness } from '../../test/app.ts';
import { placeBet, settleBets } from '../betting/index.ts';
import { drain } from '../commissions/index.ts';
import { HOUSE, transfer } from '../ledger/index.ts';

// The statistics calls on the seeded app (tophq1 → … → shop1 → user1…), with a second shop
// (shop2, under dist1) and its member user9: every agent reads its own subtree only.
let h: Harness;
const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;
const tokens: Record<string, string> = {};
let user1: bigint;
let user9: bigint;

let n = 0;
async function settledBet(userId: bigint, gameType: 'minigame' | 'slot', amount: bigint, outcome: 'won' | 'lost') {
  const b = await placeBet(h.db, h.clock, {
    userId,
    gameType,
    game: `${gameType}-test`,
    round: 'r1',
    betType: 'single',
    selections: [{ name: 'T', pick: 'x', odds: '2.00' }],
    odds: '2.00',
    amount,
    requestId: `sc-${++n}`,
  });
  await h.db.tx((sql) => settleBets(sql, h.clock, `sc-s-${b.id}`, [{ betId: b.id, outcome }]));
}

beforeAll(async () => {
  h = await harness();
  const hash = await hashPassword('1234');
  const shop2 = await h.db.query<{ id: bigint }>(
    `INSERT INTO users (account, password_hash, nickname, role, parent_id, status, level, rolling_json)
     SELECT 'shop2', $1, '매장2', 'shop', id, 'normal_a', 7, rolling_json FROM users WHERE account = 'shop1' RETURNING id`,
    [hash],
  );
  await h.db.query(`INSERT INTO users (account, password_hash, nickname, role, parent_id, status) VALUES ('user9', $1, '회원9', 'user', $2, 'normal_a')`, [
    hash,
    shop2.rows[0].id,
  ]);
  await h.db.query(`UPDATE users SET parent_id = (SELECT id FROM users WHERE account = 'dist1') WHERE account = 'shop2'`);
  user1 = await idOf('user1');
  user9 = await idOf('user9');
  for (const u of [user1, user9])
    await transfer(h.db, h.clock, {
      idempotencyKey: `sc-fund-${u}`,
      kind: 'test.fund',
      from: { house: HOUSE.adjustments, asset: 'money' },
      to: { user: u, asset: 'money' },
      amount: 10_000_000n,
    });
  await settledBet(user1, 'minigame', 100_000n, 'lost');
  await settledBet(user1, 'slot', 20_000n, 'won');
  await settledBet(user9, 'minigame', 50_000n, 'lost');
  await drain(h.db, h.clock);
  for (const a of ['tophq1', 'shop1', 'shop2']) tokens[a] = await h.login('agent', a);
  tokens.admin = await h.login('admin', 'admin');
  await h.login('user', 'user9'); // one member login today
});
afterAll(() => h.close());

const call = (who: string, path: string, body: unknown = {}) => h.call(path, body, { token: tokens[who] });

/** The test's own recompute: today's settled bets (cancelled left out) below an account, or of one member. */
async function fromBets(account: string, opts: { member?: boolean; gameType?: string } = {}) {
  const r = await h.db.query<{ n: number; amount: bigint | null; win: bigint | null; bettors: number }>(
    `SELECT count(*)::int AS n, sum(b.amount)::bigint AS amount, sum(b.win_amount)::bigint AS win, count(DISTINCT b.user_id)::int AS bettors
     FROM bets b JOIN user_tree t ON t.descendant_id = b.user_id AND t.depth >= $2
     JOIN users a ON a.id = t.ancestor_id AND a.account = $1
     WHERE b.status NOT IN ('open', 'cancelled') AND ($3::text IS NULL OR b.game_type = $3)`,
    [account, opts.member ? 0 : 1, opts.gameType ?? null],
  );
  const x = r.rows[0];
  return { bet_count: x.n, bet_amount: String(x.amount ?? 0n), win_amount: String(x.win ?? 0n), bettors: x.bettors };
}
const ok = async (who: string, path: string, body?: unknown) => {
  const r = await call(who, path, body);
  expect(r.json.error, `${who} ${path}`).toBeUndefined();
  return r.json.data;
};

describe('statistics calls', () => {
  it('total: the top HQ sees its one direct lower agent with the whole chain; each shop only its own members', async () => {
    const top = await ok('tophq1', '/api/agent/statistics/total');
    expect(top.from).toBe('2026-11-22');
    expect(top.rows.map((r: { account: string }) => r.account)).toEqual(['mainhq1']);
    // The seed's settled demo bets (user1, user2) count too: they went through the same outbox.
    const all = await fromBets('tophq1');
    expect(all.bettors).toBe(3);
    expect(top.rows[0]).toMatchObject({ kind: 'agent', ...all });
    expect(top.totals).toMatchObject({ ...all, login_count: 1, betting_pl: String(BigInt(all.bet_amount) - BigInt(all.win_amount)) });
    expect(Number(top.totals.rolling)).toBeGreaterThan(0);
    const rate = (Number(all.win_amount) * 100) / Number(all.bet_amount);
    expect(Number(top.totals.payback_rate)).toBeCloseTo(rate, 2);

    const shop1 = await ok('shop1', '/api/agent/statistics/total');
    const u1 = shop1.rows.find((r: { account: string }) => r.account === 'user1');
    expect(u1).toMatchObject({ kind: 'member', ...(await fromBets('user1', { member: true })), member_count: 1 });
    expect(shop1.rows.some((r: { account: string }) => r.account === 'user9')).toBe(false);
    expect(shop1.totals).toMatchObject({ ...(await fromBets('shop1')), login_count: 0 });
    const shop2 = await ok('shop2', '/api/agent/statistics/total');
    expect(shop2.rows.map((r: { account: string }) => r.account)).toEqual(['user9']);
    expect(shop2.totals).toMatchObject({ bet_amount: '50000', login_count: 1, member_count: 1, member_money: shop2.rows[0].member_money });
  });

  it('a lower account outside the caller subtree is refused on every call taking one', async () => {
    for (const path of ['/api/agent/statistics/days', '/api/agent/zeus/daily-bettings'] as const) {
      const r = await call('shop2', path, { user_id: Number(user1) });
      expect(r.status, path).toBe(404);
      expect(r.json.error.code).toBe('not_in_subtree');
      const mine = await call('shop2', path, { user_id: Number(user9) });
      expect(mine.json.error, path).toBeUndefined();
    }
  });

  it('member lists and role lists hold only the subtree', async () => {
    const perDay = await ok('shop2', '/api/agent/zeus/user-daily-bettings');
    expect(perDay.rows.map((r: { account: string; day: string }) => [r.account, r.day])).toEqual([['user9', '2026-11-22']]);
    const total = await ok('tophq1', '/api/agent/zeus/total-user-bettings');
    // Every member of the subtree by stake over the range, then those without bets in id order.
    const members = await h.db.query<{ id: number }>(
      `SELECT u.id::int AS id FROM users u JOIN user_tree t ON t.descendant_id = u.id AND t.depth > 0
       JOIN users a ON a.id = t.ancestor_id AND a.account = 'tophq1'
       LEFT JOIN LATERAL (SELECT sum(m.bet_amount) AS staked FROM stat_member_days m
                          WHERE m.member_id = u.id AND m.game_type = 'all' AND m.bet_count > 0 AND m.day BETWEEN $1::date AND $2::date) s ON true
       WHERE u.role = 'user' ORDER BY s.staked DESC NULLS LAST, u.id`,
      [total.from, total.to],
    );
    expect(members.rows.length).toBeGreaterThan(2);
    expect(total.total).toBe(members.rows.length);
    expect(total.rows.map((r: { id: number }) => r.id)).toEqual(members.rows.map((m) => m.id));
    const staked = Object.fromEntries(total.rows.map((r: { account: string; bet_amount: string }) => [r.account, r.bet_amount]));
    expect(staked).toMatchObject({ user1: (await fromBets('user1', { member: true })).bet_amount, user9: '50000', user2: '5000' });
    expect(total.totals.bet_amount).toBe((await fromBets('tophq1')).bet_amount);
    const searched = await ok('tophq1', '/api/agent/zeus/total-user-bettings', { search: 'user9' });
    expect(searched.rows.map((r: { account: string }) => r.account)).toEqual(['user9']);
    // Paged: the second page starts where the first stopped, across the bettors/idle boundary.
    const firstTwo = await ok('tophq1', '/api/agent/zeus/total-user-bettings', { skip: 0 });
    const second = await ok('tophq1', '/api/agent/zeus/total-user-bettings', { skip: 2 });
    expect(second.rows.map((r: { id: number }) => r.id)).toEqual(firstTwo.rows.slice(2).map((r: { id: number }) => r.id));
    const shops = await ok('tophq1', '/api/agent/zeus/role-user-daily-bettings', { roleName: 'shop' });
    expect(shops.rows.map((r: { account: string; bet_amount: string }) => [r.account, r.bet_amount])).toEqual([
      ['shop1', (await fromBets('shop1')).bet_amount],
      ['shop2', '50000'],
    ]);
    const own = await ok('shop1', '/api/agent/zeus/role-user-daily-bettings', { roleName: 'shop' });
    expect(own.rows.map((r: { account: string }) => r.account)).toEqual(['shop1']);
  });

  it('rolling pages: the caller first, then its direct lower agents, per game type and per zeus group', async () => {
    const r = await ok('tophq1', '/api/agent/statistics/rolling');
    expect(r.rows.map((x: { account: string }) => x.account)).toEqual(['tophq1', 'mainhq1']);
    // Mini games of the Powerball family are their own rolling type (the seed's 'EOS 파워볼' bet is not one: no game key).
    const mini = await h.db.query<{ s: bigint }>(
      `SELECT sum(a.bet_amount)::bigint AS s FROM stat_agent_days a JOIN users u ON u.id = a.agent_id WHERE u.account = 'tophq1' AND a.game_type IN ('minigame', 'powerball_single')`,
    );
    expect(BigInt(r.rows[0].by_type.minigame.bet_amount) + BigInt(r.rows[0].by_type.powerball_single.bet_amount)).toBe(mini.rows[0].s);
    expect(String(mini.rows[0].s)).toBe((await fromBets('tophq1', { gameType: 'minigame' })).bet_amount);
    expect(r.rows[0].by_type.slot.valid_amount).toBe('20000');
    const own = await h.db.query<{ s: bigint }>(`SELECT coalesce(sum(amount), 0)::bigint AS s FROM commission_accruals WHERE agent_id = $1`, [
      await idOf('tophq1'),
    ]);
    expect(r.rows[0].total.rolling_own).toBe(String(own.rows[0].s));
    // The totals row: the caller's whole subtree, and the listed agents' own rolling added up.
    expect(r.totals.total.rolling).toBe(r.rows[0].total.rolling);
    expect(r.totals.total.bet_amount).toBe(r.rows[0].total.bet_amount);
    const ownListed = r.rows.reduce((s: bigint, x: { total: { rolling_own: string } }) => s + BigInt(x.total.rolling_own), 0n);
    expect(r.totals.total.rolling_own).toBe(String(ownListed));
    expect(BigInt(r.totals.total.rolling)).toBeGreaterThan(0n);
    const z = await ok('tophq1', '/api/agent/zeus/statistics/rolling', { gameType: 'casinoslot' });
    expect(z.rows[0]).toMatchObject({ account: 'tophq1', bet_count: 1, bet_amount: '20000', win_amount: '40000' });
    const shop2 = await ok('shop2', '/api/agent/zeus/statistics/rolling', { gameType: 'minigame' });
    expect(shop2.rows.map((x: { account: string }) => x.account)).toEqual(['shop2']);
    expect(shop2.rows[0].bet_amount).toBe('50000');
  });

  it('days, daily bettings and the zeus home read per KST day', async () => {
    const d = await ok('tophq1', '/api/agent/statistics/days', { from: '2026-11-20', to: '2026-11-22' });
    const all = await fromBets('tophq1');
    expect(d.rows.map((r: { day: string; bet_amount: string }) => [r.day, r.bet_amount])).toEqual([
      ['2026-11-22', all.bet_amount],
      ['2026-11-21', '0'],
      ['2026-11-20', '0'],
    ]);
    const daily = await ok('tophq1', '/api/agent/zeus/daily-bettings');
    expect(daily.rows[0].by_family.slot).toMatchObject({ bet_amount: '20000', bettors: 1 });
    expect(daily.rows[0].by_family.minigame.bet_amount).toBe((await fromBets('tophq1', { gameType: 'minigame' })).bet_amount);
    expect(daily.rows[0].total).toMatchObject({ bet_amount: all.bet_amount, bettors: 3 });
    const home = await ok('tophq1', '/api/agent/zeus/home');
    expect(home.series).toHaveLength(30);
    expect(home.series.at(-1)).toMatchObject({ day: '2026-11-22', bet_amount: all.bet_amount });
    const members = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'user' AND parent_id IS NOT NULL`);
    expect(home.today).toMatchObject({ bet_amount: all.bet_amount, member_count: members.rows[0].n });
  });

  it('admin reads: site per day, per tier, and the member ranking; agents cannot call them', async () => {
    const daily = await ok('admin', '/api/admin/statistics/daily');
    const all = await fromBets('tophq1');
    expect(daily.rows[0]).toMatchObject({ day: '2026-11-22', bet_amount: all.bet_amount, bettors: 3 });
    const tiers = await ok('admin', '/api/admin/statistics/tiers');
    expect(tiers.rows.find((r: { role: string }) => r.role === 'shop')).toMatchObject({ agents: 2, bet_amount: all.bet_amount });
    expect(tiers.rows.find((r: { role: string }) => r.role === 'none')).toMatchObject({ bet_amount: '0' });
    const rank = await ok('admin', '/api/admin/statistics/ranking', { by: 'betting_pl' });
    expect(rank.rows.map((r: { account: string }) => r.account).slice(0, 2)).toEqual(['user1', 'user9']);
    const refused = await call('tophq1', '/api/admin/statistics/daily');
    expect(refused.status).toBeGreaterThanOrEqual(400);
  });
});
