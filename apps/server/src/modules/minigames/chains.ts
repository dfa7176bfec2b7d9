import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { chainFrom, newSeed } from '../../platform/fair.ts';
import type { GameDef } from './games/types.ts';
import * as repo from './repo.ts';

/** A chain holds one day of rounds (at least 200), so a day's draws use one published anchor. */
export const chainLength = (g: GameDef) => Math.max(200, Math.ceil(86_400 / g.intervalSeconds));

/**
 * The chain that covers round `number`, made (and so published) now when there is none; when the
 * covering chain is three-quarters used, the next one is published too, long before its first
 * round opens.
 */
export async function chainFor(sql: Sql, deps: Pick<Deps, 'clock' | 'rng'>, g: GameDef, number: number) {
  let chain = await repo.chainCovering(sql, g.key, number);
  if (!chain) {
    // Rounds are made in increasing number, so an uncovered one lies after every chain (a
    // downtime longer than a chain leaves a gap and the new chain starts at this round).
    await publish(sql, deps, g, number);
    chain = await repo.chainCovering(sql, g.key, number);
    if (!chain) throw new Error(`no seed chain covers ${g.key} round ${number}`);
  }
  const end = Number(chain.first_number) + chain.length;
  if (end - number < chain.length / 4 && !(await repo.chainCovering(sql, g.key, end))) await publish(sql, deps, g, end);
  return chain;
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
