import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { homeOf } from '../../platform/db.ts';
import { notifyChange } from '../../platform/events.ts';
import { agentChain } from '../../test/agent-chain.ts';
import { freshDb, testEngine, type TestDb } from '../../test/db.ts';
import { fundedMember } from '../../test/members.ts';
import { cancelBet, placeBet, resettleBets, settleBets, settleOneBet, unsettleBets } from '../betting/index.ts';
import { drain } from '../commissions/index.ts';
import { rebuildStatistics } from './index.ts';

// A six-tier chain, a second member directly under its branch and an unrelated chain; bets of
// every game type settled, re-settled, re-opened and cancelled on both sides of a KST midnight.
const RATES = [1.0, 0.8, 0.5, 0.3, 0.2, 0.1];
const rolling = RATES.map((m) => ({
  sports_single_percent: m,
  sports_percent: m,
  minigame_percent: m,
  powerball_single_percent: m,
  powerball_multiple_percent: m,
  casino_percent: m,
  slot_percent: m,
}));

let db: TestDb;
const clock = new ManualClock('2026-03-01T14:59:00Z'); // 23:59 on 1 March in Seoul
let agents: bigint[];
let member: bigint;
let member2: bigint;
let outsider: bigint;
let outsiderTop: bigint;
beforeAll(async () => {
  db = await freshDb();
  ({ agents, member } = await agentChain(db, clock, 'st', rolling));
  member2 = await fundedMember(db, clock, 'st_m2', 100_000_000n);
  await db.query('UPDATE users SET parent_id = $2 WHERE id = $1', [member2, agents[3]]);
  const other = await agentChain(db, clock, 'sx', rolling);
  outsider = other.member;
  outsiderTop = other.agents[0];
});
afterAll(() => db?.drop());

let n = 0;
const bet = (userId: bigint, gameType: 'sports' | 'minigame' | 'casino' | 'slot', amount: bigint, opts: { game?: string; combo?: boolean } = {}) =>
  placeBet(db, clock, {
    userId,
    gameType,
    game: opts.game ?? `${gameType}-test`,
    round: 'r1',
    betType: opts.combo ? 'combo' : 'single',
    selections: [{ name: 'T', pick: 'x', odds: '2.00' }],
    odds: '2.00',
    amount,
    requestId: `st-${++n}`,
  });
const settle = (id: bigint, outcome: 'won' | 'lost' | 'draw' | 'void') => db.tx((sql) => settleBets(sql, clock, `st-s-${id}-${++n}`, [{ betId: id, outcome }]));

type Snap = Record<string, Record<string, unknown>[]>;
/** Every statistics row that is not all zero, in key order. */
async function snapshot(): Promise<Snap> {
  const nonZero = (r: Record<string, unknown>) =>
    Object.entries(r).some(([k, v]) => !['day', 'member_id', 'agent_id', 'game_type'].includes(k) && BigInt(v as bigint) !== 0n);
  const q = async (t: string, order: string) => (await db.query<Record<string, unknown>>(`SELECT * FROM ${t} ORDER BY ${order}`)).rows.filter(nonZero);
  return {
    members: await q('stat_member_days', 'day, member_id, game_type'),
    agents: await q('stat_agent_days', 'agent_id, day, game_type'),
    site: await q('stat_site_days', 'day, game_type'),
  };
}
const range = { from: '2026-03-01', to: '2026-03-02' };
const outboxCount = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bet_outbox')).rows[0].n;

/** The recompute the tests trust: straight from bets and accruals, in the test's own SQL. */
async function fromBets(agentId: bigint, day: string) {
  const r = await db.query<{ n: number; amount: bigint | null; win: bigint | null; bettors: number }>(
    `SELECT count(*)::int AS n, sum(b.amount)::bigint AS amount, sum(b.win_amount)::bigint AS win, count(DISTINCT b.user_id)::int AS bettors
     FROM bets b JOIN user_tree t ON t.descendant_id = b.user_id AND t.ancestor_id = $1 AND t.depth > 0
     WHERE b.status NOT IN ('open', 'cancelled') AND ((b.created_at AT TIME ZONE 'UTC') + interval '9 hours')::date = $2::date`,
    [agentId, day],
  );
  const own = await db.query<{ s: bigint | null }>(
    `SELECT sum(a.amount)::bigint AS s FROM commission_accruals a JOIN bets b ON b.id = a.bet_id
     WHERE a.agent_id = $1 AND a.reversed_at IS NULL AND ((b.created_at AT TIME ZONE 'UTC') + interval '9 hours')::date = $2::date`,
    [agentId, day],
  );
  return {
    bet_count: r.rows[0].n,
    bet_amount: r.rows[0].amount ?? 0n,
    win_amount: r.rows[0].win ?? 0n,
    bettors: r.rows[0].bettors,
    rolling_own: own.rows[0].s ?? 0n,
  };
}
async function agentRow(agentId: bigint, day: string) {
  const r = await db.query<{ bet_count: number; bet_amount: bigint; win_amount: bigint; bettors: number; rolling_own: bigint }>(
    `SELECT bet_count, bet_amount, win_amount, bettors, rolling_own FROM stat_agent_days WHERE agent_id = $1 AND day = $2::date AND game_type = 'all'`,
    [agentId, day],
  );
  return r.rows[0] ?? { bet_count: 0, bet_amount: 0n, win_amount: 0n, bettors: 0, rolling_own: 0n };
}

describe(`daily statistics folded by the commission drain on ${testEngine}`, () => {
  it('counts settlements, re-settlements, re-openings and cancels per KST day, up every ancestor, equal to a recompute from bets', async () => {
    // 1 March (KST): a mini game won, a Powerball combination lost, a casino bet left open for now.
    const a = await bet(member, 'minigame', 100_000n);
    const b = await bet(member, 'minigame', 40_000n, { game: 'ntry_eos1', combo: true });
    const open = await bet(member2, 'casino', 7_000n);
    clock.set('2026-03-01T15:00:30Z'); // 00:00:30 on 2 March in Seoul
    const c = await bet(member, 'sports', 50_000n, { combo: true });
    const d = await bet(member2, 'slot', 30_000n);
    const e = await bet(member2, 'sports', 20_000n);
    const f = await bet(outsider, 'minigame', 90_000n);
    const g = await bet(member, 'casino', 5_000n);
    await settle(a.id, 'won');
    expect((await settleOneBet(db, clock, { bet: b, outcome: 'lost', batchKey: `st1-${b.id}` })).settled).toBe(true);
    await settle(c.id, 'won');
    await settle(d.id, 'lost');
    await settle(e.id, 'void');
    await settle(f.id, 'lost');
    await drain(db, clock);

    // The first day's bets sit on 1 March, the rest on 2 March.
    const day1 = await db.query<{ game_type: string; bet_count: number; bet_amount: bigint; win_amount: bigint; combo_count: number }>(
      `SELECT game_type, bet_count, bet_amount, win_amount, combo_count FROM stat_member_days WHERE member_id = $1 AND day = '2026-03-01' ORDER BY game_type`,
      [member],
    );
    expect(day1.rows).toEqual([
      { game_type: 'all', bet_count: 2, bet_amount: 140_000n, win_amount: 200_000n, combo_count: 1 },
      { game_type: 'minigame', bet_count: 1, bet_amount: 100_000n, win_amount: 200_000n, combo_count: 0 },
      { game_type: 'powerball_combination', bet_count: 1, bet_amount: 40_000n, win_amount: 0n, combo_count: 1 },
    ]);

    // Re-entered result, a re-opening then a new result, a cancel, the open bet settled.
    await db.tx((sql) => resettleBets(sql, clock, { recall: `st-r-${a.id}`, settle: `st-rs-${a.id}` }, [a.id], [{ betId: a.id, outcome: 'lost' }]));
    await db.tx((sql) => unsettleBets(sql, clock, `st-u-${c.id}`, [c.id]));
    await drain(db, clock);
    await settle(c.id, 'lost');
    await db.tx((sql) => cancelBet(sql, clock, g.id, 'admin'));
    await settle(open.id, 'won');
    await drain(db, clock);
    expect(await outboxCount()).toBe(0);

    const incremental = await snapshot();
    for (const [i, agent] of agents.entries())
      for (const day of ['2026-03-01', '2026-03-02']) expect(await agentRow(agent, day), `agent ${i} ${day}`).toEqual(await fromBets(agent, day));
    // The second member sits under the branch (index 3): the tiers below it never see its bets.
    expect((await agentRow(agents[3], '2026-03-02')).bettors).toBe(2);
    expect((await agentRow(agents[4], '2026-03-02')).bettors).toBe(1);
    // The other chain's top sees only its own member.
    expect(await agentRow(outsiderTop, '2026-03-02')).toMatchObject({ bet_count: 1, bet_amount: 90_000n, bettors: 1 });

    await rebuildStatistics(db, range);
    expect(await snapshot()).toEqual(incremental);
  });

  it('a rebuild while settlements wait in the outbox leaves them to the drain, which then counts each once', async () => {
    clock.set('2026-03-02T03:00:00Z');
    const h = await bet(member, 'slot', 11_000n);
    const i = await bet(member2, 'minigame', 12_000n);
    await settle(h.id, 'won');
    await settle(i.id, 'lost');
    await db.tx((sql) => unsettleBets(sql, clock, `st-u2-${h.id}`, [h.id]));
    expect(await outboxCount()).toBe(3);
    await rebuildStatistics(db, range);
    await drain(db, clock);
    const afterDrain = await snapshot();
    await rebuildStatistics(db, range);
    expect(await snapshot()).toEqual(afterDrain);
    for (const agent of agents) expect(await agentRow(agent, '2026-03-02')).toEqual(await fromBets(agent, '2026-03-02'));
  });

  it('a drain killed mid-batch counts nothing; the next drain counts the batch once', async () => {
    clock.set('2026-03-02T04:00:00Z');
    const j = await bet(member, 'sports', 33_000n);
    await settle(j.id, 'won');
    const before = await snapshot();
    await expect(
      drain(db, clock, {
        beforeCommit: async () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await snapshot()).toEqual(before);
    expect(await outboxCount()).toBe(1);
    await drain(db, clock);
    expect(await outboxCount()).toBe(0);
    expect(await snapshot()).not.toEqual(before);
    for (const agent of agents) expect(await agentRow(agent, '2026-03-02')).toEqual(await fromBets(agent, '2026-03-02'));
    const counted = await snapshot();
    await rebuildStatistics(db, range);
    expect(await snapshot()).toEqual(counted);
  });

  it('with the decimals option a rebuild counts rolling in whole won, as the drain folds it', async () => {
    const setDecimals = async (d: number) => {
      await db.query(
        `INSERT INTO settings (key, value, updated_at, updated_by) VALUES ('rolling_decimals', $1::jsonb, now(), 'test')
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
        [JSON.stringify(d)],
      );
      notifyChange(homeOf(db), { topic: 'all' });
    };
    clock.set('2026-03-02T05:00:00Z');
    await setDecimals(2);
    try {
      // 12,345 won at 0.1 % is 12.345 won: the shop's accrual is 1,234 hundredths, its rolling 12 won.
      const k = await bet(member, 'casino', 12_345n);
      await settle(k.id, 'lost');
      await drain(db, clock);
      const shopPart = await db.query<{ amount: bigint; decimals: number }>(
        'SELECT amount, decimals FROM commission_accruals WHERE bet_id = $1 AND agent_id = $2',
        [k.id, agents[5]],
      );
      expect(shopPart.rows[0]).toEqual({ amount: 1_234n, decimals: 2 });
      const folded = await snapshot();
      await rebuildStatistics(db, range);
      expect(await snapshot()).toEqual(folded);
    } finally {
      await setDecimals(0);
    }
  });
});
