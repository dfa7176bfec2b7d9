import type { LosingRow } from '@wager/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Sql } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, badRequest, conflict, insufficientFunds, notFound } from '../../platform/errors.ts';
import { findRequestAnswer, saveRequestAnswer } from '../../platform/request-answers.ts';
import { isInSubtree } from '../agents/index.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { HOUSE, postTransaction } from '../ledger/index.ts';
import { lockMember } from '../members/index.ts';
import { groupNets, kstDay, kstDayStart, nextDay, partsOf, settlementsOf } from './losing-plan.ts';
import * as repo from './losing-repo.ts';
import { formatRate } from './rates.ts';

/**
 * Losing settlements (issue 18, spec §4/§6/§8; decision 031): a period run turns the bets that
 * changed into per-bet entries, splits each direct agent's net loss along its chain, and writes
 * one settlement per open agent; paying one is one ledger transaction from the house, recovering
 * it is its exact reversal, each once.
 */

export type LosingActor = Actor & { type: 'admin' | 'agent'; id: bigint };

export const LOSING_NONE = 'losing_none';
const none = () => conflict('No settlement available to pay or recover.', LOSING_NONE);

/**
 * Computes the period from..to (KST days, inclusive). The same days again answer the period
 * already run (a retried click computes nothing twice); a period must start after the last one
 * and may end today at the latest. Waits for the commission drain, so every settlement drained
 * before the run is in the journal.
 */
export async function runPeriod(db: Db, clock: Clock, actor: Actor & { id: bigint | null }, days: { from: string; to: string }) {
  const now = clock.now();
  if (days.from > days.to) throw badRequest('The period ends before it starts.', 'to', 'losing_period_invalid');
  if (days.to > kstDay(now)) throw badRequest('The period cannot end after today.', 'to', 'losing_period_invalid');
  return db.tx(async (sql) => {
    await repo.lockLosing(sql);
    const same = await repo.periodByDays(sql, days.from, days.to);
    if (same) return { period: same, created: false };
    if (await repo.runningInitJob(sql)) throw conflict('The settlement initialisation is running.', 'settlement_init_running');
    const last = await repo.latestPeriod(sql);
    if (last && days.from <= last.to_day) throw conflict(`A period up to ${last.to_day} has been run.`, 'losing_period_overlap', { day: last.to_day });
    const startsAt = kstDayStart(days.from);
    const endsAt = kstDayStart(nextDay(days.to));
    const periodId = await repo.insertPeriod(sql, { from: days.from, to: days.to, startsAt, endsAt, at: now, by: actor.id });
    // Every change journalled before the end counts here, including any left from before the
    // start (nothing is lost between periods); a bet is taken as it is now.
    const bets = await repo.takeJournal(sql, endsAt);
    const entries = bets.length ? await repo.writeEntries(sql, { ids: bets }, { periodId }, now) : [];
    const nets = groupNets(entries);
    const paths = await repo.pathsOfAgents(sql, [...nets.keys()]);
    const parts = partsOf(nets, paths);
    await repo.insertParts(sql, periodId, parts);
    const carried = await repo.openCarries(sql);
    const carries = new Map<bigint, { amount: bigint; rate: bigint }>();
    for (const c of carried) carries.set(c.agent_id, { amount: (carries.get(c.agent_id)?.amount ?? 0n) + c.amount, rate: c.rate });
    const inserted = await repo.insertSettlements(sql, periodId, settlementsOf(parts, carries), now);
    const idOf = new Map(inserted.map((r) => [r.agent_id, r.id]));
    await repo.markCarried(
      sql,
      carried.map((c) => ({ id: c.id, to: idOf.get(c.agent_id)! })),
    );
    const netLoss = [...nets.values()].reduce((a, n) => a + n, 0n);
    await repo.finishPeriod(sql, periodId, bets.length, netLoss);
    await writeAudit(sql, clock, {
      actor,
      action: 'losing.run',
      target: `losing_period:${periodId}`,
      after: { ...days, bets: bets.length, net_loss: netLoss },
    });
    return { period: (await repo.periodByDays(sql, days.from, days.to))!, created: true };
  });
}

export const periodAnswer = (p: repo.PeriodRow) => ({
  id: Number(p.id),
  from_day: p.from_day,
  to_day: p.to_day,
  run_at: p.run_at.toISOString(),
  bets: p.bets,
  net_loss: p.net_loss.toString(),
  settlements: p.settlements,
});

/** The settlements an admin sees (all), or an agent (its own and its subtree's). */
export async function listLosing(db: Db, actor: LosingActor, f: repo.ListFilter) {
  const under = actor.type === 'agent' ? actor.id : null;
  const { rows, totals } = await repo.listSettlements(db, under, f);
  const answer = (r: repo.ListedRow): LosingRow => ({
    id: Number(r.id),
    period_id: Number(r.period_id),
    from_day: r.from_day,
    to_day: r.to_day,
    agent_id: Number(r.agent_id),
    account: r.account,
    nickname: r.nickname,
    role: r.role,
    net_loss: r.net_loss.toString(),
    rate: formatRate(r.rate),
    own: r.own.toString(),
    carried_in: r.carried_in.toString(),
    amount: r.amount.toString(),
    status: r.status as LosingRow['status'],
    paid_at: r.paid_at?.toISOString() ?? null,
    recovered_at: r.recovered_at?.toISOString() ?? null,
    // An agent acts on its lower agents' settlements, never its own (spec §6).
    can_act: actor.type === 'admin' || r.agent_id !== actor.id,
  });
  return {
    rows: rows.map(answer),
    total: totals.total,
    totals: {
      net_loss: totals.net_loss.toString(),
      own: totals.own.toString(),
      carried_in: totals.carried_in.toString(),
      amount: totals.amount.toString(),
      paid: totals.paid.toString(),
    },
  };
}

export type LosingAction = 'pay' | 'recover';
export type LosingActAnswer = { settlement_id: number; status: LosingRow['status']; amount: string; transaction_id: number; agent_balance: string };

/**
 * Pays a pending settlement (house:commissions → the agent) or recovers a paid one (its exact
 * reversal), each once. An agent reaches only settlements of agents strictly below it: its own
 * and those outside its subtree answer `not_in_subtree`. Under the settled agent's member lock
 * and the settlement's row lock: a stored answer to this request id is returned as it was; a
 * settlement in any other state answers 409 `losing_none` (spec §8 "No settlement available to
 * pay or recover"), so two concurrent requests move the money once. A recovery the agent cannot
 * cover is refused (`insufficient_funds`) and changes nothing.
 */
export async function actOnLosing(deps: Deps, actor: LosingActor, action: LosingAction, settlementId: bigint, requestId: string): Promise<LosingActAnswer> {
  const scope = `losing:${actor.type}:${actor.id}`;
  const payload = { action, settlement_id: settlementId.toString() };
  return deps.db.tx(async (sql) => {
    const agentId = await repo.settlementAgent(sql, settlementId);
    if (agentId === undefined) throw notFound('No such settlement.', 'not_in_subtree');
    if (actor.type === 'agent' && (agentId === actor.id || !(await isInSubtree(sql, actor.id, agentId))))
      throw notFound('The settlement is not in your downline.', 'not_in_subtree');
    await lockMember(sql, agentId);
    const s = await repo.lockSettlement(sql, settlementId);
    const seen = await findRequestAnswer(sql, scope, requestId, payload);
    if (seen) return seen as LosingActAnswer;
    if (action === 'pay' ? s.status !== 'pending' || s.amount <= 0n : s.status !== 'paid') throw none();
    const sign = action === 'pay' ? 1n : -1n;
    const posted = await postTransaction(sql, deps.clock, {
      idempotencyKey: `losing:${action}:${s.id}`,
      kind: `commission.losing.${action}`,
      reason: { type: 'losing_settlement', id: s.id },
      memo: action === 'pay' ? '루징 정산 지급' : '루징 정산 회수',
      postings: [
        { account: { user: agentId, asset: 'money' }, amount: sign * s.amount },
        { account: { house: HOUSE.commissions, asset: 'money' }, amount: -sign * s.amount },
      ],
    }).catch((e: unknown) => {
      throw e instanceof AppError && e.code === 'insufficient_funds' ? insufficientFunds('The agent holds less than the settlement to recover.') : e;
    });
    // The settlement was in the state that allows this, so its key cannot have been used.
    if (posted.replayed) throw new Error(`losing settlement ${s.id} was already ${action === 'pay' ? 'paid' : 'recovered'}`);
    const by = `${actor.type}:${actor.id}`;
    if (action === 'pay') await repo.markPaid(sql, s.id, posted.transactionId, by, deps.clock.now());
    else await repo.markRecovered(sql, s.id, posted.transactionId, by, deps.clock.now());
    const answer: LosingActAnswer = {
      settlement_id: Number(s.id),
      status: action === 'pay' ? 'paid' : 'recovered',
      amount: s.amount.toString(),
      transaction_id: Number(posted.transactionId),
      agent_balance: (posted.balances.get(`${agentId}:money`) ?? 0n).toString(),
    };
    await writeAudit(sql, deps.clock, {
      actor,
      action: `losing.${action}`,
      target: `losing_settlement:${s.id}`,
      after: { agent_id: agentId.toString(), amount: s.amount.toString(), transaction_id: posted.transactionId.toString() },
    });
    await saveRequestAnswer(sql, scope, requestId, answer, deps.clock.now(), payload);
    return answer;
  });
}

/** Turns an agent's losing settlement on or off (role_setting.isOpenLosing), audited. */
export async function setLosingOpen(db: Db, clock: Clock, actor: Actor, userId: bigint, open: boolean) {
  return db.tx(async (sql: Sql) => {
    const member = await lockMember(sql, userId);
    if (!member) throw notFound('Member not found.', 'member_not_found');
    if (member.role === 'user') throw conflict('Only agents have losing settlements.', 'account_not_agent');
    const before = member.role_setting?.isOpenLosing === true;
    await sql.query(`UPDATE users SET role_setting = role_setting || jsonb_build_object('isOpenLosing', $2::boolean) WHERE id = $1`, [userId, open]);
    await writeAudit(sql, clock, {
      actor,
      action: 'losing.open',
      target: `user:${userId}`,
      before: { isOpenLosing: before },
      after: { isOpenLosing: open },
    });
    return { ok: true as const, isOpenLosing: open };
  });
}
