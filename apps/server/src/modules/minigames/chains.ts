import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { chainFrom, newSeed } from '../../platform/fair.ts';
import type { GameDef } from './games/types.ts';
import * as repo from './repo.ts';

/** A chain holds one day of rounds (at least 200), so a day's draws use one published anchor. */
export const chainLength = (g: GameDef) => Math.max(200, Math.ceil(86_400 / g.intervalSeconds));

/**
 * Publishes ahead (decision 049): a chain covering round `next` (the round after the one taking
 * bets now) exists once this returns, so its commitment predates that round's opening; when that
 * chain is three-quarters used, the following one is published too.
 */
export async function publishAhead(sql: Sql, deps: Pick<Deps, 'clock' | 'rng'>, g: GameDef, next: number) {
  let chain = await repo.chainCovering(sql, g.key, next);
  if (!chain) {
    // Chains are published in increasing number, so an uncovered round lies after every chain (a
    // downtime longer than a chain leaves a gap and the new chain starts at this round).
    await publish(sql, deps, g, next);
    chain = await repo.chainCovering(sql, g.key, next);
    if (!chain) throw new Error(`no seed chain covers ${g.key} round ${next}`);
  }
  const end = Number(chain.first_number) + chain.length;
  if (end - next < chain.length / 4 && !(await repo.chainCovering(sql, g.key, end))) await publish(sql, deps, g, end);
}

/**
 * The chain a round may use: one covering it that was published before the round opened. None
 * means the round never had a commitment while it took bets (the server was not running), so it
 * is not made.
 */
export async function committedChain(sql: Sql, g: GameDef, number: number, opensAt: Date) {
  const chain = await repo.chainCovering(sql, g.key, number);
  return chain && chain.published_at < opensAt ? chain : undefined;
}

async function publish(sql: Sql, deps: Pick<Deps, 'clock' | 'rng'>, g: GameDef, first: number) {
  const length = chainLength(g);
  const secret = newSeed(deps.rng);
  const anchor = chainFrom(secret, length)[0];
  await repo.insertChain(sql, { game: g.key, first_number: BigInt(first), length, anchor, secret_seed: secret, published_at: deps.clock.now() });
}

// Hashing a day's chain takes a few milliseconds; keep the newest ones.
const seeds = new Map<string, string[]>();

/** The seed of use `index` of a chain (seed k of decision 019). */
export function seedOf(chain: repo.ChainRow, index: number) {
  const key = `${chain.secret_seed}:${chain.length}`;
  let all = seeds.get(key);
  if (!all) {
    all = chainFrom(chain.secret_seed, chain.length);
    seeds.set(key, all);
    if (seeds.size > 64) seeds.delete(seeds.keys().next().value!);
  }
  return all[index];
}
