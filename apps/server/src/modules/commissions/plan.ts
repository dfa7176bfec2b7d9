import { hash } from 'node:crypto';
import { ratesOf, rollingGameTypeOf, type Rates } from './rates.ts';
import { splitRolling } from './split.ts';
import type { AccrualRow, NewAccrual, OutboxRow, PathRow } from './repo.ts';

/**
 * What one drain batch does, as pure functions of what it read (drain.ts runs them in its
 * transaction): the accruals of its settled bets, each agent's net, and the batch's ledger legs.
 */

/** The payout unit: whole won. The decimals option (decision 027 "Decimals option") is not built. */
export const DECIMALS = 0;

/** Only a stake settled won or lost is a valid bet (issue 18: void, draw, cancelled earn nothing). */
const VALID = new Set(['won', 'lost']);

/**
 * Each agent's part of each valid settled bet, along its member's path (direct agent first), at
 * the rates its agents hold now for the bet's game type. Zero parts are not written.
 */
export function accrualsOf(rows: OutboxRow[], paths: PathRow[], isPowerball: (game: string) => boolean): NewAccrual[] {
  const byMember = new Map<bigint, PathRow[]>();
  for (const p of paths) byMember.set(p.member_id, [...(byMember.get(p.member_id) ?? []), p]);
  const rates = new Map<bigint, Rates>();
  const ratesFor = (p: PathRow) => {
    let r = rates.get(p.agent_id);
    if (r === undefined) rates.set(p.agent_id, (r = ratesOf(p.rolling_json)));
    return r;
  };
  const out: NewAccrual[] = [];
  for (const row of rows) {
    if (row.kind !== 'accrue' || !VALID.has(row.status)) continue;
    const agents = byMember.get(row.user_id) ?? [];
    if (agents.length === 0) continue;
    const gameType = rollingGameTypeOf({ gameType: row.game_type, betType: row.bet_type, powerball: row.game_type === 'minigame' && isPowerball(row.game) });
    const path = agents.map((a) => ({ agentId: a.agent_id, rate: ratesFor(a)[gameType] }));
    const split = splitRolling(path, row.amount, { decimals: DECIMALS });
    split.parts.forEach((part, i) => {
      if (part.amount === 0n) return;
      out.push({
        betId: row.bet_id,
        stage: row.stage,
        agentId: part.agentId,
        memberId: row.user_id,
        gameType,
        base: row.amount,
        rate: path[i].rate,
        amount: part.amount,
        decimals: DECIMALS,
      });
    });
  }
  return out;
}

/** The (bet, stage) settlements the batch's re-openings undo. */
export const reversalsOf = (rows: OutboxRow[]) => rows.filter((r) => r.kind === 'reverse').map((r) => ({ betId: r.bet_id, stage: r.stage }));

/** Each agent's net for the batch: what it accrued minus what was reversed. */
export function netsOf(paid: AccrualRow[], reversed: AccrualRow[]) {
  const nets = new Map<bigint, bigint>();
  for (const a of paid) nets.set(a.agent_id, (nets.get(a.agent_id) ?? 0n) + a.amount);
  for (const a of reversed) nets.set(a.agent_id, (nets.get(a.agent_id) ?? 0n) - a.amount);
  return nets;
}

export type Legs = { agents: Map<bigint, bigint>; commissions: bigint; adjustments: bigint; writtenOff: Map<bigint, bigint> };

/**
 * The batch's legs: each agent its net; a negative net the agent does not hold is taken as far
 * as it goes and the rest written off to house:adjustments (the lead's decision for 027 point 6),
 * as `unsettleBets` with `force` does for players. house:commissions balances the agents' nets.
 */
export function legsOf(nets: Map<bigint, bigint>, held: Map<bigint, bigint>): Legs {
  const agents = new Map<bigint, bigint>();
  const writtenOff = new Map<bigint, bigint>();
  let commissions = 0n;
  let adjustments = 0n;
  for (const [agent, net] of nets) {
    if (net === 0n) continue;
    commissions -= net;
    if (net > 0n) {
      agents.set(agent, net);
      continue;
    }
    const have = held.get(agent) ?? 0n;
    const take = have < -net ? have : -net;
    if (take > 0n) agents.set(agent, -take);
    if (-net > take) {
      writtenOff.set(agent, -net - take);
      adjustments -= -net - take;
    }
  }
  return { agents, commissions, adjustments, writtenOff };
}

/** An agent's write-off recorded on its reversed rows of the batch, largest first. */
export function spreadWriteOff(reversed: AccrualRow[], writtenOff: Map<bigint, bigint>) {
  const left = new Map(writtenOff);
  return [...reversed]
    .sort((a, b) => (b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : 0))
    .map((r) => {
      const due = left.get(r.agent_id) ?? 0n;
      const off = due < r.amount ? due : r.amount;
      if (off > 0n) left.set(r.agent_id, due - off);
      return { id: r.id, writtenOff: off };
    });
}

/** The batch's ledger key names its content, so the same rows always get the same key. */
export function batchKey(rows: OutboxRow[]) {
  const digest = hash('sha256', rows.map((r) => `${r.kind}:${r.bet_id}:${r.stage};`).join(''), 'base64url');
  return `commission:rolling:${digest.slice(0, 43)}`;
}
