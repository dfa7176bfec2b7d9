import { createHash } from 'node:crypto';
import type { EntropyInputs } from '@wager/contracts';
import type { Sql } from '../../platform/db.ts';
import * as repo from './repo.ts';

/**
 * External entropy mixed into a draw (decision 019, recipe in decision 049): a value that nobody
 * knows before betting on the round closes. `fix` runs once, inside the transaction that closes
 * the round (after the last bet committed), and its answer is stored with its source's `name` and
 * published with the round. It must be deterministic for a round so a retried close stores the
 * same value.
 *
 * A real deployment can plug a public source here (a drand beacon round or a block hash whose time
 * is after `closesAt`); the draw and its verification do not change.
 */
export type EntropySource = {
  name: string;
  fix(sql: Sql, round: { game: string; number: number; closesAt: Date; chainId: bigint }): Promise<string>;
};

/**
 * The first recipe (rounds closed before decision 049 keep it): sha256 of the round's bet list
 * (`id:member:stake:market:pick`, comma-joined in id order). An empty round hashed the empty
 * string, the same value for every such round, and the list is not public.
 */
export const betListEntropy: EntropySource = {
  name: 'bet-list-sha256',
  fix: (sql, r) => repo.betListDigest(sql, r.game, String(r.number)),
};

export const CHAINED_ENTROPY = 'prev-close-bets-sha256';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The chained recipe, recomputable from public data (decision 049):
 *   bets    = sha256(the round's bet lines `id:stake:market:pick`, in id order, joined by "\n")
 *   entropy = sha256(previous + "\n" + closes_at + "\n" + bets)
 * where previous is the entropy of round n−1 of the game (the anchor of the round's chain when
 * there is no such round) and closes_at the round's closing time in ISO 8601 (UTC, milliseconds).
 */
export function chainedEntropyOf(inputs: Pick<EntropyInputs, 'previous' | 'closes_at' | 'bets'>) {
  return sha256(`${inputs.previous}\n${inputs.closes_at}\n${sha256(inputs.bets.join('\n'))}`);
}

/** The public inputs of the chained recipe for a round (read again when verifying it). */
export async function chainedInputs(sql: Sql, r: { game: string; number: number; closesAt: Date; chainId: bigint }): Promise<EntropyInputs> {
  const prev = await repo.roundByNumber(sql, r.game, r.number - 1);
  if (prev && prev.entropy === null) throw new Error(`${r.game} round ${r.number - 1} is not closed before round ${r.number}`);
  const previous = prev ? prev.entropy! : (await repo.getChain(sql, r.chainId)).anchor;
  return {
    previous,
    previous_from: prev ? 'round' : 'anchor',
    closes_at: r.closesAt.toISOString(),
    bets: await repo.betLines(sql, r.game, String(r.number)),
  };
}

/**
 * The default source: every round's entropy depends on the one before it, so a round nobody bet
 * on is no constant, and a player recomputes it from the verification call alone.
 */
export const chainedEntropy: EntropySource = {
  name: CHAINED_ENTROPY,
  fix: async (sql, r) => chainedEntropyOf(await chainedInputs(sql, r)),
};

/** The inputs the verification call publishes: only once the entropy is fixed, and only for the chained recipe. */
export async function publicEntropyInputs(sql: Sql, r: repo.RoundRow): Promise<EntropyInputs | null> {
  if (r.entropy === null || r.entropy_source !== CHAINED_ENTROPY) return null;
  return chainedInputs(sql, { game: r.game, number: Number(r.number), closesAt: r.closes_at, chainId: r.chain_id });
}
