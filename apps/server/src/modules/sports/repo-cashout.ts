import type { Sql } from '../../platform/db.ts';
import type { OutcomeResult } from './grading.ts';

/** One leg of a member's sports bet with its outcome as it stands now (cash-out pricing, decision 048). */
export type CashoutLegRow = {
  bet_id: bigint;
  status: string;
  amount: bigint;
  potential_win: bigint;
  settle_count: number;
  board: string;
  idx: number;
  fixture_id: bigint;
  placed: string;
  result: OutcomeResult | null;
  dead_heat: string | null;
  odds: string;
  active: boolean;
  market_status: string;
  fixture_status: string;
  on_sale: boolean;
  bet_stop: boolean;
};

/** The member's sports bets among `betIds` with every leg (bet order, then leg order). */
export async function cashoutLegs(sql: Sql, userId: bigint, betIds: bigint[]) {
  return (
    await sql.query<CashoutLegRow>(
      `SELECT b.id AS bet_id, b.status, b.amount, b.potential_win, b.settle_count, sb.board, s.idx, s.fixture_id, s.odds::text AS placed,
              o.result, o.dead_heat_factor::text AS dead_heat, o.odds::text AS odds, o.active, m.status AS market_status,
              f.status AS fixture_status, f.on_sale, f.bet_stop
         FROM bets b JOIN sports_bets sb ON sb.bet_id = b.id JOIN sports_bet_selections s ON s.bet_id = b.id
         JOIN outcomes o ON o.id = s.outcome_id JOIN markets m ON m.id = s.market_id JOIN fixtures f ON f.id = s.fixture_id
        WHERE b.id = ANY($1::bigint[]) AND b.user_id = $2 AND b.game_type = 'sports'
        ORDER BY b.id, s.idx`,
      [betIds.map(String), userId],
      'sports_cashout_legs',
    )
  ).rows;
}
