import type { BetRow } from '@wager/contracts';
import type { Sql } from '../../platform/db.ts';
import { memberPostings } from '../ledger/index.ts';
import type { BetRowDb } from './repo.ts';

/**
 * What a history row needs from the modules that own the games (decision 045). Betting imports
 * neither (both import betting), so app.ts hands these in: the mini games' round of the day and
 * the casino vendors' names for themselves and their games.
 */
export type BetNames = {
  /** A mini game's round of the day for its round number, or null for an unknown game. */
  roundOfDay(game: string, round: string, offsetMinutes: number): number | null;
  /** A vendor's name and its name for a game code, or null when the vendor or the game is unknown. */
  casinoGame(vendor: string, game: string): { vendor: string; game: string | null } | null;
  /** Each sports selection's fixture teams in `lang`, by bet and selection index (its place in `selections`). */
  sportsFixtures(sql: Sql, betIds: bigint[], lang: string): Promise<{ bet_id: bigint; idx: number; home: string; away: string }[]>;
};

/** Statuses that are their own result (a cash-out is paid its price, whatever it was). */
const AS_IS: ReadonlySet<string> = new Set(['open', 'lost', 'void', 'cancelled', 'cashout']);

type ResultOf = Pick<BetRowDb, 'game_type' | 'status' | 'amount' | 'win_amount'>;

/**
 * A bet's result in words (decision 045). The stake back whole is a refund (a baccarat tie, a push,
 * a drawn mini-game market), not a win; a payout below the stake is partial (a half-lost line).
 * A slot spin has no stake to refund: any payout is a win of that spin.
 */
export function resultOf(b: ResultOf): BetRow['result'] {
  if (AS_IS.has(b.status)) return b.status as BetRow['result'];
  if (b.status === 'draw') return 'refund';
  if (b.win_amount === 0n) return 'lost';
  if (b.game_type === 'slot' || b.win_amount > b.amount) return 'won';
  return b.win_amount === b.amount ? 'refund' : 'partial';
}

/**
 * The balances of each bet from the ledger: before = the member's money just before the stake's
 * posting; after = just after the bet's settlement posting when that paid the member, else after
 * the stake (a lost bet moves nothing more). Two references per bet, one read for the page.
 */
async function ledgerBalances(sql: Sql, bets: BetRowDb[]) {
  const refs = bets.flatMap((b) => [
    { userId: b.user_id, txId: null, key: `bet:place:${b.user_id}:${b.request_id}` },
    { userId: b.user_id, txId: b.status === 'open' ? null : b.settled_tx, key: null },
  ]);
  const found = await memberPostings(sql, 'money', refs);
  return bets.map((b, k) => {
    const stake = found[2 * k];
    const settle = b.settled_tx === null || b.status === 'open' ? null : found[2 * k + 1];
    return { before: stake?.before ?? b.money_before, after: settle?.after ?? stake?.after ?? b.money_after };
  });
}

/**
 * The selections of the sports bets among `bets` named in `lang` ("home vs away" as the slip
 * names them at placement, when every team had only the name in the placer's language).
 */
async function sportsSelections(sql: Sql, bets: BetRowDb[], names: BetNames | undefined, lang: string | undefined) {
  const ids = bets.filter((b) => b.game_type === 'sports').map((b) => b.id);
  if (!names || !lang || ids.length === 0) return new Map<string, string>();
  const rows = await names.sportsFixtures(sql, ids, lang);
  return new Map(rows.map((r) => [`${r.bet_id}:${r.idx}`, `${r.home} vs ${r.away}`]));
}

/** The history rows of `bets` (any family), named (in `lang` when given) and with ledger balances. */
export async function historyRows(
  sql: Sql,
  bets: BetRowDb[],
  toRow: (b: BetRowDb) => BetRow,
  names: BetNames | undefined,
  offsetMinutes: number,
  lang?: string,
) {
  const [balances, fixtures] = await Promise.all([ledgerBalances(sql, bets), sportsSelections(sql, bets, names, lang)]);
  return bets.map((b, k): BetRow => {
    const casino = (b.game_type === 'casino' || b.game_type === 'slot') && b.vendor ? (names?.casinoGame(b.vendor, b.game) ?? null) : null;
    const row = toRow(b);
    return {
      ...row,
      selections: fixtures.size ? row.selections.map((sel, i) => ({ ...sel, name: fixtures.get(`${b.id}:${i}`) ?? sel.name })) : row.selections,
      day_round: b.game_type === 'minigame' && b.round !== null ? (names?.roundOfDay(b.game, b.round, offsetMinutes) ?? null) : null,
      vendor_name: casino?.vendor ?? null,
      game_name: casino?.game ?? null,
      money_before: balances[k].before.toString(),
      money_after: balances[k].after.toString(),
    };
  });
}
