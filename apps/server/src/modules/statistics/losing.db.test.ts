import { agentStatisticsCalls, adminStatisticsCalls } from '@wager/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { agentChain } from '../../test/agent-chain.ts';
import { settledEvenBet } from '../../test/bets.ts';
import { freshDb, testEngine, type TestDb } from '../../test/db.ts';
import { drain, runPeriod, setLosingOpen } from '../commissions/index.ts';
import * as stats from './service.ts';

// Losing and loss-fee columns (decision 030 "Losing and loss-fee"): a three-tier chain (losing
// 5/3/1 %, minigame rolling 1/0.5/0.2 %) whose middle agent is not open, two losing periods
// (2026-03-01 and 2026-03-02..03), every statistics answer checked against losing_parts.
let db: TestDb;
const clock = new ManualClock('2026-03-01T03:00:00Z'); // 12:00 KST
const deps = { clock } as unknown as Deps;
let A: bigint[];
let member: bigint;
const admin = { type: 'admin' as const, id: 1n, ip: '127.0.0.1' };
type Part = { agent_id: bigint; group_agent_id: bigint; to_day: string; amount: bigint; open: boolean };
let parts: Part[];

let n = 0;
const settled = (amount: bigint, outcome: 'won' | 'lost') => settledEvenBet(db, clock, member, `sl-${++n}`, amount, outcome);

beforeAll(async () => {
  db = await freshDb();
  Object.assign(deps, { db });
  ({ agents: A, member } = await agentChain(db, clock, 'sl', [
    { losing_percent: '5', minigame_percent: 1 },
    { losing_percent: '3', minigame_percent: 0.5 },
    { losing_percent: '1', minigame_percent: 0.2 },
  ]));
  for (const a of [A[0], A[2]]) await setLosingOpen(db, clock, admin, a, true);
  await settled(100_000n, 'lost');
  await settled(20_000n, 'won');
  await drain(db, clock);
  await runPeriod(db, clock, admin, { from: '2026-03-01', to: '2026-03-01' });
  clock.advance(2 * 86_400_000); // 2026-03-03 KST
  await settled(50_000n, 'lost');
  await drain(db, clock);
  await runPeriod(db, clock, admin, { from: '2026-03-02', to: '2026-03-03' });
  parts = (
    await db.query<Part>(
      `SELECT lp.agent_id, lp.group_agent_id, p.to_day::text AS to_day, lp.amount, lp.open FROM losing_parts lp JOIN losing_periods p ON p.id = lp.period_id`,
    )
  ).rows.map((p) => ({ ...p, agent_id: BigInt(p.agent_id), group_agent_id: BigInt(p.group_agent_id), amount: BigInt(p.amount) }));
}, 180_000);
afterAll(() => db?.drop());

/** The test's own sums over losing_parts: open parts of `agents` of periods ending in [from, to]. */
const sumParts = (agents: bigint[], from: string, to: string) =>
  String(parts.filter((p) => p.open && agents.includes(p.agent_id) && p.to_day >= from && p.to_day <= to).reduce((s, p) => s + p.amount, 0n));
/** Open parts taken on the net loss of direct-agent groups among `groupAgents` (uplines' parts included). */
const sumGroups = (groupAgents: bigint[], from: string, to: string) =>
  String(parts.filter((p) => p.open && groupAgents.includes(p.group_agent_id) && p.to_day >= from && p.to_day <= to).reduce((s, p) => s + p.amount, 0n));
const below = (i: number) => A.slice(i); // agent i's group: itself and everything below it
const R = { from: '2026-03-01', to: '2026-03-03' };
type Row = { betting_pl: string; rolling: string; losing: string; settlement: string };
const settles = (r: Row) => expect(r.settlement).toBe(String(BigInt(r.betting_pl) - BigInt(r.rolling) - BigInt(r.losing)));

describe(`statistics losing and loss-fee on ${testEngine}`, () => {
  it('the parts the figures come from: both periods, every tier, the closed agent kept by the house', () => {
    expect(new Set(parts.map((p) => p.to_day))).toEqual(new Set(['2026-03-01', '2026-03-03']));
    for (const a of A) expect(parts.some((p) => p.agent_id === a && p.amount > 0n)).toBe(true);
    expect(parts.filter((p) => p.agent_id === A[1]).every((p) => !p.open)).toBe(true);
    expect(sumGroups(A, R.from, R.to)).not.toBe('0');
    // A lower agent's group carries its uplines' parts too (as its rolling does): the two sums differ.
    expect(sumGroups(below(1), R.from, R.to)).not.toBe(sumParts(below(1), R.from, R.to));
  });

  it('total: an agent row is its group, a member row 0; totals are the rows added up', async () => {
    const t = agentStatisticsCalls['/api/agent/statistics/total'].data.parse(await stats.total(deps, A[0], { ...R, skip: 0 }));
    expect(t.rows).toHaveLength(1);
    expect(t.rows[0]).toMatchObject({ id: Number(A[1]), losing: sumGroups(below(1), R.from, R.to), loss_fee: '0' });
    expect(t.totals).toMatchObject({ losing: t.rows[0].losing, loss_fee: '0' });
    expect(BigInt(t.totals.rolling)).toBeGreaterThan(0n);
    settles(t.rows[0]);
    settles(t.totals);
    const mid = await stats.total(deps, A[1], { ...R, skip: 0 });
    expect(mid.rows[0]).toMatchObject({ id: Number(A[2]), losing: sumGroups([A[2]], R.from, R.to), loss_fee: sumParts([A[2]], R.from, R.to) });
    expect(mid.totals).toMatchObject({ losing: mid.rows[0].losing, loss_fee: mid.rows[0].loss_fee });
    const shop = await stats.total(deps, A[2], { ...R, skip: 0 });
    expect(shop.rows[0]).toMatchObject({ kind: 'member', losing: '0', loss_fee: '0' });
    settles(shop.rows[0]);
    // A range without a period's end day: nothing.
    const off = await stats.total(deps, A[0], { from: '2026-03-02', to: '2026-03-02', skip: 0 });
    expect([off.rows[0].losing, off.rows[0].loss_fee, off.totals.losing]).toEqual(['0', '0', '0']);
  });

  it('rolling pages: the caller first; totals as for rolling (whole group, own fees of the listed agents)', async () => {
    const r = agentStatisticsCalls['/api/agent/statistics/rolling'].data.parse(await stats.rolling(deps, A[0], { ...R, skip: 0 }));
    expect(r.rows.map((x) => [x.id, x.losing, x.loss_fee])).toEqual([
      [Number(A[0]), sumGroups(below(0), R.from, R.to), sumParts([A[0]], R.from, R.to)],
      [Number(A[1]), sumGroups(below(1), R.from, R.to), '0'],
    ]);
    expect(r.totals).toMatchObject({ losing: sumGroups(below(0), R.from, R.to), loss_fee: sumParts([A[0], A[1]], R.from, R.to) });
    const first = await stats.rolling(deps, A[0], { from: '2026-03-01', to: '2026-03-02', skip: 0 });
    expect(first.rows[0].losing).toBe(sumGroups(below(0), '2026-03-01', '2026-03-01'));
    const z = agentStatisticsCalls['/api/agent/zeus/statistics/rolling'].data.parse(
      await stats.zeusRolling(deps, A[0], { ...R, skip: 0, gameType: 'minigame' }),
    );
    expect(z.rows.map((x) => [x.id, x.losing, x.loss_fee])).toEqual([
      [Number(A[0]), sumGroups(below(0), R.from, R.to), sumParts([A[0]], R.from, R.to)],
      [Number(A[1]), sumGroups(below(1), R.from, R.to), '0'],
    ]);
    expect(z.totals).toMatchObject({ losing: z.rows[1].losing, loss_fee: '0' });
    const none = await stats.zeusRolling(deps, A[0], { from: '2026-03-02', to: '2026-03-02', skip: 0, gameType: 'minigame' });
    expect(none.rows.map((x) => x.losing)).toEqual(['0', '0']);
  });

  it('days and the zeus home: a period on its end day; a lower account its own group', async () => {
    const d = agentStatisticsCalls['/api/agent/statistics/days'].data.parse(await stats.days(deps, A[0], R));
    expect(d.rows.map((x) => [x.day, x.losing, x.loss_fee])).toEqual([
      ['2026-03-03', sumGroups(below(1), '2026-03-03', '2026-03-03'), '0'],
      ['2026-03-02', '0', '0'],
      ['2026-03-01', sumGroups(below(1), '2026-03-01', '2026-03-01'), '0'],
    ]);
    for (const x of d.rows) settles(x);
    expect(d.totals).toMatchObject({ losing: sumGroups(below(1), R.from, R.to), loss_fee: '0' });
    settles(d.totals);
    const shop = await stats.days(deps, A[0], { ...R, user_id: Number(A[2]) });
    expect(shop.totals).toMatchObject({ losing: sumGroups([A[2]], R.from, R.to), loss_fee: sumParts([A[2]], R.from, R.to) });
    const m = await stats.days(deps, A[0], { ...R, user_id: Number(member) });
    expect(m.totals).toMatchObject({ losing: '0', loss_fee: '0' });
    const home = agentStatisticsCalls['/api/agent/zeus/home'].data.parse(await stats.home(deps, A[0]));
    expect(home.today.losing).toBe(sumGroups(below(1), '2026-03-03', '2026-03-03'));
    expect(home.series.at(-3)).toMatchObject({ day: '2026-03-01', losing: sumGroups(below(1), '2026-03-01', '2026-03-01') });
  });

  it('role bettings: each agent of the tier its group; member lists 0', async () => {
    const role = agentStatisticsCalls['/api/agent/zeus/role-user-daily-bettings'].data.parse(
      await stats.roleBettings(deps, A[0], { ...R, skip: 0, roleName: 'main_hq' }),
    );
    expect(role.rows.map((x) => [x.id, x.losing, x.loss_fee])).toEqual([[Number(A[1]), sumGroups(below(1), R.from, R.to), '0']]);
    expect(role.totals.losing).toBe(role.rows[0].losing);
    settles(role.rows[0]);
    const users = await stats.memberBettings(deps, A[0], { ...R, skip: 0 }, false);
    expect(users.rows[0]).toMatchObject({ id: Number(member), losing: '0', loss_fee: '0' });
  });

  it('admin: the site per day and per tier', async () => {
    const daily = adminStatisticsCalls['/api/admin/statistics/daily'].data.parse(await stats.adminDaily(deps, R));
    expect(daily.rows.map((x) => [x.day, x.losing])).toEqual([
      ['2026-03-03', sumGroups(A, '2026-03-03', '2026-03-03')],
      ['2026-03-02', '0'],
      ['2026-03-01', sumGroups(A, '2026-03-01', '2026-03-01')],
    ]);
    expect(daily.totals.losing).toBe(sumGroups(A, R.from, R.to));
    const tiers = adminStatisticsCalls['/api/admin/statistics/tiers'].data.parse(await stats.adminTiers(deps, R));
    const tier = (role: string) => tiers.rows.find((x) => x.role === role)!;
    expect(tier('top_hq')).toMatchObject({ losing: sumGroups(below(0), R.from, R.to), loss_fee: sumParts([A[0]], R.from, R.to) });
    expect(tier('sub_hq')).toMatchObject({ losing: sumGroups([A[2]], R.from, R.to), loss_fee: sumParts([A[2]], R.from, R.to) });
    expect(tier('none')).toMatchObject({ losing: '0', loss_fee: '0' });
  });
});
