import { hash } from 'node:crypto';
import { ratesOf, rollingGameTypeOf, supportKindOf, type Rates } from './rates.ts';
import { MAX_DECIMALS, splitRolling } from './split.ts';
import type { AccrualKind, AccrualRow, NewAccrual, OutboxRow, PathRow } from './repo.ts';

/**
 * What one drain batch does, as pure functions of what it read (drain.ts runs them in its
 * transaction): the accruals of its settled bets, each agent's net, and the batch's ledger legs.
 */

/** Only a stake settled won or lost is a valid bet (issue 18: void, draw, cancelled earn nothing). */
const VALID = new Set(['won', 'lost']);

/**
 * What a batch writes: new accruals; the placement accruals (stage 0) its void-like settlements
 * take back (`unplaced`: bets, written with the accruals); the (bet, stage) settlements its
 * re-openings take back.
 */
export type BatchPlan = { accruals: NewAccrual[]; unplaced: bigint[]; reversals: { betId: bigint; stage: number }[] };

/**
 * Each agent's part of each valid bet, along its member's path (direct agent first), at the rates
 * its agents hold now for the bet's game type, in units of 10^-decimals won (the setting
 * `rolling_decimals`). Zero parts are not written. And what the batch takes back.
 *
 * Rolling credited at placement (decision 027): a placement row (`accrue`, stage 0) accrues at
 * once. While that accrual stands, a settlement to won or lost accrues nothing more, and one to
 * void, draw or cancelled reverses stage 0; after that a re-entered result accrues at its own
 * stage like any settlement. Whether stage 0 stands is known from the batch when its placement or
 * a void-like settlement is in it; otherwise the insert checks it (`ifNotPlaced`), in its own
 * statement. A placement and its voiding in one batch write nothing. A re-opening (`reverse`,
 * stage n) takes back stage n, as always.
 *
 * Support (decision 043): a casino or slot bet with an outside vendor also accrues its support
 * split, at the same (bet, stage) as its rolling, in whole won, as a row of kind 'support'; every
 * take-back above names (bet, stage) and so takes back both kinds.
 */
export function planBatch(rows: OutboxRow[], paths: PathRow[], isPowerball: (game: string) => boolean, decimals = 0): BatchPlan {
  const byMember = new Map<bigint, PathRow[]>();
  for (const p of paths) byMember.set(p.member_id, [...(byMember.get(p.member_id) ?? []), p]);
  const rates = new Map<bigint, Rates>();
  const ratesFor = (p: PathRow) => {
    let r = rates.get(p.agent_id);
    if (r === undefined) rates.set(p.agent_id, (r = ratesOf(p.rolling_json)));
    return r;
  };
  const out: NewAccrual[] = [];
  const reversals: BatchPlan['reversals'] = [];
  const unplaced: bigint[] = [];
  // Per bet, whether its placement accrual stands ('live') or not ('gone'); unknown: look it up.
  const placed = new Map<bigint, 'live' | 'gone'>();
  const voidedHere = new Set<bigint>();
  // A (bet, stage) accrues once: its parts are one row (migration 052), written from one outbox row.
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.kind === 'reverse') {
      reversals.push({ betId: row.bet_id, stage: row.stage });
      continue;
    }
    const key = `${row.bet_id}:${row.stage}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const state = placed.get(row.bet_id);
    if (row.stage === 0) {
      placed.set(row.bet_id, 'live');
    } else if (!VALID.has(row.status)) {
      if (state === 'live') voidedHere.add(row.bet_id);
      else if (state === undefined) unplaced.push(row.bet_id);
      placed.set(row.bet_id, 'gone');
      continue;
    } else if (state === 'live') continue;
    const agents = byMember.get(row.user_id) ?? [];
    if (agents.length === 0) continue;
    const gameType = rollingGameTypeOf({ gameType: row.game_type, betType: row.bet_type, powerball: row.game_type === 'minigame' && isPowerball(row.game) });
    const path = agents.map((a) => ({ agentId: a.agent_id, rate: ratesFor(a)[gameType] }));
    const ifNotPlaced = row.stage > 0 && state === undefined;
    const push = (kind: AccrualKind, onPath: typeof path, d: number) =>
      splitRolling(onPath, row.amount, { decimals: d }).parts.forEach((part, i) => {
        if (part.amount === 0n) return;
        out.push({
          kind,
          betId: row.bet_id,
          stage: row.stage,
          agentId: part.agentId,
          memberId: row.user_id,
          gameType,
          base: row.amount,
          rate: onPath[i].rate,
          amount: part.amount,
          decimals: d,
          ifNotPlaced,
        });
      });
    push('rolling', path, decimals);
    // One more part only for outside-vendor casino and slot bets; support pays whole won.
    const support = supportKindOf({ gameType: row.game_type, vendor: row.vendor });
    if (support)
      push(
        'support',
        agents.map((a) => ({ agentId: a.agent_id, rate: ratesFor(a)[support] })),
        0,
      );
  }
  return { accruals: out.filter((a) => a.stage !== 0 || !voidedHere.has(a.betId)), unplaced, reversals };
}

/** The carry's unit: 10^-MAX_DECIMALS won, whatever the option is now (migration 033). */
export const CARRY_SCALE = 10n ** BigInt(MAX_DECIMALS);

const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));

/** An accrual in whole won, rounded down (what the statistics' rolling columns add up). */
export const wholeWon = (a: { amount: bigint; decimals: number }) => (a.decimals === 0 ? a.amount : floorDiv(a.amount, POW10[a.decimals]));
const POW10 = Array.from({ length: MAX_DECIMALS + 1 }, (_, d) => 10n ** BigInt(d));

/**
 * Each agent's net for the batch, what it accrued minus what was reversed: whole-won accruals in
 * `whole`; accruals with decimals in `carried`, in carry units (decision 027 "Decimals option").
 */
export function netsOf(paid: AccrualRow[], reversed: AccrualRow[]) {
  const whole = new Map<bigint, bigint>();
  const carried = new Map<bigint, bigint>();
  const add = (a: AccrualRow, sign: bigint) => {
    if (a.decimals === 0) whole.set(a.agent_id, (whole.get(a.agent_id) ?? 0n) + sign * a.amount);
    else carried.set(a.agent_id, (carried.get(a.agent_id) ?? 0n) + sign * a.amount * 10n ** BigInt(MAX_DECIMALS - a.decimals));
  };
  for (const a of paid) add(a, 1n);
  for (const a of reversed) add(a, -1n);
  for (const [agent, units] of carried) if (units === 0n) carried.delete(agent);
  return { whole, carried };
}

/**
 * What each agent is paid (or gives back) in whole won: its whole-won net, plus the change of the
 * floor of its carry (`after`: the carry with this batch's `carried` added). Over time an agent
 * is paid exactly floor(everything it accrued), so nothing is created and a reversal subtracts
 * exactly; the carry's part under one won stays accounted there, owed to the agent.
 */
export function payoutsOf(nets: ReturnType<typeof netsOf>, after: Map<bigint, bigint>) {
  const out = new Map(nets.whole);
  for (const [agent, delta] of nets.carried) {
    const now = after.get(agent);
    if (now === undefined) throw new Error(`no carry for agent ${agent}`);
    const paid = floorDiv(now, CARRY_SCALE) - floorDiv(now - delta, CARRY_SCALE);
    out.set(agent, (out.get(agent) ?? 0n) + paid);
  }
  return out;
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

/** An agent's write-off (whole won) recorded on its reversed rows of the batch, largest first, each at most its amount rounded up to won. */
export function spreadWriteOff(reversed: AccrualRow[], writtenOff: Map<bigint, bigint>) {
  const left = new Map(writtenOff);
  const won = (r: AccrualRow) => -floorDiv(-r.amount, 10n ** BigInt(r.decimals));
  return [...reversed]
    .sort((a, b) => (won(b) > won(a) ? 1 : won(b) < won(a) ? -1 : 0))
    .map((r) => {
      const due = left.get(r.agent_id) ?? 0n;
      const off = due < won(r) ? due : won(r);
      if (off > 0n) left.set(r.agent_id, due - off);
      return { bet_id: r.bet_id, stage: r.stage, kind: r.kind, part: r.part, writtenOff: off };
    });
}

/** The batch's ledger key names its content, so the same rows always get the same key. */
export function batchKey(rows: OutboxRow[], kind: AccrualKind = 'rolling') {
  const digest = hash('sha256', rows.map((r) => `${r.kind}:${r.bet_id}:${r.stage};`).join(''), 'base64url');
  return `commission:${kind}:${digest.slice(0, 43)}`;
}
