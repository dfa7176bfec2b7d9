import type { Sql } from '../../platform/db.ts';

export type RankingRow = {
  user_id: bigint;
  account: string;
  nickname: string;
  parent_account: string | null;
  stake: bigint;
  win: bigint;
  deposit: bigint;
};

/**
 * The admin's real-time member ranking (issue 19, decision 040): the top members of a KST day
 * range by stake or payout (the day rows the commission drain folds, game type `all`) or by
 * approved charges (the money desk's rows). The order's figure is summed first and cut to
 * `limit`; the other two figures are read for those members only.
 */
export async function memberRanking(sql: Sql, by: 'stake' | 'win' | 'deposit', r: { from: string; to: string; start: Date; end: Date }, limit: number) {
  const top =
    by === 'deposit'
      ? `SELECT b.user_id AS member_id, sum(b.amount) AS v FROM bank_requests b JOIN users x ON x.id = b.user_id AND x.role = 'user'
          WHERE b.type = 'charge' AND b.status IN ('approved', 'completed') AND b.processed_at >= $3 AND b.processed_at < $4
          GROUP BY b.user_id ORDER BY v DESC, b.user_id LIMIT $5`
      : `SELECT m.member_id, sum(m.${by === 'stake' ? 'bet_amount' : 'win_amount'}) AS v FROM stat_member_days m
          WHERE m.game_type = 'all' AND m.day BETWEEN $1::date AND $2::date
          GROUP BY m.member_id ORDER BY v DESC, m.member_id LIMIT $5`;
  const q = `
    WITH top AS (${top})
    SELECT u.id AS user_id, u.account, u.nickname, p.account AS parent_account,
      coalesce((SELECT sum(m.bet_amount) FROM stat_member_days m WHERE m.member_id = u.id AND m.game_type = 'all' AND m.day BETWEEN $1::date AND $2::date), 0) AS stake,
      coalesce((SELECT sum(m.win_amount) FROM stat_member_days m WHERE m.member_id = u.id AND m.game_type = 'all' AND m.day BETWEEN $1::date AND $2::date), 0) AS win,
      coalesce((SELECT sum(b.amount) FROM bank_requests b WHERE b.user_id = u.id AND b.type = 'charge' AND b.status IN ('approved', 'completed')
                  AND b.processed_at >= $3 AND b.processed_at < $4), 0) AS deposit
    FROM top JOIN users u ON u.id = top.member_id LEFT JOIN users p ON p.id = u.parent_id
    WHERE top.v > 0
    ORDER BY top.v DESC, u.id`;
  const rows = (await sql.query<Record<string, unknown>>(q, [r.from, r.to, r.start, r.end, limit])).rows;
  return rows.map((x): RankingRow => ({
    user_id: BigInt(x.user_id as bigint),
    account: x.account as string,
    nickname: x.nickname as string,
    parent_account: (x.parent_account as string | null) ?? null,
    stake: BigInt(x.stake as bigint),
    win: BigInt(x.win as bigint),
    deposit: BigInt(x.deposit as bigint),
  }));
}
