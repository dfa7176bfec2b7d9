/**
 * The "commissions on" half of the bench (issue 18): the same members put under a six-tier agent
 * chain with a rolling rate on every game type, and the commission drain running on its own
 * interval, as `npm start` runs it, while a figure is measured. "Off" is the figure measured before
 * that: members with no agent above them and no drain (betting still writes its outbox rows, that
 * cost is the bet path's own and sits in both).
 */
import type { Db } from '../apps/server/src/platform/db.ts';
import type { Deps } from '../apps/server/src/platform/deps.ts';
import { startJobs } from '../apps/server/src/platform/jobs.ts';
import { drain, jobs as commissionJobs } from '../apps/server/src/modules/commissions/index.ts';
import { CHAIN_ROLES } from '../apps/server/src/test/agent-chain.ts';

// Top first; each tier below keeps a part, the shop the last one. Percent, as rolling_json holds it.
const TOP_DOWN = [1.5, 1.2, 1.0, 0.8, 0.5, 0.3];
const ROLLING_KEYS = [
  'sports_single_percent',
  'sports_percent',
  'minigame_percent',
  'powerball_single_percent',
  'powerball_multiple_percent',
  'casino_percent',
  'slot_percent',
];

/** Six agents, top HQ to shop, with a rolling rate on every game type; the shop's id last. */
export async function sixTierChain(db: Db, prefix: string): Promise<bigint[]> {
  const agents: bigint[] = [];
  for (const [i, pct] of TOP_DOWN.entries()) {
    const rolling = Object.fromEntries(ROLLING_KEYS.map((k) => [k, pct]));
    const account = `${prefix}${i}`;
    const r = await db.query<{ id: bigint }>(
      `INSERT INTO users (account, password_hash, nickname, role, status, parent_id, rolling_json)
       VALUES ($1, 'x', $1, $2, 'normal_a', $3, $4::jsonb) RETURNING id`,
      [account, CHAIN_ROLES[i], agents.at(-1) ?? null, JSON.stringify(rolling)],
    );
    agents.push(r.rows[0].id);
  }
  return agents;
}

/** Puts `members` under `parent` (the tree's triggers keep the closure table). */
export async function placeUnder(db: Db, parent: bigint, members: bigint[]) {
  await db.query('UPDATE users SET parent_id = $1 WHERE id = ANY($2::bigint[])', [parent, members.map(String)]);
}

/** Takes `members` out from under any agent ("commissions off": nobody above them earns). */
export async function detach(db: Db, members: bigint[]) {
  await db.query('UPDATE users SET parent_id = NULL WHERE id = ANY($1::bigint[])', [members.map(String)]);
}

export type DrainWitness = { pendingAfter: number; catchUpSeconds: number; accruals: number };

/**
 * Runs `fn` with the commission drain started as the server starts it; then times how long the
 * drain takes to empty the outbox the figure left behind (the "credited within 5 s" of issue 18).
 */
export async function withCommissionDrain<T>(deps: Deps, fn: () => Promise<T>): Promise<{ result: T; witness: DrainWitness }> {
  const stop = startJobs(commissionJobs(deps), { error: (obj, msg) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`) });
  let result: T;
  try {
    result = await fn();
  } finally {
    await stop();
  }
  const pendingAfter = await outboxRows(deps.db);
  const t = performance.now();
  await drainBacklog(deps);
  const catchUpSeconds = (performance.now() - t) / 1000;
  const accruals = (await deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM commission_accruals')).rows[0].n;
  return { result, witness: { pendingAfter, catchUpSeconds, accruals } };
}

/** Drains the outbox empty (as a running platform's drain would have done all along). */
export async function drainBacklog(deps: Deps) {
  while ((await outboxRows(deps.db)) > 0) await drain(deps.db, deps.clock);
}

async function outboxRows(db: Db) {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bet_outbox')).rows[0].n;
}
