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

/** Bets whose win never comes (an abandoned round) must not pile up: the oldest go first. */
const MAX_ENTRIES = 50_000;
const byDatabase = new WeakMap<object, Map<string, PlacedBet>>();

function entries(sql: Sql) {
  const home = homeOf(sql);
  let m = byDatabase.get(home);
  if (!m) byDatabase.set(home, (m = new Map()));
  return m;
}

const keyOf = (vendor: string, txUuid: string) => `${vendor}\u0000${txUuid}`;

export function rememberBet(sql: Sql, vendor: string, txUuid: string, bet: PlacedBet) {
  const m = entries(sql);
  if (m.size >= MAX_ENTRIES) m.delete(m.keys().next().value!);
  m.set(keyOf(vendor, txUuid), bet);
}

/** The bet under this vendor transaction id, if this process placed it for this member; forgotten once taken (its first win). */
export function takeBet(sql: Sql, vendor: string, txUuid: string, userId: bigint): PlacedBet | undefined {
  const m = entries(sql);
  const k = keyOf(vendor, txUuid);
  const b = m.get(k);
  if (!b) return undefined;
  m.delete(k);
  return b.userId === userId ? b : undefined;
}
