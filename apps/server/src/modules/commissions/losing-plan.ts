import { losingRateOf } from './rates.ts';
import { splitLosing } from './split.ts';
import type { AgentRow, EntryRow, NewPart, NewSettlement } from './losing-repo.ts';

/**
 * What one period run does, as pure functions of what it read (losing.ts runs them in its
 * transaction; decision 031).
 *
 * The members' net loss is summed per direct agent ("group"); each group's net is split along
 * the group agent's path with `splitLosing` (the rolling rule: each agent its losing rate minus
 * the highest below it, cumulative floor, so the chain earns exactly floor(top rate × net)).
 * An agent's share is the sum of its parts over the groups of its subtree: its rate on its
 * subtree's net loss minus what its lower agents take, up to one unit of rounding per group.
 */

/** Each direct agent's net loss in the period (entries without an agent belong to no chain). */
export function groupNets(entries: EntryRow[]) {
  const nets = new Map<bigint, bigint>();
  for (const e of entries) if (e.agent_id !== null) nets.set(e.agent_id, (nets.get(e.agent_id) ?? 0n) + e.net);
  return nets;
}

/**
 * Every agent's part of every group. An agent without isOpenLosing keeps its place on the path
 * (the agent above still earns only its own margin) and its part is recorded, not settled: the
 * house keeps it.
 */
export function partsOf(nets: Map<bigint, bigint>, paths: Map<bigint, AgentRow[]>): NewPart[] {
  const out: NewPart[] = [];
  for (const [group, net] of nets) {
    if (net === 0n) continue;
    const path = paths.get(group) ?? [];
    const rated = path.map((a) => ({ agentId: a.id, rate: losingRateOf(a.rolling_json), open: a.open }));
    const split = splitLosing(
      rated.map((a) => ({ agentId: a.agentId, rate: a.rate })),
      net,
    );
    split.parts.forEach((p, i) => {
      out.push({ agentId: p.agentId, groupAgentId: group, groupNet: net, rate: rated[i].rate, amount: p.amount, open: rated[i].open });
    });
  }
  return out;
}

/**
 * The settlements of the period: one per open agent with a part or a carry. Its net loss is its
 * subtree's (the groups it is on the path of); amount = own + carried in; positive is pending,
 * negative is carried into the next settlement, zero is closed.
 */
export function settlementsOf(parts: NewPart[], carries: Map<bigint, { amount: bigint; rate: bigint }>): NewSettlement[] {
  const byAgent = new Map<bigint, { netLoss: bigint; rate: bigint; own: bigint }>();
  for (const p of parts) {
    if (!p.open) continue;
    const s = byAgent.get(p.agentId) ?? { netLoss: 0n, rate: p.rate, own: 0n };
    s.netLoss += p.groupNet;
    s.own += p.amount;
    byAgent.set(p.agentId, s);
  }
  // An agent with only a carry still gets a row, so the carry keeps travelling with it.
  for (const [agent, c] of carries) if (!byAgent.has(agent)) byAgent.set(agent, { netLoss: 0n, rate: c.rate, own: 0n });
  const out: NewSettlement[] = [];
  for (const [agentId, s] of byAgent) {
    const carriedIn = carries.get(agentId)?.amount ?? 0n;
    if (s.own === 0n && carriedIn === 0n) continue;
    const amount = s.own + carriedIn;
    out.push({
      agentId,
      netLoss: s.netLoss,
      rate: s.rate,
      own: s.own,
      carriedIn,
      amount,
      status: amount > 0n ? 'pending' : amount < 0n ? 'carried' : 'closed',
    });
  }
  return out.sort((a, b) => (a.agentId < b.agentId ? -1 : 1));
}

/** KST (UTC+9, no daylight saving): a day's first instant. */
export function kstDayStart(day: string) {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) - 9 * 3600_000);
}

export function kstDay(at: Date) {
  return new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

export function nextDay(day: string) {
  return kstDay(new Date(kstDayStart(day).getTime() + 24 * 3600_000));
}
