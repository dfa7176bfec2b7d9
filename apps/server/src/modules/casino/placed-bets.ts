import { homeOf, type Sql } from '../../platform/db.ts';
import type { WalletTxRow } from './repo.ts';

/**
 * The seamless bets this process placed and whose win has not come yet (decision 021, "Hot
 * path"): what never changes about a bet (member, bet id, stake, game), so its win need not read
 * the bet's wallet row first. Not a balance and not a status: the win's statement checks the
 * wallet row and the bet again under their locks (open, this member's, this bet, this stake), so
 * a stale entry only sends the win down its careful path. A bet placed by another server process
 * is not here; its win reads the row, as every win did before.
 */
export type PlacedBet = { userId: bigint; betId: bigint; amount: bigint; gameType: WalletTxRow['game_type']; game: string };

/**
 * Bets whose win never comes here must not pile up: an abandoned round, or, in a cluster, a win
 * that another process received (about half of them behind a round-robin balancer). An entry
 * older than MAX_AGE_MS goes (a win comes within seconds of its bet; a later one only takes the
 * careful path), and past MAX_ENTRIES the oldest goes.
 */
const MAX_ENTRIES = 50_000;
const MAX_AGE_MS = 5 * 60_000;
type Entry = { bet: PlacedBet; at: number };
const byDatabase = new WeakMap<object, Map<string, Entry>>();

function entries(sql: Sql) {
  const home = homeOf(sql);
  let m = byDatabase.get(home);
  if (!m) byDatabase.set(home, (m = new Map()));
  return m;
}

const keyOf = (vendor: string, txUuid: string) => `${vendor}\u0000${txUuid}`;

export function rememberBet(sql: Sql, vendor: string, txUuid: string, bet: PlacedBet, now: number) {
  const m = entries(sql);
  // Entries are in the order they were made (a Map keeps insertion order): the old ones are first.
  for (const [k, e] of m) {
    if (m.size < MAX_ENTRIES && now - e.at < MAX_AGE_MS) break;
    m.delete(k);
  }
  m.set(keyOf(vendor, txUuid), { bet, at: now });
}

/** How many bets this process remembers (tests). */
export const rememberedBets = (sql: Sql) => entries(sql).size;

/** The bet under this vendor transaction id, if this process placed it for this member; forgotten once taken (its first win). */
export function takeBet(sql: Sql, vendor: string, txUuid: string, userId: bigint): PlacedBet | undefined {
  const m = entries(sql);
  const k = keyOf(vendor, txUuid);
  const e = m.get(k);
  if (!e) return undefined;
  m.delete(k);
  return e.bet.userId === userId ? e.bet : undefined;
}
