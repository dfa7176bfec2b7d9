import type { Clock } from '../../platform/clock.ts';
import { afterCommit, homeOf, type Db, type Sql } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { announceFixtures } from './catalogue.ts';
import type { FixtureResult } from './grading.ts';
import * as repo from './repo-results.ts';
import { gradeFromFixtureResult, runSettleQueue } from './settlement.ts';

/**
 * Admin result management (spec §4 result entry): enter, re-enter, modify, cancel all,
 * recalculate, roll back; fixture on sale / release stopped, manual / automatic. Each call is
 * one transaction (fixture lock, result, outcome grades, a settle-queue item, the entry history
 * and the audit row); the queue item is then worked at once for up to a few seconds and the job
 * finishes the rest (decision 018).
 */

export type ResultMode = 'enter' | 'reenter' | 'modify';
const SETTLE_BUDGET_MS = 3_000;

type Done = { queueId: bigint; finished: boolean };

/** Locks the fixture and, once the transaction commits, drops it from the member lists' snapshot (it changes). */
async function lockExisting(sql: Sql, fixtureId: bigint) {
  const f = await repo.lockFixture(sql, fixtureId);
  if (!f) throw notFound('The match does not exist.', 'sports_fixture_not_found');
  afterCommit(sql, () => announceFixtures(homeOf(sql), [fixtureId], false));
  return f;
}

function checkResult(r: FixtureResult) {
  const ok = (s: { home: number; away: number }) => Number.isInteger(s.home) && Number.isInteger(s.away) && s.home >= 0 && s.away >= 0;
  if (!ok(r)) throw badRequest('Scores must be whole numbers of 0 or more.', 'result', 'sports_result_invalid');
  const periods = Array.isArray(r.periods) ? r.periods : Object.values(r.periods ?? {});
  if (!periods.every(ok)) throw badRequest('Scores must be whole numbers of 0 or more.', 'result', 'sports_result_invalid');
}

/**
 * What a recall of the fixture's paid bets would take back, per player, against what each
 * holds now: the admin sees the shortfall before forcing a re-entry or a cancel-all.
 */
export async function recallPreview(sql: Sql, fixtureId: bigint) {
  const rows = await repo.recallPreview(sql, fixtureId, ['won', 'draw', 'void']);
  return rows.map((r) => ({ ...r, missing: r.owed > r.held ? r.owed - r.held : 0n }));
}

async function refuseShortfall(sql: Sql, fixtureId: bigint, force: boolean) {
  if (force) return;
  const short = (await recallPreview(sql, fixtureId)).filter((r) => r.missing > 0n);
  if (short.length > 0)
    throw conflict('Some players no longer hold the winnings to recall; confirm with force to write the rest off.', 'sports_recall_shortfall', {
      count: short.length,
      amount: String(short.reduce((a, r) => a + r.missing, 0n)),
    });
}

/**
 * Idempotency of the result calls: the client's request id rides in the queue item's params;
 * under the fixture lock a repeat finds it and gets the first answer (its queue item). The same id
 * for another action is refused (409 idempotency_conflict).
 */
async function replayOf(sql: Sql, fixtureId: bigint, requestId: string | undefined, action: repo.QueueAction) {
  if (!requestId) return null;
  const item = await repo.itemByRequest(sql, fixtureId, requestId);
  if (!item) return null;
  if (item.action !== action) throw conflict('This request id was already used for another action.', 'idempotency_conflict');
  return item.id;
}

async function finish(db: Db, clock: Clock, queueId: bigint): Promise<Done> {
  const r = await runSettleQueue(db, clock, { onlyItem: queueId, budgetMs: SETTLE_BUDGET_MS });
  return { queueId, finished: r.done };
}

export async function enterResult(
  db: Db,
  clock: Clock,
  actor: Actor,
  fixtureId: bigint,
  result: FixtureResult,
  opts: { mode: ResultMode; force?: boolean; memo?: string; requestId?: string },
): Promise<Done> {
  checkResult(result);
  const queueId = await db.tx(async (sql) => {
    const f = await lockExisting(sql, fixtureId);
    const seen = await replayOf(sql, fixtureId, opts.requestId, opts.mode === 'reenter' ? 'resettle' : 'settle');
    if (seen !== null) return seen;
    if (f.status === 'cancelled') throw conflict('The match was cancelled.', 'sports_fixture_cancelled');
    if (opts.mode === 'enter' && f.result) throw conflict('A result was already entered; re-enter or modify it.', 'sports_result_exists');
    if (opts.mode !== 'enter' && !f.result) throw conflict('No result has been entered for this match yet.', 'sports_result_missing');
    if (opts.mode === 'reenter') await refuseShortfall(sql, fixtureId, opts.force === true);
    const at = clock.now();
    const version = await repo.writeFixtureResult(sql, fixtureId, result, 'admin', 'result', at);
    // Enter and re-enter grade every market afresh; modify only grades what is still open.
    await gradeFromFixtureResult(sql, clock, fixtureId, opts.mode !== 'modify');
    const action = opts.mode === 'reenter' ? 'resettle' : 'settle';
    const id = await repo.enqueue(sql, fixtureId, action, { by: 'admin', force: opts.force === true, request_id: opts.requestId }, `admin:${actor.id}`, at);
    await repo.insertEntry(sql, {
      fixtureId,
      action: opts.mode,
      result,
      version,
      actorType: actor.type,
      actorId: actor.id == null ? null : BigInt(actor.id),
      memo: opts.memo ?? null,
      queueId: id,
      at,
    });
    await writeAudit(sql, clock, { actor, action: `sports.result.${opts.mode}`, target: `fixture:${fixtureId}`, before: f.result, after: result });
    return id;
  });
  return finish(db, clock, queueId);
}

/**
 * Cancel all bets of a fixture. 'refund': bets not settled yet are cancelled with the stake
 * back (settled ones stand). 'recover': every bet is cancelled with the stake back, and a prize
 * already paid is recalled first (force writes off what a player no longer holds).
 */
export async function cancelFixture(
  db: Db,
  clock: Clock,
  actor: Actor,
  fixtureId: bigint,
  opts: { mode: 'refund' | 'recover'; force?: boolean; memo?: string; requestId?: string },
) {
  const queueId = await db.tx(async (sql) => {
    const f = await lockExisting(sql, fixtureId);
    const seen = await replayOf(sql, fixtureId, opts.requestId, opts.mode === 'refund' ? 'cancel_refund' : 'cancel_recover');
    if (seen !== null) return seen;
    if (opts.mode === 'recover') await refuseShortfall(sql, fixtureId, opts.force === true);
    const at = clock.now();
    await repo.setFixtureFlags(sql, fixtureId, { status: 'cancelled', onSale: false }, at);
    const action = opts.mode === 'refund' ? 'cancel_refund' : 'cancel_recover';
    const id = await repo.enqueue(sql, fixtureId, action, { by: 'admin', force: opts.force === true, request_id: opts.requestId }, `admin:${actor.id}`, at);
    await repo.insertEntry(sql, {
      fixtureId,
      action: `cancel_${opts.mode}`,
      result: null,
      version: f.result_version,
      actorType: actor.type,
      actorId: actor.id == null ? null : BigInt(actor.id),
      memo: opts.memo ?? null,
      queueId: id,
      at,
    });
    await writeAudit(sql, clock, {
      actor,
      action: `sports.cancel.${opts.mode}`,
      target: `fixture:${fixtureId}`,
      before: { status: f.status },
      after: { status: 'cancelled' },
    });
    return id;
  });
  return finish(db, clock, queueId);
}

/** Grades every market again from the stored result and settles again (after a market was fixed by hand). */
export async function recalculate(db: Db, clock: Clock, actor: Actor, fixtureId: bigint, opts: { force?: boolean; requestId?: string } = {}) {
  const queueId = await db.tx(async (sql) => {
    const f = await lockExisting(sql, fixtureId);
    const seen = await replayOf(sql, fixtureId, opts.requestId, 'resettle');
    if (seen !== null) return seen;
    if (!f.result) throw conflict('No result has been entered for this match yet.', 'sports_result_missing');
    await refuseShortfall(sql, fixtureId, opts.force === true);
    const at = clock.now();
    await gradeFromFixtureResult(sql, clock, fixtureId, true);
    const id = await repo.enqueue(sql, fixtureId, 'resettle', { by: 'admin', force: opts.force === true, request_id: opts.requestId }, `admin:${actor.id}`, at);
    await repo.insertEntry(sql, {
      fixtureId,
      action: 'recalculate',
      result: f.result,
      version: f.result_version,
      actorType: actor.type,
      actorId: actor.id == null ? null : BigInt(actor.id),
      memo: null,
      queueId: id,
      at,
    });
    await writeAudit(sql, clock, { actor, action: 'sports.result.recalculate', target: `fixture:${fixtureId}` });
    return id;
  });
  return finish(db, clock, queueId);
}

/** Fixture management: on sale / release stopped, manual / automatic. */
export async function setFixtureState(db: Db, clock: Clock, actor: Actor, fixtureId: bigint, s: { onSale?: boolean; managed?: 'auto' | 'manual' }) {
  return db.tx(async (sql) => {
    const f = await lockExisting(sql, fixtureId);
    const after = await repo.setFixtureFlags(sql, fixtureId, s, clock.now());
    await writeAudit(sql, clock, {
      actor,
      action: 'sports.fixture.state',
      target: `fixture:${fixtureId}`,
      before: { on_sale: f.on_sale, managed: f.managed },
      after: s,
    });
    return after;
  });
}

/** Settle-queue state of one fixture and its result history (the result screen's detail). */
export async function fixtureResultDetail(sql: Sql, fixtureId: bigint) {
  const f = await repo.fixtureById(sql, fixtureId);
  if (!f) throw notFound('The match does not exist.', 'sports_fixture_not_found');
  return { fixture: f, entries: await repo.entriesOf(sql, fixtureId), queue: await repo.queueOf(sql, fixtureId), recall: await recallPreview(sql, fixtureId) };
}
