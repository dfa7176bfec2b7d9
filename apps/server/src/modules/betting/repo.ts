import type { Sql } from '../../platform/db.ts';

export type BetRowDb = {
  id: bigint;
  user_id: bigint;
  game_type: 'sports' | 'minigame' | 'casino' | 'slot';
  game: string;
  vendor: string | null;
  round: string | null;
  bet_type: 'single' | 'combo';
  selections: { name: string; market?: string; pick: string; odds: string; result?: string }[];
  odds: string;
  amount: bigint;
  potential_win: bigint;
  win_amount: bigint;
  status: 'open' | 'won' | 'lost' | 'draw' | 'cancelled' | 'void';
  request_id: string;
  money_before: bigint;
  money_after: bigint;
  created_at: Date;
  settled_at: Date | null;
  settled_tx: bigint | null;
  settle_count: number;
  cancelled_by: 'player' | 'admin' | 'feed' | 'system' | null;
};

export async function findByRequest(sql: Sql, userId: bigint, requestId: string) {
  return (await sql.query<BetRowDb>('SELECT * FROM bets WHERE user_id = $1 AND request_id = $2', [userId, requestId], 'bets_by_request')).rows[0];
}

export type NewBetRow = Omit<
  BetRowDb,
  'id' | 'win_amount' | 'status' | 'settled_at' | 'money_before' | 'money_after' | 'settled_tx' | 'settle_count' | 'cancelled_by'
>;

/**
 * The bet insert as an attached row of the stake's ledger statement (ledger `Attached`): one
 * round trip for both; money before/after come from the player's posting (`done`).
 */
export function insertAttached(b: NewBetRow) {
  return {
    name: 'bets_insert',
    text: `INSERT INTO bets (user_id, game_type, game, vendor, round, bet_type, selections, odds, amount, potential_win, request_id, money_before, money_after, created_at)
       SELECT $1::bigint, $2::text, $3::text, $4::text, $5::text, $6::text, $7::jsonb, $8::numeric, $9::bigint, $10::bigint, $11::text, done.before, done.after, $12::timestamptz FROM done
       RETURNING id AS bet_id, odds::text AS bet_odds, money_before AS bet_money_before, money_after AS bet_money_after,
         user_id AS owner_id, request_id AS bet_request_id`,
    params: [
      b.user_id,
      b.game_type,
      b.game,
      b.vendor,
      b.round,
      b.bet_type,
      JSON.stringify(b.selections),
      b.odds,
      b.amount,
      b.potential_win,
      b.request_id,
      b.created_at,
    ],
  };
}

/**
 * The bets of a batch as the attached row of ledger `transferBatch`: one array per column, the
 * bet of item `i` at position `i`; only the posted items (`done`) are inserted. Returns the
 * member (`owner_id`) and the request id so each row finds its bet.
 */
export function insertAttachedMany(bets: NewBetRow[]) {
  const col = <T>(f: (b: NewBetRow) => T) => bets.map(f);
  return {
    name: 'bets_many',
    text: `INSERT INTO bets (user_id, game_type, game, vendor, round, bet_type, selections, odds, amount, potential_win, request_id, money_before, money_after, created_at)
       SELECT b.user_id, b.game_type, b.game, b.vendor, b.round, b.bet_type, b.selections::jsonb, b.odds, b.amount, b.potential_win, b.request_id, done.before, done.after, b.created_at
       FROM done JOIN unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::numeric[], $9::bigint[], $10::bigint[], $11::text[], $12::timestamptz[])
         WITH ORDINALITY AS b(user_id, game_type, game, vendor, round, bet_type, selections, odds, amount, potential_win, request_id, created_at, i) ON b.i = done.i
       RETURNING user_id AS owner_id, request_id AS bet_request_id, id AS bet_id, odds::text AS bet_odds, money_before AS bet_money_before, money_after AS bet_money_after`,
    params: [
      col((b) => String(b.user_id)),
      col((b) => b.game_type),
      col((b) => b.game),
      col((b) => b.vendor),
      col((b) => b.round),
      col((b) => b.bet_type),
      col((b) => JSON.stringify(b.selections)),
      col((b) => b.odds),
      col((b) => String(b.amount)),
      col((b) => String(b.potential_win)),
      col((b) => b.request_id),
      col((b) => b.created_at),
    ],
  };
}

/** The inserted bet from what was sent and what the attached insert returned. */
export function attachedRow(b: NewBetRow, r: Record<string, unknown> | undefined): BetRowDb {
  if (!r || typeof r.bet_id !== 'bigint') throw new Error('the bet insert returned no row');
  return {
    ...b,
    id: r.bet_id,
    odds: r.bet_odds as string,
    money_before: r.bet_money_before as bigint,
    money_after: r.bet_money_after as bigint,
    win_amount: 0n,
    status: 'open',
    settled_at: null,
    settled_tx: null,
    settle_count: 0,
    cancelled_by: null,
  };
}

export async function lock(sql: Sql, id: bigint) {
  return (await sql.query<BetRowDb>('SELECT * FROM bets WHERE id = $1 FOR UPDATE', [id])).rows[0];
}

export async function settle(sql: Sql, id: bigint, status: string, winAmount: bigint, at: Date, selections?: unknown) {
  return (
    await sql.query<BetRowDb>(
      `UPDATE bets SET status = $2, win_amount = $3, settled_at = $4, selections = coalesce($5::jsonb, selections) WHERE id = $1 RETURNING *`,
      [id, status, winAmount, at, selections === undefined ? null : JSON.stringify(selections)],
    )
  ).rows[0];
}

export async function byId(sql: Sql, id: bigint) {
  return (await sql.query<BetRowDb>('SELECT * FROM bets WHERE id = $1', [id])).rows[0];
}

export async function get(sql: Sql, userId: bigint, id: bigint) {
  return (await sql.query<BetRowDb>('SELECT * FROM bets WHERE id = $1 AND user_id = $2', [id, userId])).rows[0];
}

export async function history(sql: Sql, userId: bigint, f: { gameType?: string; status?: string; from: Date; to: Date }, skip: number, limit: number) {
  const where = `WHERE user_id = $1 AND created_at >= $2 AND created_at < $3 AND ($4::text IS NULL OR game_type = $4) AND ($5::text IS NULL OR status = $5)`;
  const params = [userId, f.from, f.to, f.gameType ?? null, f.status ?? null];
  const rows = (await sql.query<BetRowDb>(`SELECT * FROM bets ${where} ORDER BY id DESC OFFSET $6 LIMIT $7`, [...params, skip, limit])).rows;
  const sum = (
    await sql.query<{ n: number; amount: bigint | null; win: bigint | null }>(
      `SELECT count(*)::int AS n, sum(amount)::bigint AS amount, sum(win_amount)::bigint AS win FROM bets ${where}`,
      params,
    )
  ).rows[0];
  return { rows, total: sum.n, amount: sum.amount ?? 0n, win: sum.win ?? 0n };
}

export type LockedBet = Pick<BetRowDb, 'id' | 'user_id' | 'game_type' | 'game' | 'amount' | 'potential_win' | 'win_amount' | 'status'> & {
  settle_count: number;
};

/** Locks bets in id order (every settler locks in the same order, so batches never deadlock). */
export async function lockMany(sql: Sql, ids: bigint[]) {
  return (
    await sql.query<LockedBet>(
      `SELECT id, user_id, game_type, game, amount, potential_win, win_amount, status, settle_count FROM bets
       WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
      [ids.map(String)],
      'bets_lock_many',
    )
  ).rows;
}

/** Writes a batch of settlements (or re-openings: status 'open', win 0, no settled_at). */
export async function writeSettlements(
  sql: Sql,
  rows: { id: bigint; status: string; win: bigint; selections: string | null; cancelledBy: string | null }[],
  at: Date | null,
  tx: bigint | null,
  countStep: number,
) {
  await sql.query(
    `UPDATE bets b SET status = u.status, win_amount = u.win, settled_at = $6::timestamptz, settled_tx = $7::bigint,
       settle_count = b.settle_count + $8::int, selections = coalesce(u.selections, b.selections), cancelled_by = u.cancelled_by
     FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::jsonb[], $5::text[]) AS u(id, status, win, selections, cancelled_by)
     WHERE b.id = u.id`,
    [
      rows.map((r) => String(r.id)),
      rows.map((r) => r.status),
      rows.map((r) => String(r.win)),
      rows.map((r) => r.selections),
      rows.map((r) => r.cancelledBy),
      at,
      tx === null ? null : String(tx),
      countStep,
    ],
    'bets_write_settlements',
  );
}
