import type { CallBody, CallData, StatGameType } from '@wager/contracts';
import { STAT_FAMILIES, STAT_GAME_TYPES } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { assertInSubtree } from '../agents/index.ts';
import { addDays, daysOf, kstStart, resolveRange, type DayRange } from './day.ts';
import { ALL, GROUP_TYPES } from './figures.ts';
import { holdingsBelow, ownHoldings } from './holdings.ts';
import * as members from './repo-members.ts';
import * as read from './repo-read.ts';
import { addDay, addDesk, addHoldings, betOut, deskOut, holdingsOut, withLosing, zeroDay, zeroHoldings } from './shape.ts';

/**
 * The statistics calls (issue 18, decision 030). Bet figures come from the day rows kept by the
 * commission drain; money-desk figures and holdings from their tables per period. Every agent
 * call reads only the caller's subtree (a `user_id` is checked with the agents door first).
 */

/** Spec §2 / §9: lists show 20 rows a page unless the spec names another size. */
export const PAGE = 20;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function rangeOf(deps: Deps, body: { from?: string; to?: string } | undefined) {
  for (const k of ['from', 'to'] as const) {
    const v = body?.[k];
    if (v !== undefined && (!DATE.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))) throw badRequest('Not a date.', k);
  }
  const r = resolveRange(deps.clock.now(), body);
  return { ...r, start: kstStart(r.from), end: kstStart(addDays(r.to, 1)) };
}

type Range = DayRange & { start: Date; end: Date };
const familyOf = (t: string) => (t.startsWith('sports') ? 'sports' : t === 'casino' || t === 'slot' ? t : 'minigame');

/** Total page: per direct lower agent (its subtree) and per direct member, 20 a page; totals = the caller's whole subtree below it. */
export async function total(deps: Deps, agentId: bigint, body: CallBody<'/api/agent/statistics/total'>): Promise<CallData<'/api/agent/statistics/total'>> {
  const db = deps.db;
  const r = rangeOf(deps, body);
  const page = await read.directGroups(db, agentId, body?.skip ?? 0, PAGE);
  const ids = page.rows.map((a) => BigInt(a.id));
  const agents = page.rows.filter((a) => a.role !== 'user').map((a) => BigInt(a.id));
  const members = page.rows.filter((a) => a.role === 'user').map((a) => BigInt(a.id));
  // When one page holds every direct lower account its groups partition the caller's subtree, so
  // the totals are the rows' sums and the subtree-wide reads (holdings, money desk) run once.
  const whole = (body?.skip ?? 0) === 0 && page.total <= PAGE;
  // Holdings: the job's snapshot of what is below each agent (minutes old, "Reads at scale"),
  // plus the page's own balances read live (one ledger row per asset each).
  // Losing: each agent row its group (itself included, loss_fee its own); the totals the groups
  // below the caller, the sum of every row (loss_fee: the direct lower agents' own).
  const [aSums, mSums, desk, below, own, mine, myDesk, loss, myLoss] = await Promise.all([
    read.agentSums(db, agents, r.from, r.to),
    read.memberSums(db, members, r.from, r.to),
    read.deskOf(db, ids, 0, r.start, r.end, false),
    holdingsBelow(db, whole ? agents : [...agents, agentId]),
    ownHoldings(db, ids, new Set(members)),
    read.agentSums(db, [agentId], r.from, r.to),
    whole ? null : read.deskOf(db, [agentId], 1, r.start, r.end, false),
    read.losingOf(db, agents, 0, r.from, r.to, false),
    read.losingOf(db, [agentId], 1, r.from, r.to, false),
  ]);
  const hold = new Map(
    ids.map((id) => [id, addHoldings(addHoldings(zeroHoldings(), own.get(id) ?? zeroHoldings()), below.holdings.get(id) ?? zeroHoldings())]),
  );
  const myDeskSum = myDesk?.get(`${agentId}|`) ?? [...desk.values()].reduce(addDesk, read.zeroDesk());
  const myHoldSum = whole ? [...hold.values()].reduce(addHoldings, zeroHoldings()) : (below.holdings.get(agentId) ?? zeroHoldings());
  return {
    from: r.from,
    to: r.to,
    total: page.total,
    rows: page.rows.map((a) => {
      const id = BigInt(a.id);
      const f = a.role === 'user' ? (mSums.get(id) ?? zeroDay()) : withLosing(aSums.get(id) ?? zeroDay(), loss.get(`${id}|`));
      return {
        id: Number(id),
        account: a.account,
        nickname: a.nickname,
        role: a.role,
        kind: a.role === 'user' ? ('member' as const) : ('agent' as const),
        ...betOut(f),
        ...deskOut(desk.get(`${id}|`)),
        ...holdingsOut(hold.get(id)),
      };
    }),
    totals: { ...betOut(withLosing(mine.get(agentId) ?? zeroDay(), myLoss.get(`${agentId}|`))), ...deskOut(myDeskSum), ...holdingsOut(myHoldSum) },
    holdings_as_of: below.asOf?.toISOString() ?? null,
  };
}

type PerType = { bet_amount: string; valid_amount: string; rolling: string; rolling_own: string };
const perTypeOut = (f: read.DayFigures): PerType => ({
  bet_amount: String(f.bet_amount),
  valid_amount: String(f.valid_amount),
  rolling: String(f.rolling),
  rolling_own: String(f.rolling_own),
});

function byTypeOf(rows: { gameType: string; f: read.DayFigures }[]) {
  const by = Object.fromEntries(STAT_GAME_TYPES.map((t) => [t, zeroDay()])) as Record<StatGameType, read.DayFigures>;
  const sum = zeroDay();
  for (const x of rows) {
    if (!(x.gameType in by)) continue;
    addDay(by[x.gameType as StatGameType], x.f);
    addDay(sum, x.f);
  }
  return {
    by_type: Object.fromEntries(STAT_GAME_TYPES.map((t) => [t, perTypeOut(by[t])])) as Record<StatGameType, PerType>,
    total: perTypeOut(sum),
  };
}

/** Direct lower agents (all of them: a handful) and the page of them after the caller's own row. */
async function agentRows(db: Sql, agentId: bigint, skip: number) {
  const all = await read.directGroups(db, agentId, 0, 100_000, true);
  const page = all.rows.slice(skip, skip + PAGE);
  const me = skip === 0 ? (await read.accountsOf(db, [agentId])).get(agentId) : undefined;
  return { all: all.rows.map((a) => BigInt(a.id)), page: me ? [me, ...page] : page, total: all.total };
}

/** Rolling incurred per game type: the caller's row, then each direct lower agent's (subtree rolling, and its own rolling earned). */
export async function rolling(
  deps: Deps,
  agentId: bigint,
  body: CallBody<'/api/agent/statistics/rolling'>,
): Promise<CallData<'/api/agent/statistics/rolling'>> {
  const r = rangeOf(deps, body);
  const g = await agentRows(deps.db, agentId, body?.skip ?? 0);
  const listed = [agentId, ...g.all];
  const [sums, loss] = await Promise.all([read.agentTypeSums(deps.db, listed, r.from, r.to), read.losingOf(deps.db, listed, 0, r.from, r.to, false)]);
  const rowsOf = (id: bigint) => sums.filter((s) => s.agentId === id);
  const lossOf = (id: bigint) => losingOut(loss.get(`${id}|`));
  // Totals as for rolling: the caller's whole group for losing, the listed agents' own added up for loss_fee.
  const lossFee = listed.reduce((t, id) => t + (loss.get(`${id}|`)?.loss_fee ?? 0n), 0n);
  return {
    from: r.from,
    to: r.to,
    total: g.total,
    rows: g.page.map((a) => ({
      id: Number(a.id),
      account: a.account,
      nickname: a.nickname,
      role: a.role,
      ...byTypeOf(rowsOf(BigInt(a.id))),
      ...lossOf(BigInt(a.id)),
    })),
    totals: { ...rollingTotals(sums, agentId), losing: lossOf(agentId).losing, loss_fee: String(lossFee) },
  };
}

const losingOut = (l: read.Losing | undefined) => ({ losing: String(l?.losing ?? 0n), loss_fee: String(l?.loss_fee ?? 0n) });

/**
 * The rolling totals row: the caller's subtree for the stake and rolling figures (it already holds
 * every lower agent's, so summing the rows would count them twice), and for own rolling the sum of
 * the listed agents' own (the caller's and each direct lower agent's).
 */
function rollingTotals(sums: { agentId: bigint; gameType: string; f: read.DayFigures }[], agentId: bigint) {
  const whole = byTypeOf(sums.filter((s) => s.agentId === agentId));
  const listed = byTypeOf(sums);
  for (const t of STAT_GAME_TYPES) whole.by_type[t].rolling_own = listed.by_type[t].rolling_own;
  whole.total.rolling_own = listed.total.rolling_own;
  return whole;
}

/** The subject of a per-day call: the caller (its subtree below it) or a lower account (checked). */
async function subjectOf(deps: Deps, agentId: bigint, userId: number | undefined) {
  if (userId === undefined || BigInt(userId) === agentId) return { id: agentId, member: false, minDepth: 1 };
  const id = BigInt(userId);
  await assertInSubtree(deps.db, agentId, id);
  const a = (await read.accountsOf(deps.db, [id])).get(id)!;
  return { id, member: a.role === 'user', minDepth: 0 };
}

/** Day rows of a subject; the money desk and losing only when the answer carries them (the desk is the costly part: it reads per event). */
async function seriesOf(deps: Deps, s: { id: bigint | null; member: boolean; minDepth: number }, r: Range, withDesk = true) {
  const [rows, desk, loss] = await Promise.all([
    s.member && s.id !== null ? read.memberSeries(deps.db, s.id, r.from, r.to) : read.daySeries(deps.db, s.id, r.from, r.to),
    withDesk ? read.deskOf(deps.db, s.id === null ? null : [s.id], s.minDepth, r.start, r.end, true) : new Map<string, read.Desk>(),
    // Losing on the end day of each period; a member has none (parts are per agent group).
    withDesk && !s.member ? read.losingOf(deps.db, s.id === null ? null : [s.id], s.minDepth, r.from, r.to, true) : new Map<string, read.Losing>(),
  ]);
  const g = s.id === null ? '0' : String(s.id);
  const days = daysOf(r);
  const all = new Map(days.map((d) => [d, zeroDay()]));
  for (const x of rows) if (x.gameType === ALL) addDay(all.get(x.day)!, x.f);
  for (const d of days) withLosing(all.get(d)!, loss.get(`${g}|${d}`));
  return { days, rows, all, desk: (d: string) => desk.get(`${g}|${d}`) };
}

function dayRows(x: Awaited<ReturnType<typeof seriesOf>>, newestFirst: boolean) {
  const days = newestFirst ? [...x.days].reverse() : x.days;
  const rows = days.map((d) => ({ day: d, ...betOut(x.all.get(d)!), ...deskOut(x.desk(d)) }));
  const sum = zeroDay();
  const desk = read.zeroDesk();
  for (const d of x.days) {
    addDay(sum, x.all.get(d)!);
    const k = x.desk(d);
    if (k) addDesk(desk, k);
  }
  return { rows, totals: { ...betOut(sum), ...deskOut(desk) } };
}

/** One row per day, newest first; bettors over the range are the sum of each day's. */
export async function days(deps: Deps, agentId: bigint, body: CallBody<'/api/agent/statistics/days'>): Promise<CallData<'/api/agent/statistics/days'>> {
  const r = rangeOf(deps, body);
  const x = await seriesOf(deps, await subjectOf(deps, agentId, body?.user_id), r);
  return { from: r.from, to: r.to, ...dayRows(x, true) };
}

/** Zeus home: today's figures of the subtree and the last 30 days, oldest first. */
export async function home(deps: Deps, agentId: bigint): Promise<CallData<'/api/agent/zeus/home'>> {
  const today = rangeOf(deps, undefined);
  const t = await total(deps, agentId, { from: today.from, to: today.to, skip: 0 });
  const month = rangeOf(deps, { from: addDays(today.to, -29), to: today.to });
  const x = await seriesOf(deps, { id: agentId, member: false, minDepth: 1 }, month);
  return { today: t.totals, series: dayRows(x, false).rows };
}

type ZeusRolling = CallData<'/api/agent/zeus/statistics/rolling'>;

/** Rolling of one game group per direct lower agent (the caller's row first); totals over the direct lower agents. */
export async function zeusRolling(deps: Deps, agentId: bigint, body: CallBody<'/api/agent/zeus/statistics/rolling'>): Promise<ZeusRolling> {
  const r = rangeOf(deps, body);
  const types = GROUP_TYPES[body?.gameType ?? 'sports'];
  const g = await agentRows(deps.db, agentId, body?.skip ?? 0);
  const [sums, loss] = await Promise.all([
    read.agentSums(deps.db, [agentId, ...g.all], r.from, r.to, types),
    read.losingOf(deps.db, [agentId, ...g.all], 0, r.from, r.to, false),
  ]);
  for (const id of [agentId, ...g.all]) if (!sums.has(id)) sums.set(id, zeroDay());
  for (const [id, f] of sums) withLosing(f, loss.get(`${id}|`));
  const out = (f: read.DayFigures) => ({
    ...perTypeOut(f),
    bet_count: Number(f.bet_count),
    win_amount: String(f.win_amount),
    ...losingOut(f),
  });
  const totals = zeroDay();
  for (const id of g.all) addDay(totals, sums.get(id) ?? zeroDay());
  return {
    from: r.from,
    to: r.to,
    total: g.total,
    rows: g.page.map((a) => ({ id: Number(a.id), account: a.account, nickname: a.nickname, role: a.role, ...out(sums.get(BigInt(a.id)) ?? zeroDay()) })),
    totals: out(totals),
  };
}

type Family = { bet_count: number; bet_amount: string; win_amount: string; betting_pl: string; bettors: number };
const familyOut = (f: read.DayFigures): Family => ({
  bet_count: Number(f.bet_count),
  bet_amount: String(f.bet_amount),
  win_amount: String(f.win_amount),
  betting_pl: String(f.bet_amount - f.win_amount),
  bettors: Number(f.bettors),
});

/** Per day by bet family (a family's bettors: the sum over its game types). */
export async function dailyBettings(
  deps: Deps,
  agentId: bigint,
  body: CallBody<'/api/agent/zeus/daily-bettings'>,
): Promise<CallData<'/api/agent/zeus/daily-bettings'>> {
  const r = rangeOf(deps, body);
  const x = await seriesOf(deps, await subjectOf(deps, agentId, body?.user_id), r, false);
  const fam = new Map<string, read.DayFigures>();
  const famTotal = new Map<string, read.DayFigures>(STAT_FAMILIES.map((f) => [f, zeroDay()]));
  for (const row of x.rows) {
    if (row.gameType === ALL) continue;
    const k = `${row.day}|${familyOf(row.gameType)}`;
    fam.set(k, addDay(fam.get(k) ?? zeroDay(), row.f));
    addDay(famTotal.get(familyOf(row.gameType))!, row.f);
  }
  const allTotal = zeroDay();
  for (const d of x.days) addDay(allTotal, x.all.get(d)!);
  const byFamily = (get: (f: string) => read.DayFigures | undefined) =>
    Object.fromEntries(STAT_FAMILIES.map((f) => [f, familyOut(get(f) ?? zeroDay())])) as Record<(typeof STAT_FAMILIES)[number], Family>;
  return {
    from: r.from,
    to: r.to,
    rows: [...x.days].reverse().map((d) => ({ day: d, by_family: byFamily((f) => fam.get(`${d}|${f}`)), total: familyOut(x.all.get(d)!) })),
    totals: { by_family: byFamily((f) => famTotal.get(f)), total: familyOut(allTotal) },
  };
}

const bettingRow = (m: read.MemberDayRow) => ({
  id: Number(m.id),
  account: m.account,
  nickname: m.nickname,
  role: m.role,
  day: m.day,
  parent_account: m.parent_account,
  ...betOut(m.f),
});

type UserBettings = CallData<'/api/agent/zeus/user-daily-bettings'>;

/** Member rows of the subtree: per (day, member) or per member over the range. */
export async function memberBettings(
  deps: Deps,
  agentId: bigint | null,
  body: { from?: string; to?: string; skip?: number; search?: string } | undefined,
  perDay: boolean,
  order = 'bet_amount',
): Promise<UserBettings> {
  const r = rangeOf(deps, body);
  if (agentId !== null) {
    // An agent's subtree may hold 100,000 members: members in id order, days by stake ("Reads at scale").
    const q = { agentId, from: r.from, to: r.to, search: body?.search || undefined, skip: body?.skip ?? 0, limit: PAGE };
    const m = perDay ? await members.memberDaysPage(deps.db, q) : await members.memberTotalsPage(deps.db, q);
    return { from: r.from, to: r.to, rows: m.rows.map(bettingRow), total: m.total, totals: betOut(m.totals) };
  }
  const p = await read.memberPage(deps.db, {
    agentId,
    from: r.from,
    to: r.to,
    perDay,
    search: body?.search || undefined,
    order: `${perDay ? 'day DESC, ' : ''}${order} DESC, member_id`,
    skip: body?.skip ?? 0,
    limit: PAGE,
  });
  return { from: r.from, to: r.to, rows: p.rows.map(bettingRow), total: p.total, totals: betOut(p.totals) };
}

/** One row per agent of a tier in the subtree (members: per member), by bet amount. */
export async function roleBettings(
  deps: Deps,
  agentId: bigint,
  body: CallBody<'/api/agent/zeus/role-user-daily-bettings'>,
): Promise<CallData<'/api/agent/zeus/role-user-daily-bettings'>> {
  if (body.roleName === 'user') return memberBettings(deps, agentId, body, false);
  const r = rangeOf(deps, body);
  const ids = await read.agentsOfRole(deps.db, agentId, body.roleName);
  const [sums, loss] = await Promise.all([read.agentSums(deps.db, ids, r.from, r.to), read.losingOf(deps.db, ids, 0, r.from, r.to, false)]);
  const sorted = ids
    .map((id) => ({ id, f: withLosing(sums.get(id) ?? zeroDay(), loss.get(`${id}|`)) }))
    .sort((a, b) => (b.f.bet_amount > a.f.bet_amount ? 1 : b.f.bet_amount < a.f.bet_amount ? -1 : a.id < b.id ? -1 : 1));
  const skip = body.skip ?? 0;
  const page = sorted.slice(skip, skip + PAGE);
  const accounts = await read.accountsOf(
    deps.db,
    page.map((p) => p.id),
  );
  const totals = zeroDay();
  for (const s of sorted) addDay(totals, s.f);
  return {
    from: r.from,
    to: r.to,
    total: sorted.length,
    rows: page.map((p) => bettingRow({ ...accounts.get(p.id)!, id: p.id, day: null, f: p.f })),
    totals: betOut(totals),
  };
}

// ---- admin (issue 19)

export async function adminDaily(deps: Deps, body: CallBody<'/api/admin/statistics/daily'>): Promise<CallData<'/api/admin/statistics/daily'>> {
  const r = rangeOf(deps, body);
  const x = await seriesOf(deps, { id: null, member: false, minDepth: 0 }, r);
  return { from: r.from, to: r.to, ...dayRows(x, true) };
}

/** The whole site's figures of today (the KST day of the day rows): the admin dashboard's day. */
export async function siteToday(deps: Deps) {
  const d = await adminDaily(deps, undefined);
  return { day: d.from, ...d.totals };
}

const TIERS = ['top_hq', 'main_hq', 'sub_hq', 'branch', 'distributor', 'shop'];

/** Per agent tier: the members below agents of that tier; `none`: members under no agent. */
export async function adminTiers(deps: Deps, body: CallBody<'/api/admin/statistics/tiers'>): Promise<CallData<'/api/admin/statistics/tiers'>> {
  const r = rangeOf(deps, body);
  const sumOf = async (ids: bigint[]) => {
    const [s, loss] = await Promise.all([read.agentSums(deps.db, ids, r.from, r.to), read.losingOf(deps.db, ids, 0, r.from, r.to, false)]);
    const t = zeroDay();
    for (const f of s.values()) addDay(t, f);
    // A tier's agents have disjoint groups: losing adds up; loss_fee is the tier's agents' own.
    for (const l of loss.values()) addDay(t, withLosing(zeroDay(), l));
    return t;
  };
  const rows = [];
  for (const role of TIERS) {
    const ids = await read.siteAgents(deps.db, role);
    rows.push({ role, agents: ids.length, ...betOut(await sumOf(ids)) });
  }
  const site = zeroDay();
  for (const x of await read.daySeries(deps.db, null, r.from, r.to)) if (x.gameType === ALL) addDay(site, x.f);
  const rooted = await sumOf(await read.siteAgents(deps.db, null));
  const none = zeroDay();
  addDay(none, site);
  for (const k of Object.keys(none) as (keyof read.DayFigures)[]) none[k] -= rooted[k];
  // Losing parts are agents' only: members under no agent have none.
  withLosing(none, undefined);
  rows.push({ role: 'none', agents: 0, ...betOut(none) });
  return { from: r.from, to: r.to, rows };
}

export async function adminRanking(deps: Deps, body: CallBody<'/api/admin/statistics/ranking'>): Promise<CallData<'/api/admin/statistics/ranking'>> {
  const order = { bet_amount: 'bet_amount', win_amount: 'win_amount', betting_pl: 'betting_pl', rolling: 'rolling' }[body?.by ?? 'bet_amount'];
  const r = await memberBettings(deps, null, body, false, order);
  return { from: r.from, to: r.to, rows: r.rows, total: r.total };
}
