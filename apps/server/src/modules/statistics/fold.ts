import { ALL, addInto, addSettlement, isZero, zero, type Figures } from './figures.ts';
import { kstDay } from './day.ts';

/**
 * One drain batch turned into statistics deltas (pure; repo-fold.ts writes them). The batch's
 * outbox rows give the bets' figures, its accruals (written or reversed in the same batch) the
 * rolling; each member's delta goes to its own rows and, summed, to every agent on its path and
 * to the site. Decision 030.
 */

/** An outbox row as statistics read it; `gameType` is its rolling game type (decision 027). */
export type StatOutboxRow = {
  bet_id: bigint;
  kind: 'accrue' | 'reverse';
  user_id: bigint;
  gameType: string;
  bet_type: string;
  amount: bigint;
  status: string;
  result: string | null;
  win: bigint;
  placed_at: Date | null;
  at: Date;
};

/** One accrual part the batch wrote (sign 1) or reversed (sign −1). */
export type StatAccrual = { bet_id: bigint; agent_id: bigint; member_id: bigint; game_type: string; amount: bigint; sign: bigint };

/** The member's agents, direct agent first (depth 1). */
export type StatPath = { member_id: bigint; agent_id: bigint };

export type MemberDelta = { day: string; memberId: bigint; gameType: string; d: Figures };
export type AgentDelta = { day: string; agentId: bigint; gameType: string; d: Figures; bettors: number; rollingOwn: bigint };
export type SiteDelta = { day: string; gameType: string; d: Figures; bettors: number };

/** A row's result: accrue rows written before migration 025 have only their status; such reverse rows are unknown (null). */
const resultOf = (r: StatOutboxRow) => r.result ?? (r.kind === 'accrue' ? r.status : null);

/** The placement day of each bet of the batch (every row of one bet has the same). */
function daysOfBets(rows: StatOutboxRow[]) {
  const days = new Map<bigint, string>();
  for (const r of rows) days.set(r.bet_id, kstDay(r.placed_at ?? r.at));
  return days;
}

/** Per (day, member, game type) and per (day, member, 'all'): the net of the batch. */
export function memberDeltas(rows: StatOutboxRow[], accruals: StatAccrual[]): MemberDelta[] {
  const out = new Map<string, MemberDelta>();
  const row = (day: string, memberId: bigint, gameType: string) => {
    const k = `${day}|${memberId}|${gameType}`;
    let m = out.get(k);
    if (!m) out.set(k, (m = { day, memberId, gameType, d: zero() }));
    return m.d;
  };
  // Each settlement is added in place into its two rows (its game type and 'all').
  for (const r of rows) {
    const s = { result: resultOf(r), amount: r.amount, win: r.win, combo: r.bet_type === 'combo' };
    const sign = r.kind === 'accrue' ? 1n : -1n;
    const day = kstDay(r.placed_at ?? r.at);
    addSettlement(row(day, r.user_id, r.gameType), s, sign);
    addSettlement(row(day, r.user_id, ALL), s, sign);
  }
  // Rolling summed per (day, member, game type) first: a batch has six parts a bet, few keys.
  const days = daysOfBets(rows);
  const rolling = new Map<string, { day: string; memberId: bigint; gameType: string; sum: bigint }>();
  for (const a of accruals) {
    const day = days.get(a.bet_id);
    if (day === undefined) throw new Error(`accrual of bet ${a.bet_id} without its outbox row in the batch`);
    const k = `${day}|${a.member_id}|${a.game_type}`;
    const r = rolling.get(k);
    if (r) r.sum += a.sign * a.amount;
    else rolling.set(k, { day, memberId: a.member_id, gameType: a.game_type, sum: a.sign * a.amount });
  }
  for (const r of rolling.values()) {
    row(r.day, r.memberId, r.gameType).rolling += r.sum;
    row(r.day, r.memberId, ALL).rolling += r.sum;
  }
  return [...out.values()].filter((m) => !isZero(m.d));
}

/** Whether the member had bets on that day and type before and after the batch (for `bettors`). */
export type MemberAfter = { day: string; memberId: bigint; gameType: string; betCount: bigint };

/**
 * The agents' and the site's deltas from the members' (and the bet counts the member rows hold
 * after them: a member that starts or stops having bets that day is one bettor more or less).
 */
export function rollUp(members: MemberDelta[], after: MemberAfter[], paths: StatPath[], accruals: StatAccrual[], rows: StatOutboxRow[]) {
  const countAfter = new Map(after.map((a) => [`${a.day}|${a.memberId}|${a.gameType}`, a.betCount]));
  const byMember = new Map<bigint, bigint[]>();
  for (const p of paths) byMember.set(p.member_id, [...(byMember.get(p.member_id) ?? []), p.agent_id]);
  const agents = new Map<string, AgentDelta>();
  const site = new Map<string, SiteDelta>();
  const agentRow = (day: string, agentId: bigint, gameType: string) => {
    const k = `${day}|${agentId}|${gameType}`;
    let a = agents.get(k);
    if (!a) agents.set(k, (a = { day, agentId, gameType, d: zero(), bettors: 0, rollingOwn: 0n }));
    return a;
  };
  for (const m of members) {
    const now = countAfter.get(`${m.day}|${m.memberId}|${m.gameType}`) ?? 0n;
    const before = now - m.d.bet_count;
    const bettors = (now > 0n ? 1 : 0) - (before > 0n ? 1 : 0);
    for (const agentId of byMember.get(m.memberId) ?? []) {
      const a = agentRow(m.day, agentId, m.gameType);
      addInto(a.d, m.d);
      a.bettors += bettors;
    }
    const k = `${m.day}|${m.gameType}`;
    let s = site.get(k);
    if (!s) site.set(k, (s = { day: m.day, gameType: m.gameType, d: zero(), bettors: 0 }));
    addInto(s.d, m.d);
    s.bettors += bettors;
  }
  // Each agent's own rolling, summed per (day, game type) with the agent as a bigint key first.
  const days = daysOfBets(rows);
  const own = new Map<string, Map<bigint, bigint>>();
  for (const x of accruals) {
    const k = `${days.get(x.bet_id)!}|${x.game_type}`;
    let byAgent = own.get(k);
    if (!byAgent) own.set(k, (byAgent = new Map()));
    byAgent.set(x.agent_id, (byAgent.get(x.agent_id) ?? 0n) + x.sign * x.amount);
  }
  for (const [k, byAgent] of own) {
    const [day, gameType] = k.split('|');
    for (const [agentId, sum] of byAgent) for (const t of [gameType, ALL]) agentRow(day, agentId, t).rollingOwn += sum;
  }
  return { agents: [...agents.values()], site: [...site.values()] };
}
