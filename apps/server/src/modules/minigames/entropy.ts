import type { Sql } from '../../platform/db.ts';
import * as repo from './repo.ts';

/**
 * External entropy mixed into a draw (decision 019): a value that nobody, the operator included,
 * knows before betting on the round closes. `fix` runs once, inside the transaction that closes
 * the round (after the last bet committed), and its answer is stored and published with the
 * round. It must be deterministic for a round so a retried close stores the same value.
 *
 * A real deployment plugs a public source here: a drand beacon round or a blockchain block hash
 * whose time is after `closesAt` (fetch it, store it with its reference). The built-in source
 * hashes the round's own bet list at closing, which the players fix and the operator cannot
 * predict without betting into the round itself.
 */
export type EntropySource = {
  name: string;
  fix(sql: Sql, round: { game: string; number: number; closesAt: Date }): Promise<string>;
};

export const betListEntropy: EntropySource = {
  name: 'bet-list-sha256',
  fix: (sql, r) => repo.betListDigest(sql, r.game, String(r.number)),
};
